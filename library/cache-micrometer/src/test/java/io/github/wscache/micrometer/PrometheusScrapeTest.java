package io.github.wscache.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

/**
 * The binder on a real {@link PrometheusMeterRegistry}, read back the way Prometheus reads it:
 * the text exposition format, with the names Grafana's cache dashboards query.
 */
class PrometheusScrapeTest {
    @Test
    void scrape_hasMicrometerCacheNames_withCacheAndOperationTags() throws Exception {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (ResponseCache cache = ResponseCache.builder()
                .policy(Policy.parse(WsCacheMetricsTest.POLICY, "test.yaml")).build()) {
            WsCacheMetrics.monitor(prometheus, cache, "portal");
            for (int i = 0; i < 3; i++) {
                cache.call(WsCacheMetricsTest.call("get", 1), () -> "one");
            }
            cache.call(WsCacheMetricsTest.call("nocache", 1), () -> "x");
            Invocation second = WsCacheMetricsTest.call("get", 2);
            cache.call(second, () -> "two");

            String text = prometheus.scrape();
            assertThat(text)
                    .contains("cache_gets_total{cache=\"portal\",operation=\"get\",result=\"hit\"}"
                            + " 2.0")
                    .contains("cache_gets_total{cache=\"portal\",operation=\"get\",result=\"miss\"}"
                            + " 2.0")
                    .contains("cache_puts_total{cache=\"portal\",operation=\"get\"} 2.0")
                    .contains("cache_bypasses_total{cache=\"portal\",operation=\"nocache\","
                            + "reason=\"not-cacheable\"} 1.0")
                    .contains("cache_evictions_total{cache=\"portal\",cause=\"size\","
                            + "operation=\"get\"} 0.0")
                    .contains("cache_load_duration_seconds_count{cache=\"portal\","
                            + "operation=\"get\"} 2")
                    .contains("cache_size{cache=\"portal\",operation=\"get\"} 2.0")
                    .contains("cache_hit_ratio{cache=\"portal\",operation=\"get\"} 0.5")
                    .contains("# TYPE cache_weight_bytes gauge")
                    .contains("cache_revalidations_total{cache=\"portal\",operation=\"get\"} 0.0")
                    .contains("cache_errors_total{cache=\"portal\",operation=\"nocache\"} 0.0");
        }
    }
}
