package io.github.wscache.benchmarks.report;

import io.github.wscache.benchmarks.fixtures.Payloads;
import io.github.wscache.benchmarks.jaxws.google.GoogleSearchPort;
import io.github.wscache.benchmarks.jaxws.google.GoogleSearchService;
import io.github.wscache.core.CacheStats;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.jaxws.WsCacheJaxWs;
import jakarta.xml.ws.BindingProvider;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * A CXF client's miss against no cache, call by call: JaxWsHitBenchmark's miss cells run in
 * separate trials, minutes apart, and on a small VM the uncached cell alone moves by a third
 * between trials. Here four ports of one JVM — uncached, a second uncached port (the control:
 * how far two identical ports differ in the same rounds, the resolution of the table),
 * cache-jaxws's message level ({@code value: xml}) and its object level ({@code value: auto})
 * — call google-ws's {@code doGoogleSearch} with a new query each time, in rotating order, so
 * that each round measures them under the same conditions; medians and quartiles per port are
 * written as Markdown. A cached port that does not store every call fails the run.
 *
 * <pre>{@code
 * java -cp tools/benchmarks/target/benchmarks.jar \
 *     io.github.wscache.benchmarks.report.JaxWsMissInterleaved 3000 out.md [20000]
 * }</pre>
 *
 * <p>The optional third argument is the number of rounds run first, unmeasured (2,000 by
 * default): each cached port's own code runs once per round, so it has warmed up (the JIT's
 * last tier among it) only after some thousands of rounds; 20,000 let it warm up as far as the
 * uncached ports' shared code.
 */
public final class JaxWsMissInterleaved {
    private static final String[] NAMES = {"uncached", "uncached, a second port (control)",
        "message-level miss (xml), stored", "object-level miss (auto), stored"};
    /** Rounds run before measuring unless a third argument says otherwise. */
    private static final int WARM_UP = 2000;

    private JaxWsMissInterleaved() {
    }

    /**
     * Runs the rounds and writes the table.
     *
     * @param args the number of measured rounds, the Markdown file to write, and optionally the
     *     number of unmeasured rounds before them
     */
    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        int warmUp = args.length > 2 ? Integer.parseInt(args[2]) : WARM_UP;
        try (GoogleServer server = GoogleServer.start(0)) {
            ResponseCache messages = cache("xml");
            ResponseCache objects = cache("auto");
            GoogleSearchPort[] ports = {port(server), port(server),
                WsCacheJaxWs.install(port(server), messages),
                WsCacheJaxWs.objects(port(server), objects)};
            long[][] nanos = new long[ports.length][rounds];
            long[][] cpu = new long[ports.length][rounds];
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long query = 0;
            for (int r = -warmUp; r < rounds; r++) {
                for (int i = 0; i < ports.length; i++) {
                    int p = Math.floorMod(r + i, ports.length);
                    long cpuStart = threads.getCurrentThreadCpuTime();
                    long start = System.nanoTime();
                    ports[p].doGoogleSearch("key", Payloads.QUERY + ' ' + query++, 0, 10, false,
                            "", false, "", "UTF-8", "UTF-8");
                    long took = System.nanoTime() - start;
                    long used = threads.getCurrentThreadCpuTime() - cpuStart;
                    if (r >= 0) {
                        nanos[p][r] = took;
                        cpu[p][r] = used;
                    }
                }
            }
            check(messages);
            check(objects);
            Files.writeString(Path.of(args[1]), table(nanos, cpu, rounds, warmUp),
                    StandardCharsets.UTF_8);
        }
    }

    private static void check(ResponseCache cache) {
        CacheStats s = cache.stats();
        if (s.hits() != 0 || s.stores() * 10 < s.misses() * 9) {
            throw new IllegalStateException("expected a stored miss per call: " + s);
        }
    }

    private static String table(long[][] nanos, long[][] cpu, int rounds, int warmUp)
            throws IOException {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%d rounds after %d, JDK %s, %s%n%n", rounds,
                warmUp, System.getProperty("java.version"), Files.readString(
                Path.of("/proc/loadavg")).trim()));
        out.append("| port | median µs | p25 | p75 | p90 | mean | median / uncached "
                + "| calling thread's CPU, median µs |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        double base = 0;
        for (int p = 0; p < nanos.length; p++) {
            long[] x = nanos[p].clone();
            Arrays.sort(x);
            double median = x[rounds / 2] / 1e3;
            if (p == 0) {
                base = median;
            }
            long[] c = cpu[p].clone();
            Arrays.sort(c);
            out.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %.0f | %.0f | "
                    + "%.2f× | %.0f |%n", NAMES[p], median, x[rounds / 4] / 1e3,
                    x[rounds * 3 / 4] / 1e3, x[rounds * 9 / 10] / 1e3,
                    Arrays.stream(x).average().orElse(0) / 1e3, median / base,
                    c[rounds / 2] / 1e3));
        }
        return out.toString();
    }

    private static ResponseCache cache(String value) {
        return ResponseCache.builder().policy(Policy.parse("operations:\n"
                + "  - service: GoogleSearchService\n    operation: doGoogleSearch\n"
                + "    ttl: 1h\n    value: " + value + "\n", "interleaved.yaml")).build();
    }

    private static GoogleSearchPort port(GoogleServer server) {
        GoogleSearchPort p = new GoogleSearchService().getGoogleSearchSoap11Port();
        ((BindingProvider) p).getRequestContext().put(
                BindingProvider.ENDPOINT_ADDRESS_PROPERTY, server.endpoint());
        return p;
    }
}
