package io.github.wscache.composition;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.redis.internal.ValueCodec;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * What every {@link Side} does the same way with its other JVM (the integration's farm node,
 * spoken to through {@link NodeProcess}): open a cache there, read its concurrent answers and
 * its tier's counts, and write an entry in the tier's own format, as another integration would.
 */
abstract class FarmSide implements Side {
    /** How long the other JVM may take to answer one command. */
    static final Duration ANSWER = Duration.ofSeconds(60);

    final NodeProcess other;

    FarmSide(NodeProcess other) {
        this.other = other;
    }

    @Override
    public void openThere(String namespace, String value) {
        other.ask("OPEN " + namespace + " " + value, ANSWER);
    }

    @Override
    public Set<String> parallelAnswers() {
        return Set.of(other.await("PAR", ANSWER).split(" \\| "));
    }

    @Override
    public TierCounts countsThere() {
        String[] w = other.ask("STATS", ANSWER).split(" ");
        return new TierCounts(Long.parseLong(w[0]), Long.parseLong(w[1]), Long.parseLong(w[2]));
    }

    @Override
    public String logThere() {
        return other.log();
    }

    @Override
    public void forgetAnswers() {
        other.forgetAnswers();
    }

    /**
     * An object-level entry of {@code value} under {@code redisKey} in the tier's format,
     * unsigned: what a node whose operation returns another type, or anyone who can write to
     * the farm's Redis, would have put there.
     */
    static byte[] objectEntry(byte[] redisKey, Object value) throws ValueCodec.NotShareable {
        ValueCodec codec = new ValueCodec(null, ValueCodec.DEFAULT_ALLOWED, List.of());
        return codec.encode(redisKey, value, false, 60_000, 60_000);
    }

    /** An entry of {@code r} under {@code redisKey} in the tier's format, unsigned. */
    static byte[] entry(byte[] redisKey, CachedResponse r) throws ValueCodec.NotShareable {
        ValueCodec codec = new ValueCodec(null, ValueCodec.DEFAULT_ALLOWED, List.of());
        return codec.encode(redisKey, r, true, 60_000, 60_000);
    }
}
