package io.github.wscache.core;

import io.github.wscache.core.policy.Policy;
import io.github.wscache.testkit.ManualClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code honorSurrogateControl(true)}: Surrogate-Control decides before Cache-Control. */
class SurrogateControlCacheTest {
    private static final byte[] BODY = "<r/>".getBytes(StandardCharsets.UTF_8);
    private final ManualClock clock = new ManualClock();
    private final AtomicInteger calls = new AtomicInteger();

    private ResponseCache cache(boolean surrogate) {
        return ResponseCache.builder()
                .policy(Policy.parse("operations:\n  - operation: get\n    ttl: 1h\n"
                        + "    honorHttpHeaders: true\n", "t.yaml"))
                .honorSurrogateControl(surrogate)
                .clock(clock).build();
    }

    private void get(ResponseCache cache, String... headers) {
        Invocation inv = Invocation.builder("get").parameter("url", "/a").build();
        cache.exchange(inv, stale -> {
            calls.incrementAndGet();
            CachedResponse.Builder b = CachedResponse.builder(BODY);
            for (int i = 0; i < headers.length; i += 2) {
                b.header(headers[i], headers[i + 1]);
            }
            return b.build();
        });
    }

    @Test
    void surrogateMaxAgeWinsOverCacheControl() {
        ResponseCache cache = cache(true);
        String[] h = {"Surrogate-Control", "content=\"ESI/1.0\", max-age=60",
            "Cache-Control", "max-age=0"};
        get(cache, h);
        clock.advance(Duration.ofSeconds(59));
        get(cache, h);
        assertThat(calls).hasValue(1);
        clock.advance(Duration.ofSeconds(2));
        get(cache, h);
        assertThat(calls).hasValue(2);
    }

    @Test
    void surrogateMaxAgeCanShortenCacheControl() {
        ResponseCache cache = cache(true);
        String[] h = {"Surrogate-Control", "max-age=5", "Cache-Control", "s-maxage=600"};
        get(cache, h);
        clock.advance(Duration.ofSeconds(6));
        get(cache, h);
        assertThat(calls).hasValue(2);
    }

    @Test
    void surrogateNoStoreIsNeverStored() {
        ResponseCache cache = cache(true);
        get(cache, "Surrogate-Control", "no-store", "Cache-Control", "max-age=60");
        get(cache, "Surrogate-Control", "no-store", "Cache-Control", "max-age=60");
        assertThat(calls).hasValue(2);
    }

    @Test
    void surrogateMaxAgeTakesPrecedenceOverCacheControlForBrowsers() {
        ResponseCache cache = cache(true);
        get(cache, "Surrogate-Control", "max-age=60", "Cache-Control", "private, no-store");
        get(cache, "Surrogate-Control", "max-age=60", "Cache-Control", "private, no-store");
        assertThat(calls).hasValue(1);
    }

    @Test
    void cacheControlPrivateStillForbidsAsharedEntry_withoutSurrogateMaxAge() {
        ResponseCache cache = cache(true);
        get(cache, "Surrogate-Control", "content=\"ESI/1.0\"", "Cache-Control",
                "private, max-age=60");
        get(cache, "Surrogate-Control", "content=\"ESI/1.0\"", "Cache-Control",
                "private, max-age=60");
        assertThat(calls).hasValue(2);
    }

    @Test
    void surrogateControlIsIgnoredByDefault() {
        ResponseCache cache = cache(false);
        get(cache, "Surrogate-Control", "no-store", "Cache-Control", "max-age=60");
        get(cache, "Surrogate-Control", "no-store", "Cache-Control", "max-age=60");
        assertThat(calls).hasValue(1);
    }
}
