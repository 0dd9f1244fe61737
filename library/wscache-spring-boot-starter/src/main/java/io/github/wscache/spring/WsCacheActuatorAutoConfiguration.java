package io.github.wscache.spring;

import io.github.wscache.admin.CacheAdmin;
import io.github.wscache.redis.RedisTier;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Actuator side of wscache, after {@link WsCacheAutoConfiguration}: the endpoint
 * {@code wscache} ({@link WsCacheEndpoint}, or {@link WritableWsCacheEndpoint} when
 * {@code wscache.endpoint.write-enabled=true}) when it is available (exposed and enabled), and
 * the {@code wscache} health indicator of the shared tier ({@link SharedTierHealthIndicator})
 * when {@code wscache.shared-tier.uri} is set.
 */
@AutoConfiguration(after = WsCacheAutoConfiguration.class)
@ConditionalOnClass(Endpoint.class)
@ConditionalOnBean(CacheAdmin.class)
public class WsCacheActuatorAutoConfiguration {
    /** Created by Spring. */
    public WsCacheActuatorAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnAvailableEndpoint(endpoint = WsCacheEndpoint.class)
    WsCacheEndpoint wscacheEndpoint(CacheAdmin admin, WsCacheProperties properties) {
        return properties.getEndpoint().isWriteEnabled() ? new WritableWsCacheEndpoint(admin)
                : new WsCacheEndpoint(admin);
    }

    /** The health of the shared tier. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({HealthIndicator.class, RedisTier.class})
    @ConditionalOnBean(RedisTier.class)
    @ConditionalOnEnabledHealthIndicator("wscache")
    static class HealthConfiguration {
        @Bean
        @ConditionalOnMissingBean(name = "wscacheHealthIndicator")
        SharedTierHealthIndicator wscacheHealthIndicator(RedisTier tier) {
            return new SharedTierHealthIndicator(tier);
        }
    }
}
