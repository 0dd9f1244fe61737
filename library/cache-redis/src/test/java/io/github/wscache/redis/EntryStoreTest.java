package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.spi.SharedTier.Lookup;
import io.github.wscache.core.spi.SharedTier.Request;
import io.github.wscache.redis.internal.ValueCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An entry's remaining lifetimes come from Redis's time to live; values go in and come out
 * through the codec, and what cannot be shared or read is counted instead of thrown.
 */
class EntryStoreTest {
    @RegisterExtension
    static final RedisFixture.LocalRedis redis = RedisFixture.LocalRedis.perClass();

    private static final Request SEARCH = new Request("Search", "search",
            "q".getBytes(StandardCharsets.UTF_8), false);
    private static final byte[] KEY = "entry-test:Search/search:0.0:{k}"
            .getBytes(StandardCharsets.UTF_8);

    private final Counters counters = new Counters();
    private final RedisConnection connection = new RedisConnection(
            RedisAddress.parse(redis.uri()), Duration.ofMillis(1000), 2, "test");
    private final EntryStore entries = new EntryStore(connection,
            new ValueCodec(null, ValueCodec.DEFAULT_ALLOWED, List.of()), counters,
            new OnceLog(10));

    @AfterEach
    void close() {
        connection.close();
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    @Test
    void theLifetimesLeftAreWhatRedisTookOffTheRetentionTime() {
        Lookup young = EntryStore.remaining("v", 2_000, 3_000, 2_500);
        assertThat(millis(young.freshNanos())).isEqualTo(1_500);
        assertThat(millis(young.retainNanos())).isEqualTo(2_500);

        Lookup stale = EntryStore.remaining("v", 1_000, 3_000, 1_500);
        assertThat(stale.freshNanos()).isZero();
        assertThat(millis(stale.retainNanos())).isEqualTo(1_500);

        Lookup noExpiry = EntryStore.remaining("v", 1_000, 3_000, -1);
        assertThat(millis(noExpiry.freshNanos())).isEqualTo(1_000);
        assertThat(millis(noExpiry.retainNanos())).isEqualTo(3_000);

        assertThat(EntryStore.remaining("v", 1_000, 3_000, 0)).isNull();
    }

    @Test
    void aValuePutIsFetchedWithItsTimeToLiveAndDecoded() {
        byte[] entry = entries.encode(KEY, SEARCH, "results", 60_000, 120_000);
        entries.put(KEY, entry, 120_000);

        EntryStore.Stored stored = entries.fetch(KEY);
        assertThat(stored.bytes).isEqualTo(entry);
        assertThat(stored.pttl).isBetween(1L, 120_000L);
        Lookup found = entries.decode(KEY, stored, SEARCH);
        assertThat(found.isFound()).isTrue();
        assertThat(found.value()).isEqualTo("results");
        assertThat(millis(found.retainNanos())).isBetween(1L, 120_000L);
    }

    @Test
    void nothingUnderAKeyIsNull() {
        assertThat(entries.fetch("entry-test:absent".getBytes(StandardCharsets.UTF_8)))
                .isNull();
    }

    @Test
    void anEntryThatFailsItsChecksIsRefusedAndCounted() {
        EntryStore.Stored forged = new EntryStore.Stored(
                "not an entry".getBytes(StandardCharsets.UTF_8), 1_000);

        assertThat(entries.decode(KEY, forged, SEARCH)).isSameAs(EntryStore.REFUSED);
        assertThat(counters.snapshot().rejected()).isEqualTo(1);
    }

    /** Not Serializable, and not registered for Kryo. */
    static final class Unshareable {
    }

    @Test
    void aValueWithoutAByteFormIsNullAndCounted() {
        assertThat(entries.encode(KEY, SEARCH, new Unshareable(), 1_000, 1_000)).isNull();
        assertThat(counters.snapshot().notShareable()).isEqualTo(1);
    }
}
