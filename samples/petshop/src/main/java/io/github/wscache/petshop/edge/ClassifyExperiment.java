package io.github.wscache.petshop.edge;

import io.github.wscache.edge.ClientClassification;
import io.github.wscache.edge.ClientClassification.ClientClass;
import io.github.wscache.edge.EdgeServer;
import io.github.wscache.petshop.Deployment;
import io.github.wscache.petshop.wan.WanRelay;
import io.github.wscache.petshop.web.PetShopApp;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * The client classification experiment of paper 004 on the Pet Shop: the Pet Shop (ESI on, with
 * {@linkplain PetShopApp#embeddedObjects embedded objects}) behind cache-edge with classification
 * and server actions on its catalog pages; browsers behind WAN relays of three link speeds, each
 * browser from its own loopback address (one /24 per link type), viewing catalog pages one after
 * another and fetching each page's stylesheet and pictures in order on one connection, without a
 * cache (as the paper's httperf clients did).
 *
 * <p>Two phases, each on a fresh edge: without actions (every request carries an empty
 * {@code X-Server-Actions}, the paper's way to classify without acting) and with actions. Reported:
 * the classification accuracy (the share of page views, from the second on, whose
 * {@code X-Class} is the link's true class) per link and per page number, and the page-view time
 * and bytes per link with and without actions.
 *
 * <p>{@code java -cp ... ClassifyExperiment [pagesPerBrowser] [browsersPerLink] [resultFile]}
 */
public final class ClassifyExperiment {
    /** One emulated link type and the class a client on it should get. */
    record Link(String name, ClientClass truth, long rttMillis, long bytesPerSecond,
            String subnet) {
    }

    /** The link types: a 56k modem, a DSL line, a LAN. */
    static final List<Link> LINKS = List.of(
            new Link("modem", ClientClass.POOR, 150, 7_000, "127.0.1."),
            new Link("dsl", ClientClass.NORMAL, 40, 64_000, "127.0.2."),
            new Link("lan", ClientClass.RICH, 2, 0, "127.0.3."));

    static final List<String> PAGES = List.of("/", "/category?id=FISH", "/category?id=DOGS",
            "/category?id=CATS", "/category?id=REPTILES", "/category?id=BIRDS");

    /** The thresholds, set for this site and these links as the paper says a site would. */
    static final Duration POOR_FIRST = Duration.ofMillis(1000);
    static final Duration POOR_LAST = Duration.ofMillis(2500);
    static final Duration RICH_FIRST = Duration.ofMillis(150);
    static final Duration RICH_LAST = Duration.ofMillis(400);

    private static final Pattern OBJECT = Pattern.compile("(?:src|href)=\"(/static/[^\"]+)\"");

    /** One page view. */
    record View(String link, ClientClass truth, int browser, int index, String clientClass,
            String actions, long millis, long bytes, int objects) {
    }

    private ClassifyExperiment() {
    }

    /** Runs the experiment and writes the result file. */
    public static void main(String[] args) throws Exception {
        int pages = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int browsers = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        Path out = Path.of(args.length > 2 ? args[2] : "target/edge-classify/experiment.md");
        String load = Files.readString(Path.of("/proc/loadavg")).trim();
        long t = System.nanoTime();
        String report = run(pages, browsers);
        String head = "date: " + Instant.now() + "\njdk: " + System.getProperty("java.vm.name")
                + " " + System.getProperty("java.version") + ", " + Runtime.getRuntime()
                        .availableProcessors() + " cores\nloadavg before: " + load
                + "\nloadavg after: " + Files.readString(Path.of("/proc/loadavg")).trim()
                + "\nrun: " + pages + " pages per browser, " + browsers + " browsers per link, "
                + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t) + " s\n\n";
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, head + report);
        System.out.print(head + report);
    }

    /** Runs both phases and returns the report (Markdown tables). */
    static String run(int pages, int browsers) throws Exception {
        try (Deployment shop = Deployment.start(
                Deployment.Options.of(Deployment.Kind.FPROXY, 0))) {
            shop.app().embeddedObjects(true);
            List<View> without = phase(shop, pages, browsers, false);
            List<View> with = phase(shop, pages, browsers, true);
            return report(without, with, pages);
        }
    }

    private static List<View> phase(Deployment shop, int pages, int browsers, boolean actions)
            throws Exception {
        String origin = shop.appUrl().toString();
        List<String> patterns = List.of("/", "/category", "/product", "/item");
        try (EdgeServer edge = EdgeServer.builder()
                .origin(URI.create(origin.substring(0, origin.length() - 1)))
                .address("127.0.0.1").adminPath(null)
                .varyCookies(PetShopApp.VIEW_COOKIE)
                .clientClassification(ClientClassification.builder()
                        .classifyPages(patterns.toArray(new String[0]))
                        .actionPages(patterns.toArray(new String[0]))
                        .poorThresholds(POOR_FIRST, POOR_LAST)
                        .richThresholds(RICH_FIRST, RICH_LAST)
                        .build())
                .build().start()) {
            // warm the edge's cache and JIT from 127.0.0.1, which is no link's client
            HttpClient direct = HttpClient.newHttpClient();
            for (String p : PAGES) {
                direct.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + edge.port()
                        + p)).build(), HttpResponse.BodyHandlers.discarding());
            }
            List<WanRelay> relays = new ArrayList<>();
            ExecutorService threads = Executors.newCachedThreadPool();
            try {
                List<Future<List<View>>> runs = new ArrayList<>();
                for (Link link : LINKS) {
                    for (int b = 0; b < browsers; b++) {
                        WanRelay relay = WanRelay.builder(link.name() + b,
                                new InetSocketAddress(InetAddress.getLoopbackAddress(),
                                        edge.port())).rttMillis(link.rttMillis())
                                .bytesPerSecond(link.bytesPerSecond(), link.bytesPerSecond())
                                .sourceAddress(InetAddress.getByName(link.subnet() + (10 + b)))
                                .start();
                        relays.add(relay);
                        int browser = b;
                        runs.add(threads.submit(() -> browse(link, browser, relay, pages,
                                actions)));
                    }
                }
                List<View> views = new ArrayList<>();
                for (Future<List<View>> f : runs) {
                    views.addAll(f.get(30, TimeUnit.MINUTES));
                }
                return views;
            } finally {
                threads.shutdownNow();
                relays.forEach(WanRelay::close);
            }
        }
    }

    private static List<View> browse(Link link, int browser, WanRelay relay, int pages,
            boolean actions) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String base = "http://127.0.0.1:" + relay.port();
        List<View> views = new ArrayList<>();
        for (int i = 0; i < pages; i++) {
            String page = PAGES.get((i + browser) % PAGES.size());
            long t = System.nanoTime();
            HttpRequest.Builder rb = HttpRequest.newBuilder(URI.create(base + page))
                    .header("Accept-Encoding", "gzip");
            if (!actions) {
                rb.header("X-Server-Actions", "");
            }
            HttpResponse<byte[]> r = http.send(rb.build(), HttpResponse.BodyHandlers.ofByteArray());
            long bytes = r.body().length;
            String html = text(r);
            int objects = 0;
            Matcher m = OBJECT.matcher(html);
            while (m.find()) {
                HttpResponse<byte[]> o = http.send(HttpRequest.newBuilder(URI.create(base
                        + m.group(1))).build(), HttpResponse.BodyHandlers.ofByteArray());
                bytes += o.body().length;
                objects++;
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t);
            views.add(new View(link.name(), link.truth(), browser, i,
                    r.headers().firstValue("X-Class").orElse("?"),
                    r.headers().firstValue("X-Server-Actions").orElse("?"), millis, bytes,
                    objects));
            Thread.sleep(200);
        }
        return views;
    }

    private static String text(HttpResponse<byte[]> r) throws IOException {
        byte[] b = r.body();
        if (r.headers().firstValue("Content-Encoding").orElse("").equals("gzip")) {
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(b))) {
                b = in.readAllBytes();
            }
        }
        return new String(b, StandardCharsets.UTF_8);
    }

    static String report(List<View> without, List<View> with, int pages) {
        StringBuilder s = new StringBuilder();
        s.append("Links: ");
        for (Link l : LINKS) {
            s.append(l.name()).append(" (").append(l.rttMillis()).append(" ms RTT, ")
                    .append(l.bytesPerSecond() == 0 ? "unlimited"
                            : l.bytesPerSecond() / 1000 + " kB/s").append(", true class ")
                    .append(l.truth().label()).append(") ");
        }
        s.append("\nThresholds: poor if E_first > ").append(POOR_FIRST.toMillis())
                .append(" ms or E_last > ").append(POOR_LAST.toMillis())
                .append(" ms; rich if E_first <= ").append(RICH_FIRST.toMillis())
                .append(" ms and E_last <= ").append(RICH_LAST.toMillis()).append(" ms\n\n");
        s.append("Classification accuracy, phase without actions (X-Class of page n reflects "
                + "pages 1..n-1):\n\n| link | ");
        for (int i = 2; i <= pages; i++) {
            s.append("page ").append(i).append(" | ");
        }
        s.append("pages 2..").append(pages).append(" | classes seen |\n|---|");
        s.append("---|".repeat(pages + 1)).append("\n");
        for (Link l : LINKS) {
            s.append("| ").append(l.name()).append(" | ");
            List<View> mine = without.stream().filter(v -> v.link().equals(l.name())).toList();
            for (int i = 1; i < pages; i++) {
                int idx = i;
                s.append(share(mine.stream().filter(v -> v.index() == idx).toList(), l))
                        .append(" | ");
            }
            s.append(share(mine.stream().filter(v -> v.index() >= 1).toList(), l))
                    .append(" | ").append(classes(mine)).append(" |\n");
        }
        s.append("\nPage view (page + all its objects), pages 3..").append(pages)
                .append(", mean:\n\n| link | without actions ms | with actions ms | change "
                        + "| bytes without | bytes with | objects without | objects with | "
                        + "actions taken |\n|---|---|---|---|---|---|---|---|---|\n");
        for (Link l : LINKS) {
            List<View> a = late(without, l);
            List<View> b = late(with, l);
            double ta = mean(a, View::millis);
            double tb = mean(b, View::millis);
            s.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %+.0f %% | %.0f | %.0f | "
                    + "%.1f | %.1f | %s |%n", l.name(), ta, tb, 100 * (tb - ta) / ta,
                    mean(a, View::bytes), mean(b, View::bytes), mean(a, v -> v.objects()),
                    mean(b, v -> v.objects()), actionsSeen(b)));
        }
        return s.toString();
    }

    private static List<View> late(List<View> views, Link l) {
        return views.stream().filter(v -> v.link().equals(l.name()) && v.index() >= 2)
                .toList();
    }

    private static String share(List<View> views, Link l) {
        if (views.isEmpty()) {
            return "-";
        }
        long right = views.stream().filter(v -> v.clientClass().equals(l.truth().label()))
                .count();
        return String.format(Locale.ROOT, "%.0f %%", 100.0 * right / views.size());
    }

    private static String classes(List<View> views) {
        List<String> seen = new ArrayList<>();
        for (String c : List.of("poor", "normal", "rich")) {
            long n = views.stream().filter(v -> v.clientClass().equals(c)).count();
            if (n > 0) {
                seen.add(c + " " + n);
            }
        }
        return String.join(", ", seen);
    }

    private static String actionsSeen(List<View> views) {
        List<String> seen = new ArrayList<>();
        for (View v : views) {
            if (!seen.contains(v.actions())) {
                seen.add(v.actions());
            }
        }
        Collections.sort(seen);
        return String.join("; ", seen);
    }

    private static double mean(List<View> views, java.util.function.ToLongFunction<View> f) {
        return views.stream().mapToLong(f).average().orElse(Double.NaN);
    }
}
