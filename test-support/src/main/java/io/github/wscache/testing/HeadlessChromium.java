package io.github.wscache.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium, headless, driven by Debian's ChromeDriver through Selenium, with a throw-away
 * profile. Selenium Manager never runs: the binary and the driver are given explicitly. Starting
 * fails (it does not skip) with the {@code apt-get} line when either is missing. Not thread-safe:
 * one test drives one browser.
 *
 * <pre>{@code
 * try (HeadlessChromium chromium = HeadlessChromium.start("portal")) {
 *     WebDriver web = chromium.web();
 *     web.get("http://127.0.0.1:8080/");
 *     Path png = chromium.screenshot("portal-home.png");
 * }
 * }</pre>
 */
public final class HeadlessChromium implements AutoCloseable {
    /** Where Debian's {@code chromium} package puts the browser. */
    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    /** Where Debian's {@code chromium-driver} package puts the driver. */
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    /** Debian's Chromium is newer than Selenium's CDP bindings; no CDP is used, so hush. */
    private static final Logger SELENIUM_LOG = Logger.getLogger("org.openqa.selenium");

    static {
        SELENIUM_LOG.setLevel(Level.SEVERE);
    }

    private final WebDriver web;
    private final Path profile;

    private HeadlessChromium(WebDriver web, Path profile) {
        this.web = web;
        this.profile = profile;
    }

    /**
     * Starts the browser with a new profile directory named after {@code name}, a 1200×900
     * window and a 5 s implicit wait.
     *
     * @throws IllegalStateException when Chromium or ChromeDriver is not installed
     */
    public static HeadlessChromium start(String name) throws IOException {
        if (!Files.isExecutable(CHROMEDRIVER) || !Files.isExecutable(CHROMIUM)) {
            throw new IllegalStateException("the browser test needs " + CHROMIUM + " and "
                    + CHROMEDRIVER + ": install them with"
                    + " 'apt-get install -y chromium chromium-driver'");
        }
        Path profile = Files.createTempDirectory(name + "-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1200,900",
                "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        WebDriver web = new ChromeDriver(service, options);
        web.manage().timeouts().implicitlyWait(Duration.ofSeconds(5));
        return new HeadlessChromium(web, profile);
    }

    /** The browser. */
    public WebDriver web() {
        return web;
    }

    /** Saves a screenshot of the page as {@code target/name} and returns its path. */
    public Path screenshot(String name) throws IOException {
        File shot = ((TakesScreenshot) web).getScreenshotAs(OutputType.FILE);
        Path target = Path.of("target", name);
        Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
        return target;
    }

    /** Quits the browser and deletes its profile. */
    @Override
    public void close() {
        try {
            web.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a temporary directory left behind is harmless
            }
        }
    }
}
