package io.github.wscache.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testing.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real browser (headless Chromium from Debian) searches, sees results, opens the dashboard,
 * searches again and sees the hit count rise. Fails, never skips, when Chromium is missing.
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

            web.findElement(By.cssSelector("#op-doGoogleSearch button.invalidate")).click();
            assertThat(web.findElement(By.cssSelector("#op-doGoogleSearch td.entries"))
                    .getText()).isEqualTo("0");
        }
    }

    private static long hits(WebDriver web) {
        return Long.parseLong(web.findElement(By.cssSelector("#op-doGoogleSearch td.hits"))
                .getText().trim());
    }

    private static void screenshot(HeadlessChromium chromium, String name) throws Exception {
        assertThat(Files.size(chromium.screenshot(name))).isGreaterThan(1000);
    }
}
