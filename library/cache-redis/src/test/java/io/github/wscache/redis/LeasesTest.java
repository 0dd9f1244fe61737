package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One JVM at a time holds a key's lease, for the lease time at most, and a JVM releases only
 * the lease it holds: not one that ran out and that another JVM took since. On a real
 * {@code redis-server}, two {@link Leases} standing for two JVMs.
 */
class LeasesTest {
    @RegisterExtension
    static final RedisFixture.LocalRedis redis = RedisFixture.LocalRedis.perClass();
    private static final AtomicInteger ENTRIES = new AtomicInteger();

    private final KeyLayout keys = new KeyLayout("lease-test");
    private final RedisConnection connection = new RedisConnection(
            RedisAddress.parse(redis.uri()), Duration.ofMillis(1000), 2, "test");
    private final Leases a = new Leases(connection, keys, "jvm-a", Duration.ofSeconds(10));
    private final Leases b = new Leases(connection, keys, "jvm-b", Duration.ofSeconds(10));
    private final byte[] entryKey = ("lease-test:Search/search:0.0:{" + ENTRIES.incrementAndGet()
            + "}").getBytes(StandardCharsets.UTF_8);

    @AfterEach
    void close() {
        connection.close();
    }

    private String leaseHolder() {
        byte[] token = redis.raw().get(keys.lease(entryKey));
        return token == null ? null : new String(token, StandardCharsets.UTF_8);
    }

    @Test
    void oneJvmHoldsTheLeaseForTheLeaseTimeAtMost() {
        LeaseState held = a.tryAcquire(entryKey);

        assertThat(held.isHeld()).isTrue();
        assertThat(held.entryKey).isEqualTo(entryKey);
        assertThat(held.leaseKey).isEqualTo(keys.lease(entryKey));
        assertThat(leaseHolder()).startsWith("jvm-a:");
        assertThat(redis.raw().pttl(held.leaseKey)).isBetween(1L, 10_000L);
        assertThat(b.tryAcquire(entryKey)).isNull();
        assertThat(a.tryAcquire(entryKey)).as("its own lease too: one flight per key").isNull();

        a.release(held);

        assertThat(leaseHolder()).isNull();
        assertThat(b.tryAcquire(entryKey)).isNotNull();
    }

    @Test
    void aLeaseThatRanOutAndWasTakenIsNotReleasedByItsFormerHolder() {
        LeaseState stale = a.tryAcquire(entryKey);
        redis.raw().del(stale.leaseKey); // as if it had run out
        LeaseState taken = b.tryAcquire(entryKey);

        a.release(stale);
        a.storeAndRelease(stale, "a's entry".getBytes(StandardCharsets.UTF_8), 60_000);

        assertThat(leaseHolder()).isEqualTo(new String(taken.token, StandardCharsets.UTF_8));
        assertThat(redis.raw().get(entryKey)).asString(StandardCharsets.UTF_8)
                .isEqualTo("a's entry");
    }

    @Test
    void storingTheEntryReleasesTheLeaseInTheSameRoundTrip() {
        LeaseState held = a.tryAcquire(entryKey);

        a.storeAndRelease(held, "entry".getBytes(StandardCharsets.UTF_8), 60_000);

        assertThat(leaseHolder()).isNull();
        assertThat(redis.raw().get(entryKey)).asString(StandardCharsets.UTF_8)
                .isEqualTo("entry");
        assertThat(redis.raw().pttl(entryKey)).isBetween(1L, 60_000L);
    }
}
