package io.github.wscache.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.HeadlessChromium;
import io.github.wscache.testkit.Waits;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real browser (headless Chromium from Debian) searches, sees results, opens the dashboard,
 * searches again and sees the hit count rise; and, after a few seconds of load, sees the
 * dashboard's charts drawn by its script. Fails, never skips, when Chromium is missing.
 */
class BrowserTest {
    @Test
    void browser_searches_seesResults_andTheDashboardsHitCountRises() throws Exception {
        try (PortalDemo.Running demo = PortalDemo.start(0, 0, Duration.ZERO,
                Path.of("wscache.yaml"));
                HeadlessChromium chromium = HeadlessChromium.start("portal")) {
            WebDriver web = chromium.web();
            String base = demo.portal().url();
            web.get(base);
            web.findElement(By.id("q")).sendKeys("britney speers");
            web.findElement(By.id("go")).click();
            new WebDriverWait(web, Duration.ofSeconds(10))
                    .until(ExpectedConditions.presenceOfElementLocated(By.id("results")));
            assertThat(web.findElements(By.cssSelector("#results .r"))).hasSize(10);
            assertThat(web.findElement(By.id("suggestion")).getText())
                    .contains("britney spears");
            screenshot(chromium, "portal-browser-results.png");

            web.findElement(By.linkText("Dashboard")).click();
            long before = hits(web);
            web.findElement(By.linkText("Search")).click();
            web.findElement(By.id("q")).sendKeys("britney speers");
            web.findElement(By.id("go")).click();
            new WebDriverWait(web, Duration.ofSeconds(10))
                    .until(ExpectedConditions.presenceOfElementLocated(By.id("results")));
            web.findElement(By.linkText("Dashboard")).click();
            assertThat(hits(web)).isEqualTo(before + 1);
            assertThat(demo.backend().requestCount("doGoogleSearch")).isEqualTo(1);
            screenshot(chromium, "portal-browser-dashboard.png");

            org.openqa.selenium.WebElement entries =
                    web.findElement(By.cssSelector("#op-doGoogleSearch td.entries"));
            web.findElement(By.cssSelector("#op-doGoogleSearch button.invalidate")).click();
            // the form posts and the dashboard comes back as a new page: wait for it. While the
            // old page goes, Chromium may answer for its element with "Node with given id does
            // not belong to the document" instead of a stale reference: gone all the same
            new WebDriverWait(web, Duration.ofSeconds(10)).until(d -> {
                try {
                    entries.isEnabled();
                    return false;
                } catch (WebDriverException gone) {
                    return true;
                }
            });
            String after = new WebDriverWait(web, Duration.ofSeconds(10))
                    .ignoring(WebDriverException.class)
                    .until(d -> d.findElement(By.cssSelector("#op-doGoogleSearch td.entries"))
                            .getText());
            assertThat(after).isEqualTo("0");
        }
    }

    @Test
    void adminPage_invalidateAll_asksFirst_andDoesNothingWhenTheAnswerIsNo() throws Exception {
        try (PortalDemo.Running demo = PortalDemo.start(0, 0, Duration.ZERO,
                Path.of("wscache.yaml"));
                HeadlessChromium chromium = HeadlessChromium.start("portal-admin")) {
            String base = demo.portal().url();
            HttpClient http = HttpClient.newHttpClient();
            get(http, base + "search?q=britney+speers");
            long stored = demo.portal().cache().stats().entryCount();
            assertThat(stored).isPositive();
            WebDriver web = chromium.web();
            web.get(base + "admin/");

            web.findElement(By.cssSelector("button.invalidate-all")).click();
            Alert ask = new WebDriverWait(web, Duration.ofSeconds(10))
                    .until(ExpectedConditions.alertIsPresent());
            assertThat(ask.getText()).startsWith("Invalidate every entry of ");
            ask.dismiss();
            assertThat(demo.portal().cache().stats().entryCount()).as("after no")
                    .isEqualTo(stored);

            web.findElement(By.cssSelector("button.invalidate-all")).click();
            new WebDriverWait(web, Duration.ofSeconds(10))
                    .until(ExpectedConditions.alertIsPresent()).accept();
            Waits.until("the cache emptied by the form",
                    () -> demo.portal().cache().stats().entryCount() == 0);
        }
    }

    @Test
    void dashboard_drawsLiveChartsFromTheMeters_callsHitRatioAndLatency() throws Exception {
        try (PortalDemo.Running demo = PortalDemo.start(0, 0, Duration.ZERO,
                Path.of("wscache.yaml"));
                HeadlessChromium chromium = HeadlessChromium.start("portal-charts")) {
            String base = demo.portal().url();
            HttpClient http = HttpClient.newHttpClient();
            long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            for (int i = 0; System.nanoTime() < end; i++) {
                get(http, base + "search?q=load+" + (i % 25));
                if (i % 5 == 0) {
                    get(http, base + "cached?url=http%3A%2F%2Fexample.org%2F" + (i % 7));
                }
            }
            // three samples at least: each line then has a marker of its own
            Waits.until("three samples of the meters", () -> demo.portal().telemetry()
                    .series().get("t") instanceof List<?> t && t.size() >= 3);
            WebDriver web = chromium.web();
            web.get(base + "dashboard");
            new WebDriverWait(web, Duration.ofSeconds(10)).until(ExpectedConditions
                    .attributeToBeNotEmpty(web.findElement(By.id("charts")), "data-drawn"));

            List<WebElement> calls = web.findElements(By.cssSelector("#chart-calls path.series"));
            assertThat(calls).extracting(e -> e.getAttribute("data-operation"))
                    .containsExactlyElementsOf(Representations.OPERATION_ORDER);
            assertThat(calls.get(0).getAttribute("d")).startsWith("M").contains("L");
            assertThat(web.findElements(By.cssSelector("#chart-ratio path.series"))).hasSize(3);
            assertThat(web.findElements(By.cssSelector("#chart-latency rect.hit")))
                    .hasSize(Telemetry.BUCKETS_MS.length + 1);
            assertThat(web.findElement(By.id("latency-numbers")).getText()).matches(
                    "hits: [1-9][0-9,]* calls, mean [0-9.]+ ms \u00B7 misses: [1-9][0-9,]* calls,"
                            + " mean [0-9.]+ ms");
            assertThat(web.findElement(By.id("legend-calls")).getText())
                    .contains("doGoogleSearch: ");
            // each search calls doGoogleSearch and doSpellingSuggestion once: the same numbers,
            // the same line. Each line has its own dash, marker shape and marker places, so
            // the one drawn last does not hide the other; the legend shows dash and marker
            @SuppressWarnings("unchecked")
            Map<String, List<Object>> markers = (Map<String, List<Object>>)
                    ((JavascriptExecutor) web).executeScript("var m = {};"
                    + "document.querySelectorAll('#chart-calls .marker').forEach(function (e) {"
                    + "  var b = e.getBBox(), op = e.getAttribute('data-operation');"
                    + "  (m[op] = m[op] || []).push(Math.round(b.x + b.width / 2)); });"
                    + "return m;");
            assertThat(markers.keySet()).containsExactlyInAnyOrderElementsOf(
                    Representations.OPERATION_ORDER);
            Set<Object> places = new HashSet<>();
            markers.values().forEach(xs -> assertThat(xs).allMatch(places::add));
            assertThat(calls).extracting(e -> e.getAttribute("stroke-dasharray"))
                    .doesNotHaveDuplicates();
            assertThat(web.findElements(By.cssSelector("#legend-calls svg.swatch")))
                    .hasSize(Representations.OPERATION_ORDER.size());
            screenshot(chromium, "portal-dashboard-charts.png");
        }
    }

    private static void get(HttpClient http, String url) throws Exception {
        HttpResponse<Void> r = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.discarding());
        assertThat(r.statusCode()).isEqualTo(200);
    }

    private static long hits(WebDriver web) {
        return Long.parseLong(web.findElement(By.cssSelector("#op-doGoogleSearch td.hits"))
                .getText().trim());
    }

    private static void screenshot(HeadlessChromium chromium, String name) throws Exception {
        assertThat(Files.size(chromium.screenshot(name))).isGreaterThan(1000);
    }
}
