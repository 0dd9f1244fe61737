package io.github.wscache.petshop.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.github.wscache.petshop.Deployment;
import io.github.wscache.petshop.Fixtures;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
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
 * A real browser (headless Chromium from Debian) signs in, browses home, category, product,
 * adds to the cart and checks out on F0. Fails, never skips, when Chromium is missing.
 */
class BrowserTest {

    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    /** Debian's Chromium is newer than Selenium's CDP bindings; no CDP is used, so hush. */
    private static final Logger SELENIUM_LOG = Logger.getLogger("org.openqa.selenium");

    static {
        SELENIUM_LOG.setLevel(Level.SEVERE);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Deployment.Kind.class, names = {"F0", "FPROXY"})
    void browser_signsIn_browses_addsToCart_andChecksOut(Deployment.Kind kind) throws Exception {
        if (!Files.isExecutable(CHROMEDRIVER) || !Files.isExecutable(CHROMIUM)) {
            fail("the browser test needs " + CHROMIUM + " and " + CHROMEDRIVER
                    + ": install them with 'apt-get install -y chromium chromium-driver'");
        }
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        Path profile = Files.createTempDirectory("petshop-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1200,900",
                "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        try (Deployment shop = Deployment.start(Fixtures.options(kind, 0))) {
            WebDriver web = new ChromeDriver(service, options);
            try {
                web.manage().timeouts().implicitlyWait(Duration.ofSeconds(5));
                String base = shop.clientUrl().toString();
                web.get(base);
                assertThat(web.getTitle()).isEqualTo("Pet Shop - Welcome");
                web.findElement(By.linkText("Sign in")).click();
                web.findElement(By.name("username")).sendKeys("j2ee");
                web.findElement(By.name("password")).sendKeys("petshop");
                web.findElement(By.id("signin")).click();
                assertThat(web.findElement(By.className("banner")).getText())
                        .contains("Dog days");
                web.findElement(By.cssSelector(".welcome a[href='/category?id=FISH']")).click();
                assertThat(web.findElement(By.id("category-FISH")).getText())
                        .contains("Angelfish");
                web.findElement(By.linkText("FI-SW-01")).click();
                web.findElement(By.cssSelector("button[value='EST-1']")).click();
                new WebDriverWait(web, Duration.ofSeconds(10))
                        .until(ExpectedConditions.urlMatches("/cart$"));
                assertThat(web.findElement(By.className("cart")).getText())
                        .contains("EST-1", "$16.50");
                assertThat(web.findElement(By.className("mylist")).getText())
                        .contains("Pet Favorites");
                web.findElement(By.linkText("Proceed to Checkout")).click();
                web.findElement(By.id("place-order")).click();
                assertThat(web.findElement(By.className("confirmation")).getText())
                        .contains("Thank you");
                assertThat(web.findElement(By.className("order")).getText())
                        .contains("EST-1", "Large Angelfish", "$16.50");
                File shot = ((TakesScreenshot) web).getScreenshotAs(OutputType.FILE);
                Path target = Path.of("target", "petshop-browser-checkout-" + kind.label()
                        + ".png");
                Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
                assertThat(Files.size(target)).isGreaterThan(1000);
            } finally {
                web.quit();
            }
        }
    }
}
