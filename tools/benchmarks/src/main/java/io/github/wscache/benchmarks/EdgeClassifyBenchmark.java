package io.github.wscache.benchmarks;

import io.github.wscache.edge.ClientClassification;
import io.github.wscache.edge.internal.HeaderRules;
import io.github.wscache.edge.internal.ServerActions;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The per-request cost of client classification and server actions in cache-edge (paper 004,
 * Table 1: 75 µs mean on a 731 MHz Pentium III): what the edge's proxy servlet adds to a request
 * when classification is on, {@link ServerActions#begin} for every request (is it an embedded
 * object, the client table lookup, the cluster prefix, closing a sequence, the action decision)
 * and {@link ServerActions#apply} for pages (the fields, starting a measurement). Nothing else of
 * the request is measured; with classification off the edge does none of it.
 *
 * <p>As in the paper, client addresses are drawn uniformly from the whole IPv4 space (most fall
 * in clusters of their own) and the tables are warmed with {@value #WARM} requests first;
 * {@link #clients} is the number of distinct addresses (a stream of 2^19 requests drawn from
 * them, so 500,000 gives about 330,000 distinct clients, beyond the table's bound of 100,000:
 * most requests then find no entry and evict another). One request in four is a page, the rest
 * embedded objects.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class EdgeClassifyBenchmark {
    static final int WARM = 200_000;
    private static final int MASK = (1 << 19) - 1;

    /** Distinct client addresses (at most). */
    @Param({"1000", "500000"})
    int clients;

    private ServerActions actions;
    private final String[] addresses = new String[MASK + 1];
    private final String[] paths = new String[MASK + 1];
    private final Map<String, List<String>> requestHeaders = HeaderRules.newHeaders();
    private final Map<String, List<String>> out = HeaderRules.newHeaders();
    private int i;

    /** Builds the request stream and warms the tables. */
    @Setup(Level.Trial)
    public void setUp() {
        actions = new ServerActions(ClientClassification.builder()
                .classifyPages("/shop/*").actionPages("/shop/*").build(),
                com.github.benmanes.caffeine.cache.Ticker.systemTicker());
        SplittableRandom r = new SplittableRandom(42);
        String[] pool = new String[clients];
        for (int k = 0; k < pool.length; k++) {
            int ip = r.nextInt();
            pool[k] = (ip >>> 24) + "." + (ip >>> 16 & 255) + "." + (ip >>> 8 & 255) + "."
                    + (ip & 255);
        }
        String[] objects = {"/shop/item", "/img/a.png", "/css/shop.css", "/js/app.js"};
        for (int k = 0; k <= MASK; k++) {
            addresses[k] = pool[r.nextInt(pool.length)];
            paths[k] = objects[k & 3];
        }
        for (int k = 0; k < WARM; k++) {
            request();
        }
    }

    /** One request through the classification path. */
    @Benchmark
    public Object request() {
        int k = i++ & MASK;
        ServerActions.Adaptation a = actions.begin(addresses[k], "GET", paths[k],
                requestHeaders);
        if (a.classification() == null) {
            return a;
        }
        out.clear();
        return actions.apply(a, out, 200, true, true, true, true);
    }
}
