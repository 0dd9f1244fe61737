package io.github.wscache.edge.varnish;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.edge.EdgeServer;
import io.github.wscache.testkit.TestOrigin;
import io.github.wscache.testkit.TestOrigin.Response;
import io.github.wscache.varnish.VarnishProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Varnish 7.1 and the edge in front of one origin: the same composed HTML, the edge fetches the
 * includes of a page in parallel where Varnish fetches them one after another, and both let
 * concurrent misses of a response they could not store through at once (hit-for-miss). Needs
 * {@code varnishd} ({@code apt-get install varnish}); fails, never skips, without it.
 */
class VarnishParityTest {
    private static final String ESI = "content=\"ESI/1.0\"";
    private static final String PAGE = "<html><h1>t</h1>\n<esi:include src=\"/frag/a\"/>\n"
            + "<esi:remove><a href=\"/frag/a\">a</a></esi:remove>"
            + "<esi:comment text=\"note\"/><!--esi <p>esi on</p> -->\n"
            + "<esi:include src=\"/frag/c\"/></html>\n";
    private static final String SLOW_PAGE =
            "[<esi:include src=\"/slow/1\"/>|<esi:include src=\"/slow/2\"/>]";
    /** Path to body and Cache-Control. */
    private static final Map<String, String[]> PAGES = Map.of(
            "/page", new String[] {PAGE, "max-age=60"},
            "/frag/a", new String[] {"<div>A <esi:include src=\"/frag/b\"/></div>", "max-age=60"},
            "/frag/b", new String[] {"<span>B</span>", "max-age=60"},
            "/frag/c", new String[] {"<p>C</p>", "max-age=60"},
            "/slow-page", new String[] {SLOW_PAGE, "no-store"});

    private static final Map<String, AtomicInteger> ARRIVALS = new ConcurrentHashMap<>();
    private static final Map<String, CountDownLatch> PAIRS = new ConcurrentHashMap<>();
    private static TestOrigin origin;
    private static VarnishProcess varnish;
    private static EdgeServer edge;
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void start() {
        origin = TestOrigin.start();
        PAGES.forEach((path, page) -> origin.route(path, page[0])
                .header("Content-Type", "text/html; charset=UTF-8")
                .header("Cache-Control", page[1]).header("Surrogate-Control", ESI));
        for (String n : new String[] {"1", "2"}) {
            // slow origins: the edge asks for both at once, Varnish one after the other
            origin.route("/slow/" + n, "slow" + n).delay(Duration.ofMillis(300))
                    .header("Content-Type", "text/html; charset=UTF-8")
                    .header("Cache-Control", "no-store");
        }
        origin.handleAll(request -> {
            String path = request.path();
            boolean personal = path.startsWith("/personal/");
            return Response.of(personal ? 200 : 404,
                    personal ? "together=" + together(path) : "not found")
                    .header("Content-Type", "text/html; charset=UTF-8")
                    .header("Cache-Control", personal ? "private" : "no-store");
        });
        varnish = VarnishProcess.start("127.0.0.1", origin.port());
        edge = EdgeServer.builder().origin(origin.uri()).build().start();
    }

    @AfterAll
    static void stop() {
        if (edge != null) {
            edge.close();
        }
        if (varnish != null) {
            varnish.close();
        }
        origin.close();
    }

    /**
     * For a {@code /personal/} path: the first request answers at once; each later one waits
     * (up to 3 s) until two of them are at the origin, and says whether they were.
     */
    private static boolean together(String path) {
        if (ARRIVALS.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet() == 1) {
            return false;
        }
        CountDownLatch pair = PAIRS.computeIfAbsent(path, p -> new CountDownLatch(2));
        pair.countDown();
        try {
            return pair.await(3, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static HttpResponse<String> get(URI base, String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(base.resolve(path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static URI edgeUri() {
        return URI.create("http://127.0.0.1:" + edge.port());
    }

    @Test
    void edgeAndVarnish_composeIdenticalHtml() throws Exception {
        HttpResponse<String> v = get(varnish.uri(), "/page");
        HttpResponse<String> e = get(edgeUri(), "/page");
        assertThat(v.statusCode()).isEqualTo(200);
        assertThat(e.body()).isEqualTo(v.body())
                .isEqualTo("<html><h1>t</h1>\n<div>A <span>B</span></div>\n"
                        + " <p>esi on</p> \n<p>C</p></html>\n");
    }

    @Test
    void edgeFetchesTwoSlowIncludesInParallel_varnishOneAfterAnother() throws Exception {
        get(varnish.uri(), "/slow-page");
        get(edgeUri(), "/slow-page");
        long varnishMs = Long.MAX_VALUE;
        long edgeMs = Long.MAX_VALUE;
        for (int i = 0; i < 2; i++) {
            long t0 = System.nanoTime();
            HttpResponse<String> v = get(varnish.uri(), "/slow-page");
            varnishMs = Math.min(varnishMs, (System.nanoTime() - t0) / 1_000_000);
            t0 = System.nanoTime();
            HttpResponse<String> e = get(edgeUri(), "/slow-page");
            edgeMs = Math.min(edgeMs, (System.nanoTime() - t0) / 1_000_000);
            assertThat(e.body()).isEqualTo(v.body()).isEqualTo("[slow1|slow2]");
        }
        System.out.println("two uncacheable 300 ms includes: wscache-edge " + edgeMs
                + " ms, Varnish " + varnishMs + " ms");
        assertThat(varnishMs).isGreaterThanOrEqualTo(600);
        assertThat((double) edgeMs).isLessThan(0.75 * varnishMs);
    }

    @Test
    void aResponseThatCannotBeStored_letsConcurrentMissesThrough_inBothLikeVarnishsHitForMiss()
            throws Exception {
        for (URI proxy : new URI[] {varnish.uri(), edgeUri()}) {
            String path = "/personal/" + proxy.getPort();
            assertThat(get(proxy, path).body()).isEqualTo("together=false");
            ExecutorService two = Executors.newFixedThreadPool(2);
            try {
                Future<String> a = two.submit(() -> get(proxy, path).body());
                Future<String> b = two.submit(() -> get(proxy, path).body());
                assertThat(a.get()).as(proxy + ": the first of two at once").isEqualTo(
                        "together=true");
                assertThat(b.get()).as(proxy + ": the second").isEqualTo("together=true");
            } finally {
                two.shutdownNow();
            }
        }
    }
}
