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

    /** Runs the measurement. */
    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 3;
        Path out = Path.of(args.length > 1 ? args[1] : "target/axis-measurements.md");
        ConfigurationContext context =
                ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
        StringBuilder report = new StringBuilder();
        try (GoogleServer server = GoogleServer.start(0)) {
            DoGoogleSearch request = GoogleFixtures.searchRequest("web services caching");
            GoogleSearchServiceStub plain = new GoogleSearchServiceStub(context,
                    server.endpoint());
            double uncached = measure(() -> plain.doGoogleSearch(request), seconds);

            ResponseCache xml = WsCache.install(context, policy("xml"));
            GoogleSearchServiceStub stub = new GoogleSearchServiceStub(context,
                    server.endpoint());
            double xmlHit = measure(() -> stub.doGoogleSearch(request), seconds);

            WsCache.install(context, policy("events"));
            double eventsHit = measure(() -> stub.doGoogleSearch(request), seconds);

            WsCache.uninstall(context);
            ResponseCache objects = policy("auto");
            GoogleSearchServiceStub caching = CachingStubs.using(objects)
                    .subclass(GoogleSearchServiceStub.class, context, server.endpoint());
            double objectHit = measure(() -> caching.doGoogleSearch(request), seconds);

            report.append("# cache-axis: cost of one stub call\n\n")
                    .append("`doGoogleSearch` through the packed ADB stub on loopback (Axis2 ")
                    .append("2.0.0, embedded Tomcat 11, ").append(System.getProperty(
                            "java.vm.name")).append(' ')
                    .append(System.getProperty("java.version")).append(", ")
                    .append(Runtime.getRuntime().availableProcessors())
                    .append(" cores), mean per call after warm-up, one thread.\n\n")
                    .append("| call | µs per call | speed-up vs uncached |\n")
                    .append("|---|---:|---:|\n");
            row(report, "uncached (network)", uncached, uncached);
            row(report, "message-level hit, `value: xml` (bytes re-parsed)", xmlHit, uncached);
            row(report, "message-level hit, `value: events` (events replayed)", eventsHit,
                    uncached);
            row(report, "object-level hit (caching stub, copy)", objectHit, uncached);
            report.append(String.format(Locale.ROOT, "%n`events` hit vs `xml` hit: %.1f× "
                    + "faster.%n%nServer requests during the hit runs: %d (of %d in total; "
                    + "the rest are the uncached runs).%n", xmlHit / eventsHit,
                    server.requestCount() - xml.stats().loads() - objects.stats().loads(),
                    server.requestCount()));
        } finally {
            context.terminate();
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, report, StandardCharsets.UTF_8);
        System.out.print(report);
    }

    private static ResponseCache policy(String value) {
        return ResponseCache.builder().policy(Policy.parse("operations:\n"
                + "  - operation: doGoogleSearch\n    ttl: 1h\n    value: " + value + "\n",
                "measurement.yaml")).build();
    }

    private static void row(StringBuilder report, String name, double micros, double base) {
        report.append(String.format(Locale.ROOT, "| %s | %.1f | %.0f× |%n", name, micros,
                base / micros));
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
