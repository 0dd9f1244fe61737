package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.spi.SharedTier.Request;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Generations are read once and kept until an invalidation drops them, and one read while an
 * invalidation is heard is used once but not kept; on a map standing in for Redis.
 */
class GenerationsTest {
    private final KeyLayout keys = new KeyLayout("g");
    private final Map<String, String> redis = new HashMap<>();
    private final List<String> reads = new ArrayList<>();
    /** What happens while a key is read (given the key). */
    private Consumer<String> duringRead = k -> { };
    private final Generations generations = new Generations(keys, key -> {
        String k = new String(key, StandardCharsets.UTF_8);
        reads.add(k);
        duringRead.accept(k);
        String v = redis.get(k);
        return v == null ? null : v.getBytes(StandardCharsets.US_ASCII);
    });

    private static final Request SEARCH = new Request("Search", "search",
            "q".getBytes(StandardCharsets.UTF_8), false);

    /** The generations part of {@code r}'s entry key: {@code all.op.endpoints}. */
    private String generationsOf(Request r) {
        return new String(generations.entryKey(r), StandardCharsets.UTF_8).split(":")[2];
    }

    @Test
    void absentOrUnreadableGenerationsAreZeroAndReadOnce() {
        redis.put("g:generation", "not a number");

        assertThat(generationsOf(SEARCH)).isEqualTo("0.0.0");
        assertThat(generationsOf(SEARCH)).isEqualTo("0.0.0");
        assertThat(reads).containsExactly("g:generation", "g:generation:search",
                "g:generation:search:endpoints:0");
    }

    @Test
    void anInvalidationMadeHereOrHeardDropsWhatItChanged() {
        redis.put("g:generation", "2");
        redis.put("g:generation:search", "5");
        assertThat(generationsOf(SEARCH)).isEqualTo("2.5.0");

        redis.put("g:generation:search", "6");
        generations.forget("search");
        assertThat(generationsOf(SEARCH)).isEqualTo("2.6.0");
        redis.put("g:generation:search", "7");
        generations.heard("search");
        assertThat(generationsOf(SEARCH)).isEqualTo("2.7.0");
        redis.put("g:generation", "3");
        generations.heardAll();
        assertThat(generationsOf(SEARCH)).isEqualTo("3.7.0");

        assertThat(operationReads()).containsExactly("g:generation", "g:generation:search",
                "g:generation:search", "g:generation:search", "g:generation",
                "g:generation:search");
    }

    @Test
    void aGenerationReadWhileAnInvalidationIsHeardIsUsedButNotKept() {
        redis.put("g:generation:search", "1");
        duringRead = k -> {
            if (k.equals("g:generation:search")) {
                // another JVM's invalidation arrives while this read is under way
                duringRead = again -> { };
                generations.heard("search");
            }
        };

        assertThat(generationsOf(SEARCH)).isEqualTo("0.1.0");
        assertThat(generationsOf(SEARCH)).isEqualTo("0.1.0");
        assertThat(generationsOf(SEARCH)).isEqualTo("0.1.0");

        // read again after the invalidation, then kept
        assertThat(operationReads()).containsExactly("g:generation", "g:generation:search",
                "g:generation:search");
    }

    @Test
    void anEndpointsInvalidationChangesOnlyItsBucketsKeys() {
        Request a = new Request("Search", "search", "a".getBytes(StandardCharsets.UTF_8), false,
                "http://shop/cart");
        Request b = new Request("Search", "search", "b".getBytes(StandardCharsets.UTF_8), false,
                "http://shop/items/7");
        int bucketA = KeyLayout.bucket(a.endpoint());
        assertThat(KeyLayout.bucket(b.endpoint())).as("two buckets").isNotEqualTo(bucketA);
        assertThat(generationsOf(a)).isEqualTo("0.0.0");
        assertThat(generationsOf(b)).isEqualTo("0.0.0");

        redis.put("g:generation:search:endpoints:" + bucketA, "1");
        generations.forget("search", bucketA);

        assertThat(generationsOf(a)).isEqualTo("0.0.1");
        assertThat(generationsOf(b)).as("another bucket: its keys stay").isEqualTo("0.0.0");
        assertThat(reads).filteredOn(k -> k.contains(":endpoints:")).containsExactly(
                "g:generation:search:endpoints:" + bucketA,
                "g:generation:search:endpoints:" + KeyLayout.bucket(b.endpoint()),
                "g:generation:search:endpoints:" + bucketA);
    }

    /** The reads of the generations of every operation and of operations, in order. */
    private List<String> operationReads() {
        return reads.stream().filter(k -> !k.contains(":endpoints:")).toList();
    }
}
