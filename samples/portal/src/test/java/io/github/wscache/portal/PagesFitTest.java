package io.github.wscache.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.HeadlessChromium;
import io.github.wscache.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The pages a person looks at first fit a 1280×800 window: the results page, the dashboard
 * (charts drawn) and the admin page, each with traffic on it, the last two with the notice of a
 * broken policy edit. A screenshot of each is saved in {@code target/}; the test fails, naming
 * the elements, when the document scrolls sideways or any element's right edge is beyond
 * 1280 px.
 */
class PagesFitTest {
    private static final int WIDTH = 1280;
    private static final int HEIGHT = 800;

    /** Returns what sticks out to the right: the document's scroll width and each element. */
    private static final String OVERFLOW = "var w = arguments[0]; var out = [];"
            + "var d = document.documentElement;"
            + "if (d.scrollWidth > window.innerWidth) {"
            + "  out.push('document: scrollWidth ' + d.scrollWidth + ' > innerWidth '"
            + "    + window.innerWidth); }"
            + "document.querySelectorAll('body *').forEach(function (e) {"
            + "  var r = e.getBoundingClientRect();"
            + "  if (r.right > w + 0.5) {"
            + "    out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')"
            + "      + (typeof e.className === 'string' && e.className"
            + "        ? '.' + e.className.trim().split(/\\s+/).join('.') : '')"
            + "      + ' right ' + Math.round(r.right)); } });"
            + "return out;";

    @TempDir
    Path dir;

    @Test
    void resultsDashboardAndAdmin_fit1280PixelsWide() throws Exception {
        Path policy = dir.resolve("wscache.yaml");
        Files.copy(Path.of("wscache.yaml"), policy);
        try (PortalDemo.Running demo = PortalDemo.start(0, 0, Duration.ZERO, policy);
                HeadlessChromium chromium = HeadlessChromium.start("portal-fit")) {
            WebDriver web = chromium.web();
            String base = demo.portal().url();
            web.get(base);
            viewport(web);

            web.get(base + "search?q=britney+speers");
            web.get(base + "search?q=britney+speers");
            assertThat(web.findElements(By.cssSelector("#results .r"))).hasSize(10);
            web.get(base + "cached?url=http%3A%2F%2Fexample.org%2F");
            web.get(base + "search?q=britney+speers");
            List<String> overflow = new ArrayList<>();
            overflow.addAll(check(chromium, "results", "portal-fit-results.png"));

            // a broken edit: the dashboard and the admin page show it first, located
            Files.writeString(policy, Files.readString(policy)
                    .replaceFirst("ttl: 1h", "ttl: banana"));
            Waits.until("the watcher refused ttl: banana",
                    () -> demo.portal().admin().lastReloadFailure().isPresent());

            web.get(base + "dashboard");
            assertThat(web.findElement(By.id("reload-failure")).getText())
                    .contains(policy + ":14:10: 'ttl' must be a duration");
            new WebDriverWait(web, Duration.ofSeconds(10)).until(ExpectedConditions
                    .attributeToBeNotEmpty(web.findElement(By.id("charts")), "data-drawn"));
            overflow.addAll(check(chromium, "dashboard", "portal-fit-dashboard.png"));

            web.get(base + "admin/");
            assertThat(web.findElements(By.cssSelector("#operations tr"))).hasSizeGreaterThan(3);
            assertThat(web.findElement(By.id("alert-lastReloadFailure")).getText())
                    .startsWith("Last reload failed at ");
            overflow.addAll(check(chromium, "admin", "portal-fit-admin.png"));
            assertThat(overflow).as("what overflows %d px (screenshots: target/portal-fit-*.png)",
                    WIDTH).isEmpty();
        }
    }

    /** Sizes the window so that the page's viewport is 1280×800. */
    private static void viewport(WebDriver web) {
        web.manage().window().setSize(new Dimension(WIDTH, HEIGHT));
        long inner = (Long) ((JavascriptExecutor) web).executeScript(
                "return window.innerWidth;");
        long innerHeight = (Long) ((JavascriptExecutor) web).executeScript(
                "return window.innerHeight;");
        web.manage().window().setSize(new Dimension(2 * WIDTH - (int) inner,
                2 * HEIGHT - (int) innerHeight));
        assertThat((Long) ((JavascriptExecutor) web).executeScript("return window.innerWidth;"))
                .isEqualTo(WIDTH);
    }

    /** Saves a screenshot and returns what overflows, each line prefixed with the page. */
    private static List<String> check(HeadlessChromium chromium, String page, String png)
            throws Exception {
        Path shot = chromium.screenshot(png);
        assertThat(Files.size(shot)).isGreaterThan(1000);
        @SuppressWarnings("unchecked")
        List<String> out = (List<String>) ((JavascriptExecutor) chromium.web())
                .executeScript(OVERFLOW, WIDTH);
        return out.stream().map(line -> page + ": " + line).toList();
    }
}
