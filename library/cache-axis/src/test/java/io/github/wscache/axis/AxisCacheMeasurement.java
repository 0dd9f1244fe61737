package io.github.wscache.axis;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGoogleSearch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;

/**
 * Measures one packed-stub {@code doGoogleSearch} call (10 results, about 5 KB of XML) on
 * loopback: without a cache, as a message-level hit ({@code xml}: bytes re-parsed;
 * {@code events}: recorded parse events replayed) and as an object-level hit (caching stub,
 * reflection copy). Writes {@code target/axis-measurements.md}. Not a test: timings are
 * reported, never asserted.
 *
 * <pre>{@code
 * java -cp <test class path> io.github.wscache.axis.AxisCacheMeasurement [seconds-per-cell]
 * }</pre>
 */
public final class AxisCacheMeasurement {
    private AxisCacheMeasurement() {
    }

    /** Runs the measurement: {@code [seconds per cell] [output file]}. */
    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        Path out = Path.of(args.length > 1 ? args[1] : "target/axis-measurements.md");
        ConfigurationContext plainContext = newContext();
        ConfigurationContext xmlContext = newContext();
        ConfigurationContext eventsContext = newContext();
        StringBuilder report = new StringBuilder();
        try (GoogleServer server = GoogleServer.start(0)) {
            DoGoogleSearch request = GoogleFixtures.searchRequest("web services caching");
            WsCache.install(xmlContext, policy("xml"));
            WsCache.install(eventsContext, policy("events"));
            GoogleSearchServiceStub plain = new GoogleSearchServiceStub(plainContext,
                    server.endpoint());
            GoogleSearchServiceStub xml = new GoogleSearchServiceStub(xmlContext,
                    server.endpoint());
            GoogleSearchServiceStub events = new GoogleSearchServiceStub(eventsContext,
                    server.endpoint());
            GoogleSearchServiceStub objects = CachingStubs.using(policy("auto"))
                    .subclass(GoogleSearchServiceStub.class, plainContext, server.endpoint());
            long[] uncachedCalls = {0};
            Call uncached = () -> {
                uncachedCalls[0]++;
                return plain.doGoogleSearch(request);
            };
            Call xmlHit = () -> xml.doGoogleSearch(request);
            Call eventsHit = () -> events.doGoogleSearch(request);
            Call objectHit = () -> objects.doGoogleSearch(request);
            Call[] cells = {uncached, xmlHit, eventsHit, objectHit};
            String[] names = {
                "uncached (network)",
                "message-level hit, `value: xml` (bytes re-parsed)",
                "message-level hit, `value: events` (events replayed)",
                "object-level hit (caching stub, reflection copy)",
            };
            for (Call c : cells) {
                c.run();
            }
            long beforeHits = server.requestCount();
            uncachedCalls[0] = 0;
            // interleaved rounds, so that load from other processes hits every cell alike;
            // the best round of each cell is reported, the median next to it
            int rounds = 5;
            double[][] results = new double[cells.length][rounds];
            for (int r = 0; r < rounds; r++) {
                for (int c = 0; c < cells.length; c++) {
                    results[c][r] = measure(cells[c], seconds / rounds);
                }
            }
            long requests = server.requestCount() - beforeHits;
            double[] best = new double[cells.length];
            double[] median = new double[cells.length];
            for (int c = 0; c < cells.length; c++) {
                double[] sorted = results[c].clone();
                java.util.Arrays.sort(sorted);
                best[c] = sorted[0];
                median[c] = sorted[rounds / 2];
            }
            report.append("# cache-axis: cost of one stub call\n\n")
                    .append("`doGoogleSearch` (10 results, about 5 KB of XML) through the packed ")
                    .append("ADB stub on loopback (Axis2 2.0.0, embedded Tomcat 11, ")
                    .append(System.getProperty("java.vm.name")).append(' ')
                    .append(System.getProperty("java.version")).append(", ")
                    .append(Runtime.getRuntime().availableProcessors())
                    .append(" cores), one thread, mean per call after warm-up; ")
                    .append(rounds).append(" interleaved rounds per cell.\n\n")
                    .append("| call | µs per call (best round) | median round | ")
                    .append("speed-up vs uncached (best) |\n|---|---:|---:|---:|\n");
            for (int c = 0; c < cells.length; c++) {
                report.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.0f× |%n",
                        names[c], best[c], median[c], best[0] / best[c]));
            }
            report.append(String.format(Locale.ROOT, "%n`events` hit vs `xml` hit: %.1f× "
                    + "faster (best rounds), %.1f× (medians).%n%nServer requests during the "
                    + "measurement: %d; uncached calls made: %d (the hits made none).%n",
                    best[1] / best[2], median[1] / median[2], requests, uncachedCalls[0]));
        } finally {
            plainContext.terminate();
            xmlContext.terminate();
            eventsContext.terminate();
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, report, StandardCharsets.UTF_8);
        System.out.print(report);
    }

    private static ConfigurationContext newContext() throws IOException {
        return ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
    }

    private static ResponseCache policy(String value) {
        return ResponseCache.builder().policy(Policy.parse("operations:\n"
                + "  - operation: doGoogleSearch\n    ttl: 1h\n    value: " + value + "\n",
                "measurement.yaml")).build();
    }

    /** A call to measure. */
    @FunctionalInterface
    private interface Call {
        Object run() throws Exception;
    }

    /** Returns the mean µs per call: warm-up for a third of the time, then measure. */
    private static double measure(Call call, double seconds) throws Exception {
        long warmUntil = System.nanoTime() + (long) (seconds / 3 * 1e9);
        Object sink = null;
        while (System.nanoTime() < warmUntil) {
            sink = call.run();
        }
        long n = 0;
        long t0 = System.nanoTime();
        long end = t0 + (long) (seconds * 1e9);
        long now;
        do {
            for (int i = 0; i < 16; i++) {
                sink = call.run();
            }
            n += 16;
            now = System.nanoTime();
        } while (now < end);
        if (sink == null) {
            throw new IOException("no result");
        }
        return (now - t0) / 1e3 / n;
    }
}
