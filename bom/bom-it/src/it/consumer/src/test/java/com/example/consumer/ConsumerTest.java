package com.example.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.wscache.admin.CacheAdmin;
import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.http.CachingHttpClient;
import io.github.wscache.micrometer.WsCacheMetrics;
import io.github.wscache.redis.RedisTier;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.http.HttpClient;
import org.junit.jupiter.api.Test;

/** The consumer compiles against the BOM-managed modules and runs them. */
class ConsumerTest {
    @Test
    void cacheMetricsAndAdmin_workTogether() {
        Policy policy = Policy.parse("operations:\n  - operation: quote\n    ttl: 1m\n", "c.yaml");
        try (ResponseCache cache = ResponseCache.builder().policy(policy).build()) {
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            WsCacheMetrics.monitor(registry, cache, "consumer");
            Invocation call = Invocation.builder("quote").parameter("symbol", "ACME").build();
            cache.call(call, () -> "42");
            cache.call(call, () -> "42");
            assertEquals(1.0, registry.get("cache.gets").tag("result", "hit")
                    .functionCounter().count());
            CacheAdmin admin = CacheAdmin.builder("consumer", cache).build();
            assertEquals(1L, admin.invalidate("quote", "consumer-test"));
            HttpClient jdk = HttpClient.newHttpClient();
            CachingHttpClient http = CachingHttpClient.builder(jdk).cache(cache).build();
            assertEquals(jdk.version(), http.version());
        }
        // the shared tier's builder and its Redis client resolve through the BOM too
        RedisTier.Builder tier = RedisTier.builder().uri("redis://127.0.0.1:6379");
        assertEquals(RedisTier.Builder.class, tier.getClass());
    }
}
