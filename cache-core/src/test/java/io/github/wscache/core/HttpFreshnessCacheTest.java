package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.policy.Policy;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The message level with {@code honorHttpHeaders: true}: the server's headers decide. */
class HttpFreshnessCacheTest {
    private static final byte[] BODY = "<r/>".getBytes(StandardCharsets.UTF_8);
    private final FakeClock clock = new FakeClock();
    private final ResponseCache cache = ResponseCache.builder()
            .policy(Policy.parse("operations:\n  - operation: get\n    ttl: 1h\n"
                    + "    honorHttpHeaders: true\n", "t.yaml"))
            .clock(clock).build();
    private final AtomicInteger calls = new AtomicInteger();

    private CachedResponse get(Invocation inv, String name, String value) {
        return cache.exchange(inv, stale -> {
            calls.incrementAndGet();
            return CachedResponse.builder(BODY).header(name, value).build();
        });
    }

    private static Invocation url(String u) {
        return Invocation.builder("get").vary("method", "GET").parameter("url", u).build();
    }

    @Test
    void maxAgeOverridesThePolicyTtl() {
        get(url("/a"), "Cache-Control", "max-age=60");
        clock.advance(Duration.ofSeconds(59));
        get(url("/a"), "Cache-Control", "max-age=60");
        assertThat(calls).hasValue(1);
        clock.advance(Duration.ofSeconds(2));
        get(url("/a"), "Cache-Control", "max-age=60");
        assertThat(calls).hasValue(2);
    }

    @Test
    void noStoreIsNeverStored() {
        get(url("/a"), "Cache-Control", "no-store");
        get(url("/a"), "Cache-Control", "no-store");
        assertThat(calls).hasValue(2);
        assertThat(cache.stats().bypasses()).isEqualTo(2);
    }

    @Test
    void privateIsStoredOnlyInPerUserEntries() {
        get(url("/a"), "Cache-Control", "private, max-age=60");
        get(url("/a"), "Cache-Control", "private, max-age=60");
        assertThat(calls).hasValue(2);

        Invocation alice = Invocation.builder("get").parameter("url", "/a")
                .authorization("Basic YWxpY2U6cHc=").build();
        get(alice, "Cache-Control", "private, max-age=60");
        get(alice, "Cache-Control", "private, max-age=60");
        assertThat(calls).hasValue(3);
    }

    @Test
    void responseWithoutFreshnessInformationGetsTheTtl() {
        get(url("/a"), "X-Other", "1");
        clock.advance(Duration.ofMinutes(59));
        get(url("/a"), "X-Other", "1");
        assertThat(calls).hasValue(1);
    }

    @Test
    void expiresInThePastIsNotStoredWithoutAValidator() {
        get(url("/a"), "Expires", "Thu, 01 Jan 1970 00:00:00 GMT");
        get(url("/a"), "Expires", "Thu, 01 Jan 1970 00:00:00 GMT");
        assertThat(calls).hasValue(2);
    }

    @Test
    void expiresFarInTheFutureIsStoredAndServed() {
        get(url("/a"), "Expires", "Fri, 31 Dec 9999 23:59:59 GMT");
        clock.advance(Duration.ofDays(365));
        get(url("/a"), "Expires", "Fri, 31 Dec 9999 23:59:59 GMT");

        assertThat(calls).hasValue(1);
        assertThat(cache.stats().errors()).isZero();
    }

    @Test
    void hugeMaxAgeIsStoredAndServed() {
        get(url("/a"), "Cache-Control", "max-age=9223372036854775807");
        clock.advance(Duration.ofDays(365));
        get(url("/a"), "Cache-Control", "max-age=9223372036854775807");

        assertThat(calls).hasValue(1);
        assertThat(cache.stats().errors()).isZero();
    }
}
