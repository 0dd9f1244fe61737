package io.github.wscache.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.edge.SecurityFixtures.VulnerableSite;
import io.github.wscache.testkit.TestOrigin;
import io.github.wscache.varnish.VarnishProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The probes of the edge-security tests side by side on three fronts to the same
 * {@link VulnerableSite}: wscache-edge as it ships, the same edge with its defences off
 * ({@code naiveProxy()}), and Varnish 7.1 with its built-in VCL (plus the ESI switch of
 * {@link VarnishProcess#vcl}). Each probe is an attacker's request and then a plain visitor's;
 * the table says whether the visitor got what the attacker chose. Writes
 * {@code target/edge-security/comparison.md}, the numbers of the site page
 * {@code edge-security.md}. A comparison: only the edge's own results can fail the build (every
 * probe safe); Varnish's and the naive edge's are reported. Needs {@code varnishd}, as
 * {@code VarnishConformanceTest} does. Varnish runs on real time; every lifetime here is 60 s
 * and each probe has paths of its own ({@code ?p=N}).
 */
class EdgeSecurityComparisonTest {
    /** One probe: its class, its name, and how it runs against a front. */
    record Probe(String kind, String name, Function<Front, String> run) {
    }

    /** A front under test: its base URI and the origin behind it (its own). */
    record Front(URI base, TestOrigin origin, AtomicInteger next) {
        String unique(String path) {
            return path + (path.contains("?") ? "&" : "?") + "p=" + next.incrementAndGet();
        }
    }

    private static HttpResponse<String> get(Front f, String path, String... headers) {
        return send(f, "GET", path, null, headers);
    }

    private static HttpResponse<String> send(Front f, String method, String path, String body,
            String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(f.base() + path));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        return EdgeTestSupport.send(b, HttpResponse.BodyHandlers.ofString());
    }

    private static final String SAFE = "safe";

    private static String poisoned(String how) {
        return "**poisoned** (" + how + ")";
    }

    static List<Probe> probes() {
        List<Probe> out = new ArrayList<>();
        for (UnkeyedInputTest.Attack a : UnkeyedInputTest.attacks()) {
            out.add(new Probe("1 unkeyed input", a.field() + ": " + a.value(), f -> {
                String path = f.unique(a.path());
                get(f, path, a.field(), a.value());
                HttpResponse<String> victim = get(f, path);
                return a.poisoned(victim) ? poisoned("visitor got " + victim.statusCode())
                        : SAFE;
            }));
        }
        for (CachePoisonedDosTest.Attack a : CachePoisonedDosTest.Attack.values()) {
            out.add(new Probe("2 poisoned DoS", a.status + (a.field == null
                    ? " (a 2 KB body on GET)" : " (" + a.field + ")"), f -> {
                        String path = f.unique("/home");
                        HttpResponse<String> attack = a.field == null
                                ? send(f, "GET", path, "b".repeat(2000))
                                : get(f, path, a.field, a.value);
                        HttpResponse<String> victim = get(f, path);
                        String seen = "attacker got " + attack.statusCode();
                        return victim.statusCode() == a.status
                                ? poisoned(seen + ", visitor too") : SAFE + " (" + seen + ")";
                    }));
        }
        for (String form : CacheDeceptionTest.FORMS) {
            out.add(new Probe("3 deception", form + " with a cookie", f -> {
                String path = f.unique(form);
                HttpResponse<String> own = get(f, path, "Cookie", "sid=victim");
                HttpResponse<String> attacker = get(f, path);
                return attacker.body().contains("account of victim")
                        ? poisoned("attacker got the victim's page")
                        : SAFE + " (victim got " + own.statusCode() + ")";
            }));
        }
        out.add(new Probe("3 deception", "/account/avatar.png with X-Api-Key", f -> {
            String path = f.unique("/account/avatar.png");
            get(f, path, "X-Api-Key", "victim");
            return get(f, path).body().contains("victim")
                    ? poisoned("attacker got the victim's page") : SAFE;
        }));
        out.add(new Probe("4 key normalisation", "/pub/a/../x answered 404, then /pub/x",
                f -> {
                    String q = f.unique("");
                    get(f, "/pub/a/../x" + q);
                    HttpResponse<String> victim = get(f, "/pub/x" + q);
                    return victim.statusCode() == 404 ? poisoned("visitor got the 404") : SAFE;
                }));
        out.add(new Probe("4 key normalisation", "/pub/%78 and /pub/x share one entry", f -> {
            String q = f.unique("");
            get(f, "/pub/%78" + q);
            get(f, "/pub/x" + q);
            long asked = SecurityFixtures.allRequests(f.origin()).stream()
                    .filter(r -> q.substring(1).equals(r.query())).count();
            return asked == 1 ? "one entry, one origin request"
                    : "two entries (" + asked + " origin requests)";
        }));
        for (RequestSmugglingTest.Probe p : RequestSmugglingTest.probes()) {
            out.add(new Probe("4 smuggling", p.name(), f -> {
                int before = f.origin().count("/smuggled");
                String answer;
                try {
                    answer = SecurityFixtures.statuses(SecurityFixtures.exchange(
                            f.base().getPort(), p.bytes())).toString();
                } catch (UncheckedIOException e) {
                    answer = "no answer (" + e.getCause().getClass().getSimpleName() + ")";
                }
                boolean smuggled = f.origin().count("/smuggled") > before;
                return (smuggled ? poisoned("the origin read /smuggled") + " " : "")
                        + "statuses " + answer;
            }));
        }
        return out;
    }

    /** Runs every probe against a front made in front of a fresh origin. */
    private static List<String> run(List<Probe> probes, Function<TestOrigin, URI> front) {
        try (TestOrigin origin = TestOrigin.start()) {
            origin.handleAll(new VulnerableSite());
            origin.route("/pub/x", "page").header("Cache-Control", "max-age=60");
            Front f = new Front(front.apply(origin), origin, new AtomicInteger());
            List<String> results = new ArrayList<>();
            for (Probe p : probes) {
                results.add(p.run().apply(f));
            }
            return results;
        }
    }

    @Test
    void everyProbe_isSafeOnTheEdge_andTheTableShowsTheNaiveEdgeAndVarnish() throws IOException {
        List<Probe> probes = probes();
        List<String> edge;
        List<String> naive;
        List<String> varnish;
        EdgeServer[] e = new EdgeServer[1];
        try {
            edge = run(probes, o -> {
                e[0] = EdgeServer.builder().origin(o.uri()).build().start();
                return URI.create("http://127.0.0.1:" + e[0].port());
            });
        } finally {
            if (e[0] != null) {
                e[0].close();
            }
        }
        try {
            naive = run(probes, o -> {
                e[0] = EdgeServer.builder().naiveProxy().origin(o.uri()).build().start();
                return URI.create("http://127.0.0.1:" + e[0].port());
            });
        } finally {
            if (e[0] != null) {
                e[0].close();
            }
        }
        VarnishProcess[] v = new VarnishProcess[1];
        try {
            varnish = run(probes, o -> {
                v[0] = VarnishProcess.start("127.0.0.1", o.port());
                return v[0].uri();
            });
        } finally {
            if (v[0] != null) {
                v[0].close();
            }
        }
        write(probes, edge, naive, varnish);

        Map<String, String> unsafe = new TreeMap<>();
        for (int i = 0; i < probes.size(); i++) {
            if (edge.get(i).contains("poisoned")) {
                unsafe.put(probes.get(i).name(), edge.get(i));
            }
        }
        assertThat(unsafe).as("probes the edge as it ships fails").isEmpty();
        assertThat(naive).as("the naive edge is poisoned by some probes, or it is not naive")
                .anyMatch(r -> r.contains("poisoned"));
    }

    private static void write(List<Probe> probes, List<String> edge, List<String> naive,
            List<String> varnish) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("| class | probe | wscache-edge | same edge, defences off | Varnish 7.1 |\n")
                .append("|---|---|---|---|---|\n");
        int[] poisoned = new int[3];
        for (int i = 0; i < probes.size(); i++) {
            Probe p = probes.get(i);
            md.append("| ").append(p.kind()).append(" | `").append(p.name()).append("` | ")
                    .append(edge.get(i)).append(" | ").append(naive.get(i)).append(" | ")
                    .append(varnish.get(i)).append(" |\n");
            poisoned[0] += edge.get(i).contains("poisoned") ? 1 : 0;
            poisoned[1] += naive.get(i).contains("poisoned") ? 1 : 0;
            poisoned[2] += varnish.get(i).contains("poisoned") ? 1 : 0;
        }
        md.append("\nPoisoned: wscache-edge ").append(poisoned[0]).append(", defences off ")
                .append(poisoned[1]).append(", Varnish 7.1 ").append(poisoned[2]).append(" of ")
                .append(probes.size()).append(" probes.\n");
        Path dir = Path.of("target", "edge-security");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("comparison.md"), md, StandardCharsets.UTF_8);
        System.out.println("edge security: poisoned wscache-edge " + poisoned[0]
                + ", defences off " + poisoned[1] + ", Varnish " + poisoned[2] + " of "
                + probes.size());
    }
}
