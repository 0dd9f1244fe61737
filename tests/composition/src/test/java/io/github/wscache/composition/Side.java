package io.github.wscache.composition;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.redis.RedisTier;
import io.github.wscache.redis.TierEntries;
import java.io.IOException;
import java.time.Clock;
import java.time.InstantSource;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * One integration as the matrix drives it: its real service (which counts the requests it gets,
 * holds them while told to, and echoes the caller's identity in every answer), caches of this
 * JVM on it, and its second JVM (the integration's farm node, on the same Redis). Each method is
 * the same step for every integration, so that {@link CompositionMatrixTest} runs every cell the
 * same way.
 */
interface Side extends AutoCloseable {

    /** A cache of this JVM, and calls through it. */
    interface Local extends AutoCloseable {
        /** One call of {@code key} by {@code user} ({@code -}: anonymous); the answer. */
        String call(String key, String user) throws Exception;

        ResponseCache cache();

        /** Closes the cache (and takes it out of the client configuration it was put in). */
        @Override
        void close();
    }

    /** What the other JVM's tier counted. */
    record TierCounts(long leases, long leaseWaits, long hits) {
    }

    /** Stops the other JVM and the service. */
    @Override
    void close() throws IOException;

    /** A key for one check: the service answers it with the caller's identity. */
    String key();

    /** A key whose requests the service holds while {@link #hold()} holds. */
    String heldKey();

    /** The requests of {@code key} the service received so far (from either JVM). */
    long calls(String key);

    /** Holds the requests of {@link #heldKey()} keys, counted, until {@link #release()}. */
    void hold();

    void release();

    /** The requests the service holds now. */
    int held();

    /** What an answer made for {@code user} shows ({@code -}: what an anonymous answer shows). */
    String shows(String user);

    /** This JVM's tier on {@code namespace}, as the integration's farm node builds it. */
    RedisTier tier(String namespace);

    /** A new cache of this JVM for {@code value}, on {@code tier} ({@code null}: own store). */
    Local open(String value, RedisTier tier, InstantSource clock);

    /** {@link #open(String, RedisTier, InstantSource)} on the system's clock. */
    default Local open(String value, RedisTier tier) {
        return open(value, tier, Clock.systemUTC());
    }

    /**
     * A key whose answers say {@code max-age=1, stale-if-error=600} and otherwise answer as
     * {@link #key()}'s do (the caller's identity); until {@link #reset()}.
     */
    String staleKey();

    /** From now on until {@link #reset()}, every request of {@link #staleKey()} fails. */
    void fail();

    /** Undoes {@link #staleKey()} and {@link #fail()}; after every check. */
    void reset();

    /**
     * Whether a stored answer of {@code value} can stand in for a failure
     * ({@code stale-if-error} is a response's directive: the message level has it, the object
     * level, which keeps no response, does not).
     */
    default boolean standsInForErrors(String value) {
        return true;
    }

    /** A new cache in the other JVM for {@code value}, on its tier on {@code namespace}. */
    void openThere(String namespace, String value);

    /** One call in the other JVM; the answer. */
    String callThere(String key, String user);

    /** Starts {@code threads} concurrent calls in the other JVM; see {@link #parallelAnswers}. */
    void parallelThere(String key, String user, int threads);

    /** The distinct answers of the other JVM's concurrent calls, once all returned. */
    Set<String> parallelAnswers();

    TierCounts countsThere();

    /** The end of the other JVM's log, for failure messages. */
    String logThere();

    /** Drops the other JVM's answers not read yet (of a check that failed). */
    void forgetAnswers();

    /**
     * The threads that may wait inside cache-core for the callers' concurrent misses: the
     * callers themselves, unless they ask a server in this JVM that calls the cache.
     */
    default Collection<Thread> waiting(Collection<Thread> callers) {
        return callers;
    }

    /** How many tier entries a JVM reads for one answer it has not seen (an L2 hit each). */
    default int tierReadsPerAnswer() {
        return 1;
    }

    /** Which of a namespace's tier entries (d) replaces: the answer's. */
    default TierEntries.Entry entryToSpoil(List<TierEntries.Entry> entries) {
        if (entries.size() != 1) {
            throw new AssertionError(entries.size() + " entries, expected one");
        }
        return entries.get(0);
    }

    /**
     * Whether the column keeps the result object itself with {@code value} (cache-core's object
     * level, {@code ResponseCache.call}), so that an object of another type can be put under
     * its key.
     */
    default boolean keepsObjects(String value) {
        return false;
    }

    /** Whether the column keeps a response's XML bytes with {@code value} (for a broken one). */
    default boolean keepsXmlBytes(String value) {
        return false;
    }

    /**
     * An entry of this integration's own form under {@code redisKey} whose body is XML bytes
     * that are not well-formed; asked only where {@link #keepsXmlBytes} is true.
     */
    default byte[] brokenXmlEntry(byte[] redisKey) throws Exception {
        throw new UnsupportedOperationException(this + " keeps no XML bytes");
    }

    /**
     * An entry of another integration under {@code redisKey}, in the tier's byte form: what a
     * node of the other integration would have written there.
     */
    byte[] foreignEntry(byte[] redisKey) throws Exception;
}
