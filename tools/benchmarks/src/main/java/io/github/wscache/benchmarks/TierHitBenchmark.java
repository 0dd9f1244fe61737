package io.github.wscache.benchmarks;

import io.github.wscache.axis.CachingStubs;
import io.github.wscache.axis.WsCache;
import io.github.wscache.benchmarks.fixtures.MemoryTier;
import io.github.wscache.benchmarks.fixtures.Operation;
import io.github.wscache.benchmarks.fixtures.Payloads;
import io.github.wscache.benchmarks.fixtures.Registrations;
import io.github.wscache.core.CacheStats;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.xml.XmlRecording;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGoogleSearch;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGoogleSearchResponse;
import io.github.wscache.redis.RedisTier;
import io.github.wscache.testkit.RedisServer;
import java.util.concurrent.TimeUnit;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Response;

/**
 * Issue 38: what a second-level hit costs over the Redis round trip it cannot avoid. Axis2's
 * packed stub calls doGoogleSearch through cache-axis with a {@link RedisTier} on a throw-away
 * Debian {@code redis-server} over loopback, and a local store too small to keep the entry
 * ({@code maximumSize: 1KB}), so every call misses the local store and is answered from Redis:
 * the tier's lookup (GET and PTTL in one round trip), the entry's checks and
 * decoding, and the stub's reading of the value. The reference cell is a raw {@code GET} of the
 * very bytes the tier stored, with the Jedis pooled client the tier uses. (The local hits of
 * the same calls are {@link AxisEndToEndBenchmark}'s {@code SEARCH_EVENTS} and
 * {@code SEARCH_OBJECT}; the first run of this suite had them here too.) A cell whose counts
 * say otherwise (a call that reached the server, a hit not from Redis) fails the trial.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 20, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(2)
public class TierHitBenchmark {
    /** How a call is answered. */
    public enum Cell {
        /** No cache: Jedis {@code GET} of the bytes the tier keeps for the search's entry. */
        RAW_GET(null),
        /**
         * No cache: the same {@code GET} and a {@code PTTL} of the key sent together in one
         * round trip, with the same client: the I/O of a tier lookup ({@code EntryStore.fetch}).
         */
        RAW_GET_PTTL(null),
        /** Message level, {@code value: xml}: the entry's bytes from Redis, parsed by the stub. */
        XML_L2("xml"),
        /** Message level, {@code value: events}: the recording from Redis, replayed into ADB. */
        EVENTS_L2("events"),
        /** Object level, {@code value: auto}: the Kryo bytes from Redis, read into an object. */
        OBJECT_L2("auto"),
        /**
         * No cache, no I/O: {@link XmlRecording#fromBytes} of the search response's recording
         * in the byte form the tier keeps, what an {@link #EVENTS_L2} hit decodes per call.
         */
        EVENTS_DECODE(null),
        /**
         * Message level, {@code value: events}, with a {@link MemoryTier} instead of Redis: the
         * engine's own part of a second-level hit (the tier's request and key, the local store's
         * weighing, the replay into ADB), without the round trip or the entry's decoding.
         */
        EVENTS_MEMORY("events");

        final String value;

        Cell(String value) {
            this.value = value;
        }
    }

    @Param
    Cell cell;

    private RedisServer redis;
    private GoogleServer server;
    private ConfigurationContext context;
    private RedisTier tier;
    private MemoryTier memory;
    private ResponseCache cache;
    private JedisPooled raw;
    private Hit call;
    private long primed;

    /**
     * Starts Redis and the client (the server from {@link LoopbackGoogle}) and stores the
     * search's entry in Redis.
     */
    @Setup(Level.Trial)
    public void start(BenchmarkParams params) throws Exception {
        if (cell == Cell.EVENTS_DECODE) {
            byte[] form = XmlRecording.parse(Payloads.responseEnvelope(Operation.SEARCH))
                    .toBytes();
            call = () -> XmlRecording.fromBytes(form);
            return;
        }
        if (cell != Cell.EVENTS_MEMORY) {
            redis = RedisServer.start();
        }
        server = LoopbackGoogle.acquire(params);
        context = ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
        String value = cell.value == null ? "events" : cell.value;
        // the caching stub keeps the operation's response wrapper, which holds the result
        Class<?>[] kryo = Registrations.kryoClasses();
        kryo = java.util.Arrays.copyOf(kryo, kryo.length + 1);
        kryo[kryo.length - 1] = DoGoogleSearchResponse.class;
        String yaml = "maximumSize: 1KB\noperations:\n  - operation: doGoogleSearch\n"
                + "    ttl: 1h\n    value: " + value + "\n";
        ResponseCache.Builder builder = ResponseCache.builder()
                .policy(Policy.parse(yaml, "benchmark.yaml")).copiers(Registrations.copiers());
        if (cell == Cell.EVENTS_MEMORY) {
            memory = new MemoryTier();
            builder.sharedTier(memory);
        } else {
            tier = RedisTier.builder().uri(redis.uri()).kryoClasses(kryo).build();
            builder.sharedTier(tier);
        }
        cache = builder.build();
        GoogleSearchServiceStub stub;
        if (value.equals("auto")) {
            stub = CachingStubs.using(cache)
                    .subclass(GoogleSearchServiceStub.class, context, server.endpoint());
        } else {
            WsCache.install(context, cache);
            stub = new GoogleSearchServiceStub(context, server.endpoint());
        }
        DoGoogleSearch request = GoogleFixtures.searchRequest(Payloads.QUERY);
        call = () -> stub.doGoogleSearch(request).get_return();
        call.get();
        if (cell == Cell.RAW_GET || cell == Cell.RAW_GET_PTTL) {
            raw = new JedisPooled(redis.uri());
            byte[] entry = largestEntry(raw);
            call = cell == Cell.RAW_GET ? () -> raw.get(entry) : () -> {
                try (AbstractPipeline p = raw.pipelined()) {
                    Response<byte[]> body = p.get(entry);
                    Response<Long> ttl = p.pttl(entry);
                    p.sync();
                    return ttl.get() == -2 ? null : body.get();
                }
            };
        }
        call.get();
        primed = server.requestCount();
    }

    /** The key of the largest value in Redis: the search's entry (the rest are counters). */
    private static byte[] largestEntry(JedisPooled jedis) {
        byte[] best = null;
        long size = -1;
        for (byte[] key : jedis.keys("*".getBytes(java.nio.charset.StandardCharsets.UTF_8))) {
            if (!jedis.type(key).equals("string")) {
                continue;
            }
            long n = jedis.strlen(key);
            if (n > size) {
                size = n;
                best = key;
            }
        }
        if (best == null || size < 1024) {
            throw new IllegalStateException("no entry in Redis after priming (largest: " + size
                    + " bytes)");
        }
        return best;
    }

    /** Stops everything; fails the trial if the counts say the cell measured something else. */
    @TearDown(Level.Trial)
    public void stop() throws Exception {
        if (cell == Cell.EVENTS_DECODE) {
            return;
        }
        long requests = server.requestCount() - primed;
        CacheStats s = cache.stats();
        long tierHits = tier != null ? tier.stats().hits() : memory.hits();
        String counts = s + ", " + (tier != null ? tier.stats() : memory.hits() + " tier hits");
        JedisPooled rawClient = raw;
        if (rawClient != null) {
            rawClient.close();
        }
        cache.close();
        context.terminate();
        LoopbackGoogle.release(server);
        if (redis != null) {
            redis.close();
        }
        if (requests != 0) {
            throw new IllegalStateException(cell + " reached the server " + requests
                    + " times after priming: the numbers are not hits (" + counts + ")");
        }
        if (rawClient != null) {
            return;
        }
        // the first call was a miss; in a second-level cell every later call is a tier hit
        boolean right = s.hits() > 0 && tierHits >= s.hits();
        if (!right) {
            throw new IllegalStateException(cell + ": " + s.hits() + " hits, " + tierHits
                    + " of them from Redis: the cell does not measure what it says (" + counts
                    + ")");
        }
    }

    /** One call. */
    @Benchmark
    public Object call() throws Exception {
        return call.get();
    }
}
