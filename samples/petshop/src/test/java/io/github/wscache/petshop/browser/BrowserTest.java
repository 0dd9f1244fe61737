package io.github.wscache.petshop.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.petshop.Deployment;
import io.github.wscache.petshop.Fixtures;
import io.github.wscache.testkit.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real browser (headless Chromium from Debian) signs in, browses home, category, product,
 * adds to the cart and checks out, on F0 and through the edge on Fproxy. Fails, never skips, when
 * Chromium is missing.
 */
class BrowserTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Deployment.Kind.class, names = {"F0", "FPROXY"})
    void browser_signsIn_browses_addsToCart_andChecksOut(Deployment.Kind kind) throws Exception {
        try (Deployment shop = Deployment.start(Fixtures.options(kind, 0));
                HeadlessChromium chromium = HeadlessChromium.start("petshop")) {
            WebDriver web = chromium.web();
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
            Path target = chromium.screenshot("petshop-browser-checkout-" + kind.label()
                    + ".png");
            assertThat(Files.size(target)).isGreaterThan(1000);
        }
    }
}
