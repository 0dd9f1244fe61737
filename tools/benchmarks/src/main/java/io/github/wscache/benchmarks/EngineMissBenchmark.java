package io.github.wscache.benchmarks;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.Exchange;
import io.github.wscache.core.Invocation;
import io.github.wscache.benchmarks.fixtures.Operation;
import io.github.wscache.benchmarks.fixtures.Payloads;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * The engine's own share of a message-level miss, without I/O: what every integration's miss
 * pays in cache-core on top of its service call (issues 36 and 38, "misses free"). Each call is
 * a new query (a new key), as in the integrations' miss cells, and its exchange answers at once
 * with the same ~10 KB response; the store is full after the first few thousand calls, so a
 * stored miss also evicts, as in a long run.
 *
 * <ul>
 *   <li>{@code PASS}: the invocation built and the exchange called, no cache: the floor;</li>
 *   <li>{@code MISS_STORED}: the same through {@link ResponseCache#exchange}: key, lookup, single
 *       flight, the strategy's decision, the store's write (and its maintenance);</li>
 *   <li>{@code MISS_NOT_STORED}: the same, the response saying {@code no-store}
 *       ({@code honorHttpHeaders: true}): everything but the write;</li>
 *   <li>{@code OBJECT_PASS}: the object level's floor: the invocation built and the ~10 KB
 *       response envelope parsed into a fresh ADB {@code GoogleSearchResult} (new objects and
 *       new strings every call, as a service call returns them), no cache;</li>
 *   <li>{@code OBJECT_MISS_STORED}: the same through {@link ResponseCache#call} with
 *       {@code value: auto}: key, lookup, single flight, the copy the store keeps, its weight
 *       and the store's write.</li>
 * </ul>
 *
 * <pre>{@code
 * java -jar tools/benchmarks/target/benchmarks.jar EngineMissBenchmark
 * }</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 10, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class EngineMissBenchmark {
    /** What a call goes through. */
    public enum Path {
        PASS, MISS_STORED, MISS_NOT_STORED, OBJECT_PASS, OBJECT_MISS_STORED
    }

    @Param
    Path path;

    private ResponseCache cache;
    private Exchange<RuntimeException> exchange;
    private long query;
    private byte[] envelope;

    /** Builds the cache (16 MB) and the response its exchange answers with. */
    @Setup(Level.Trial)
    public void setup() {
        byte[] body = new byte[10_000];
        Arrays.fill(body, (byte) 'x');
        byte[] head = "<soap:Envelope>".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(head, 0, body, 0, head.length);
        CachedResponse.Builder b = CachedResponse.builder(body).status(200)
                .contentType("text/xml; charset=UTF-8")
                .header("Date", "Sat, 28 Nov 2026 12:00:00 GMT")
                .header("Server", "benchmark");
        if (path == Path.MISS_NOT_STORED) {
            b.header("Cache-Control", "no-store");
        }
        CachedResponse response = b.build();
        exchange = stale -> response;
        cache = ResponseCache.builder().policy(Policy.parse("maximumSize: 16MB\n"
                + "operations:\n"
                + "  - operation: doGoogleSearch\n"
                + "    ttl: 1h\n"
                + "    honorHttpHeaders: " + (path == Path.MISS_NOT_STORED) + "\n"
                + (path == Path.OBJECT_MISS_STORED ? "    value: auto\n" : ""),
                "engine-miss.yaml")).build();
        envelope = Payloads.responseEnvelope(Operation.SEARCH);
    }

    @TearDown(Level.Trial)
    public void close() {
        if ((path == Path.MISS_STORED || path == Path.OBJECT_MISS_STORED)
                && cache.stats().stores() == 0) {
            throw new IllegalStateException(path + " stored nothing: " + cache.stats());
        }
        if (cache.stats().hits() != 0) {
            throw new IllegalStateException(path + " had hits: " + cache.stats());
        }
        cache.close();
    }

    /** One call with a query not asked before. */
    @Benchmark
    public Object call(Blackhole bh) throws Exception {
        Invocation inv = Invocation.builder("doGoogleSearch").service("GoogleSearch")
                .endpoint("http://127.0.0.1:8080/axis2/services/GoogleSearch")
                .parameter("q", "java " + query++).build();
        switch (path) {
            case PASS:
                bh.consume(inv);
                return exchange.fetch(Optional.empty());
            case OBJECT_PASS:
                bh.consume(inv);
                return parse();
            case OBJECT_MISS_STORED:
                return cache.call(inv, this::parse);
            default:
                return cache.exchange(inv, exchange);
        }
    }

    private Object parse() throws Exception {
        return Payloads.parse(Operation.SEARCH, Payloads.reader(envelope));
    }
}
