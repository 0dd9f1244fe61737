package io.github.wscache.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real browser (headless Chromium from Debian) searches, sees results, opens the dashboard,
 * searches again and sees the hit count rise. Fails, never skips, when Chromium is missing.
 */
class BrowserTest {
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    /** Debian's Chromium is newer than Selenium's CDP bindings; no CDP is used, so hush. */
    private static final Logger SELENIUM_LOG = Logger.getLogger("org.openqa.selenium");

    static {
        SELENIUM_LOG.setLevel(Level.SEVERE);
    }

    @Test
    void browser_searches_seesResults_andTheDashboardsHitCountRises() throws Exception {
        if (!Files.isExecutable(CHROMEDRIVER) || !Files.isExecutable(CHROMIUM)) {
            fail("the browser test needs " + CHROMIUM + " and " + CHROMEDRIVER
                    + ": install them with 'apt-get install -y chromium chromium-driver'");
        }
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        Path profile = Files.createTempDirectory("portal-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1200,900",
                "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        try (PortalDemo.Running demo = PortalDemo.start(0, 0, Duration.ZERO,
                Path.of("wscache.yaml"))) {
            WebDriver web = new ChromeDriver(service, options);
            try {
                web.manage().timeouts().implicitlyWait(Duration.ofSeconds(5));
                String base = demo.portal().url();
                web.get(base);
                web.findElement(By.id("q")).sendKeys("britney speers");
                web.findElement(By.id("go")).click();
                new WebDriverWait(web, Duration.ofSeconds(10))
                        .until(ExpectedConditions.presenceOfElementLocated(By.id("results")));
                assertThat(web.findElements(By.cssSelector("#results .r"))).hasSize(10);
                assertThat(web.findElement(By.id("suggestion")).getText())
                        .contains("britney spears");
                screenshot(web, "portal-browser-results.png");

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
                screenshot(web, "portal-browser-dashboard.png");

                web.findElement(By.cssSelector("#op-doGoogleSearch button.invalidate")).click();
                assertThat(web.findElement(By.cssSelector("#op-doGoogleSearch td.entries"))
                        .getText()).isEqualTo("0");
            } finally {
                web.quit();
            }
        }
    }

    private static long hits(WebDriver web) {
        return Long.parseLong(web.findElement(By.cssSelector("#op-doGoogleSearch td.hits"))
                .getText().trim());
    }

    private static void screenshot(WebDriver web, String name) throws Exception {
        File shot = ((TakesScreenshot) web).getScreenshotAs(OutputType.FILE);
        Path target = Path.of("target", name);
        Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
        assertThat(Files.size(target)).isGreaterThan(1000);
    }
}
