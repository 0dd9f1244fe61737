package com.example.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.spring.WsCacheAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The starter alone gives an application its cache, from the policy it names. */
class StarterConsumerTest {
    @Test
    void theStarterAlone_givesTheApplicationACacheFromItsPolicy() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(WsCacheAutoConfiguration.class))
                .withPropertyValues("wscache.policy=classpath:wscache.yaml")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    ResponseCache cache = context.getBean(ResponseCache.class);
                    assertThat(cache.policyFor(Invocation.builder("GET")
                            .endpoint("https://api.example.com/v1/items/1").build())
                            .cacheable()).isTrue();
                });
    }
}
