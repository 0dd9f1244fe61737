package io.github.wscache.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.wscache.admin.CacheAdmin;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.PolicyException;
import io.github.wscache.http.CachingHttpClient;
import io.github.wscache.micrometer.WsCacheMetrics;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * What the auto-configuration makes of the settings at start-up: the beans, a wrong or missing
 * policy failing the start with its place, and backing off.
 */
class StartUpTest {
    /** The wrong policy: {@code tll} at line 3, column 5. */
    static final String BROKEN = "operations:\n"
            + "  - operation: GET\n"
            + "    tll: 60s\n";

    @TempDir
    Path dir;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(WsCacheAutoConfiguration.class));

    @Test
    void classpathPolicy_givesTheCacheAndItsBeans() {
        runner.withPropertyValues("wscache.policy=classpath:test-policy.yaml").run(context -> {
            assertThat(context).hasNotFailed()
                    .hasSingleBean(ResponseCache.class)
                    .hasSingleBean(CachingHttpClient.class)
                    .hasSingleBean(CacheAdmin.class)
                    .hasSingleBean(RestClientCustomizer.class)
                    .hasSingleBean(WsCacheMetrics.class);
            ResponseCache cache = context.getBean(ResponseCache.class);
            assertThat(context.getBean(CachingHttpClient.class).cache()).isSameAs(cache);
            assertThat(cache.policy().rules()).hasSize(1);
            // a classpath resource is not a file: nothing to reload or watch
            assertThat(cache.policy().file()).isEmpty();
        });
    }

    @Test
    void brokenPolicyFile_failsTheContextWithItsPlace() {
        Path file = TestApplication.write(dir.resolve("wscache.yaml"), BROKEN);

        runner.withPropertyValues("wscache.policy=file:" + file).run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause()
                    .isInstanceOf(PolicyException.class)
                    .hasMessageStartingWith(file + ":3:5: unknown key 'tll'");
        });
    }

    @Test
    void brokenPolicy_failsTheApplicationWithItsPlaceInTheMessage() {
        Path file = TestApplication.write(dir.resolve("wscache.yaml"), BROKEN);
        SpringApplication app = new SpringApplicationBuilder(TestApplication.class)
                .web(WebApplicationType.NONE)
                .properties("wscache.policy=file:" + file, "spring.main.banner-mode=off")
                .build();

        assertThatThrownBy(app::run)
                .hasMessageContaining(file + ":3:5: unknown key 'tll'")
                .rootCause().isInstanceOf(PolicyException.class);
    }

    @Test
    void failureAnalyzer_saysWhereAndWhatToChange() {
        PolicyException e = catchThrowableOfType(PolicyException.class,
                () -> Policy.parse(BROKEN, "wscache.yaml"));

        FailureAnalysis analysis = new PolicyFailureAnalyzer()
                .analyze(new IllegalStateException("wrapped", e));

        assertThat(analysis.getDescription())
                .startsWith("The wscache policy cannot be used: wscache.yaml:3:5: unknown key");
        assertThat(analysis.getAction()).contains("wscache.policy");
    }

    @Test
    void failureAnalyzer_isRegisteredWithBoot() {
        // Boot's own analyzers want constructor arguments: they are not the question here
        assertThat(SpringFactoriesLoader.forDefaultResourceLocation().load(FailureAnalyzer.class,
                (type, name, failure) -> { }))
                .hasAtLeastOneElementOfType(PolicyFailureAnalyzer.class);
    }

    @Test
    void missingPolicy_failsWithTheResourceItLookedFor() {
        runner.run(context -> assertThat(context.getStartupFailure()).rootCause()
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml: no such resource on the classpath"));
    }

    @Test
    void disabled_configuresNothing() {
        runner.withPropertyValues("wscache.enabled=false").run(context -> assertThat(context)
                .hasNotFailed().doesNotHaveBean(ResponseCache.class));
    }

    @Test
    void restClientOff_leavesBootsBuilderAlone() {
        runner.withPropertyValues("wscache.policy=classpath:test-policy.yaml",
                "wscache.rest-client.enabled=false").run(context -> assertThat(context)
                .hasSingleBean(ResponseCache.class).doesNotHaveBean(RestClientCustomizer.class));
    }

    @Test
    void applicationsOwnCache_isUsed() {
        runner.withUserConfiguration(OwnCache.class).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(ResponseCache.class);
            assertThat(context.getBean(CachingHttpClient.class).cache())
                    .isSameAs(context.getBean("myCache"));
        });
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnCache {
        @Bean(destroyMethod = "close")
        ResponseCache myCache() {
            return ResponseCache.builder().policy(Policy.builder().build()).build();
        }
    }
}
