package io.github.wscache.edge.conformance;

import io.github.wscache.core.CacheEvent;
import io.github.wscache.edge.EdgeServer;
import io.github.wscache.testkit.ManualClock;
import io.github.wscache.testkit.TestOrigin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/** Runs the table against the edge and writes the scores (JSON and a Markdown table). */
final class ConformanceReport {
    static final Path DIR = Path.of("target", "edge-conformance");
    /** How long the edge is given to store what the origin answered it in the background. */
    private static final Duration STORE_WAIT = Duration.ofSeconds(3);

    private ConformanceReport() {
    }

    /**
     * Runs every case against a fresh edge with a manual clock, one after another. The clock
     * starts an hour behind real time, so that the origin's dates (real time) never make a fresh
     * response look old.
     */
    static List<ConformanceRunner.Result> runEdge(List<ConformanceCase> cases) {
        try (TestOrigin origin = TestOrigin.start()) {
            ManualClock clock = new ManualClock(Instant.now().minus(Duration.ofHours(1)));
            try (EdgeServer edge = EdgeServer.builder().origin(origin.uri())
                    .clock(clock).build().start()) {
                // the edge's decisions, as they are made: each stored response counts for its
                // path, whether the client's request or a background revalidation stored it
                Map<String, Semaphore> stored = new ConcurrentHashMap<>();
                edge.responseCache().addListener(e -> {
                    if (e.type() == CacheEvent.Type.STORE && e.key().isPresent()) {
                        String path = URI.create(e.key().get().endpoint()).getPath();
                        stored.computeIfAbsent(path, p -> new Semaphore(0)).release();
                    }
                });
                ConformanceRunner.Target t = new ConformanceRunner.Target() {
                    @Override
                    public URI base() {
                        return URI.create("http://127.0.0.1:" + edge.port());
                    }

                    @Override
                    public void advance(int seconds) {
                        clock.advance(Duration.ofSeconds(seconds));
                    }

                    @Override
                    public void awaitStored(String path, int count) throws InterruptedException {
                        Semaphore s = stored.computeIfAbsent(path, p -> new Semaphore(0));
                        if (s.tryAcquire(count, STORE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                            s.release(count);
                        }
                    }
                };
                List<ConformanceRunner.Result> out = new ArrayList<>();
                for (int i = 0; i < cases.size(); i++) {
                    out.add(ConformanceRunner.run(cases.get(i), "/c" + i, t, origin));
                }
                return out;
            }
        }
    }

    /** Per group: {passed, total}, in the order of the table. */
    static Map<String, int[]> score(List<ConformanceRunner.Result> results) {
        Map<String, int[]> m = new LinkedHashMap<>();
        for (ConformanceRunner.Result r : results) {
            int[] s = m.computeIfAbsent(r.c().group(), g -> new int[2]);
            s[1]++;
            s[0] += r.passed() ? 1 : 0;
        }
        return m;
    }

    /** Writes {@code name}.json and {@code name}.md under {@link #DIR}. */
    static void write(String name, List<ConformanceRunner.Result> ours,
            List<ConformanceRunner.Result> varnish) {
        StringBuilder json = new StringBuilder("{\n  \"generated\": \"")
                .append(Instant.now()).append("\",\n  \"cases\": [\n");
        for (int i = 0; i < ours.size(); i++) {
            ConformanceRunner.Result o = ours.get(i);
            ConformanceRunner.Result v = varnish == null ? null : varnish.get(i);
            ConformanceCase c = o.c();
            json.append("    {\"id\": ").append(q(c.id())).append(", \"group\": ")
                    .append(q(c.group())).append(", \"section\": ").append(q(c.section))
                    .append(", \"level\": ").append(q(c.level.name()))
                    .append(", \"title\": ").append(q(c.title))
                    .append(", \"wscacheEdge\": ").append(o.passed())
                    .append(o.passed() ? "" : ", \"wscacheEdgeFailure\": " + q(o.message()));
            if (v != null) {
                json.append(", \"varnish\": ").append(v.passed())
                        .append(v.passed() ? "" : ", \"varnishFailure\": " + q(v.message()));
            }
            if (c.deliberate != null) {
                json.append(", \"deliberateDifference\": ").append(q(c.deliberate));
            }
            json.append(i + 1 < ours.size() ? "},\n" : "}\n");
        }
        json.append("  ]\n}\n");

        Map<String, int[]> so = score(ours);
        Map<String, int[]> sv = varnish == null ? null : score(varnish);
        StringBuilder md = new StringBuilder("| Section | Cases | wscache-edge | Varnish 7.1 |\n"
                + "|---|---:|---:|---:|\n");
        int to = 0;
        int tv = 0;
        for (Map.Entry<String, int[]> e : so.entrySet()) {
            int v = sv == null ? -1 : sv.get(e.getKey())[0];
            md.append("| ").append(e.getKey()).append(" | ").append(e.getValue()[1])
                    .append(" | ").append(e.getValue()[0]).append(" | ")
                    .append(v < 0 ? "–" : Integer.toString(v)).append(" |\n");
            to += e.getValue()[0];
            tv += Math.max(v, 0);
        }
        md.append("| **total** | **").append(ours.size()).append("** | **").append(to)
                .append("** | **").append(sv == null ? "–" : Integer.toString(tv))
                .append("** |\n\n");
        for (String level : List.of("MUST", "SHOULD", "MAY")) {
            long n = ours.stream().filter(r -> r.c().level.name().equals(level)).count();
            long po = ours.stream().filter(r -> r.c().level.name().equals(level)
                    && r.passed()).count();
            long pv = varnish == null ? -1 : varnish.stream().filter(
                    r -> r.c().level.name().equals(level) && r.passed()).count();
            md.append("- ").append(level).append(": ").append(n).append(" cases, wscache-edge ")
                    .append(po).append(varnish == null ? "" : ", Varnish " + pv).append('\n');
        }
        md.append("\nCases where wscache-edge fails:\n\n");
        for (ConformanceRunner.Result r : ours) {
            if (!r.passed()) {
                md.append("- `").append(r.c().id()).append("` (").append(r.c().level)
                        .append(")").append(r.c().deliberate == null ? ""
                                : ": deliberate, " + r.c().deliberate).append('\n');
            }
        }
        if (varnish != null) {
            md.append("\nCases where Varnish fails:\n\n");
            for (ConformanceRunner.Result r : varnish) {
                if (!r.passed()) {
                    md.append("- `").append(r.c().id()).append("` (").append(r.c().level)
                            .append("): ").append(r.message().replace("|", "\\|")).append('\n');
                }
            }
        }
        try {
            Files.createDirectories(DIR);
            Files.writeString(DIR.resolve(name + ".json"), json, StandardCharsets.UTF_8);
            Files.writeString(DIR.resolve(name + ".md"), md, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String q(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                default -> b.append(ch < 0x20 ? ' ' : ch);
            }
        }
        return b.append('"').toString();
    }
}
