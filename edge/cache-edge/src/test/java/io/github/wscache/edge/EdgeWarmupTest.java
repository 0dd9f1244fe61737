package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.testkit.Gate;
import io.github.wscache.testkit.RawHttpServer;
import io.github.wscache.testkit.Waits;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm-up at start, on real servers over loopback: an origin counting requests per path, an
 * edge started with a warm-up source, then client requests whose origin round trips are counted.
 */
class EdgeWarmupTest extends EdgeTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String SHARED = "max-age=60";

    @TempDir
    Path dir;

    private Path list(String text) throws IOException {
        Path p = dir.resolve("warmup.txt");
        Files.writeString(p, text);
        return p;
    }

    private EdgeWarmup.Stats awaitWarmup() throws InterruptedException {
        EdgeWarmup w = edge.warmup().orElseThrow();
        assertThat(w.awaitDone(WAIT)).as("warm-up done").isTrue();
        return w.stats();
    }

    @Test
    void warmupFile_makesTheFirstClientRequestOfEveryListedPathAHit_fragmentsIncluded()
            throws Exception {
        origin.route("/page", "<p><esi:include src=\"/frag/a\"/>|<esi:include src=\"/frag/b\"/>")
                .esi().header("Cache-Control", SHARED);
        origin.route("/frag/a", "A").header("Cache-Control", SHARED);
        origin.route("/frag/b", "B").header("Cache-Control", SHARED);
        origin.route("/plain", "plain").header("Cache-Control", SHARED);
        edge(EdgeServer.builder().warmupFile(list(
                "# the popular pages\n/page\n\n/plain?x=1   # with its query\n/page\n")));

        EdgeWarmup.Stats s = awaitWarmup();
        int before = origin.total();
        HttpResponse<String> page = get(edge, "/page");
        HttpResponse<String> plain = get(edge, "/plain?x=1");

        assertThat(s).extracting(EdgeWarmup.Stats::done, EdgeWarmup.Stats::listed,
                EdgeWarmup.Stats::fetched, EdgeWarmup.Stats::stored, EdgeWarmup.Stats::failed,
                EdgeWarmup.Stats::skipped, EdgeWarmup.Stats::originRequests)
                .containsExactly(true, 2, 2, 2, 0, 0, 4L);
        assertThat(before).as("container, two fragments, plain page").isEqualTo(4);
        assertThat(page.body()).isEqualTo("<p>A|B");
        assertThat(page.headers().firstValue("Cache-Status").orElseThrow())
                .startsWith("wscache-edge; hit").contains("fragments 2 hit 0 miss");
        assertThat(plain.headers().firstValue("Cache-Status").orElseThrow())
                .startsWith("wscache-edge; hit");
        assertThat(origin.total()).as("no origin request for the clients").isEqualTo(before);
        EdgeStats e = edge.stats();
        assertThat(e.warmed()).isEqualTo(2);
        assertThat(e.warmFailed()).isZero();
        assertThat(e.requests()).as("the warm-up is not a client").isEqualTo(2);
        assertThat(e.originRequests()).isZero();
        assertThat(e.filtered()).isEqualTo(2);
    }

    @Test
    void warmupUrl_aPathOnTheOrigin_readsTheOriginsListAndWarmsIt() throws Exception {
        origin.route("/warmup.txt", "/a\n/b # popular too\nnot a path\n")
                .header("Content-Type", "text/plain");
        origin.route("/a", "A").header("Cache-Control", SHARED);
        origin.route("/b", "B").header("Cache-Control", SHARED);
        edge(EdgeServer.builder().warmupUrl(URI.create("/warmup.txt")));

        EdgeWarmup.Stats s = awaitWarmup();
        get(edge, "/a");
        get(edge, "/b");

        assertThat(s.listed()).isEqualTo(2);
        assertThat(s.stored()).isEqualTo(2);
        assertThat(s.failed()).as("the bad line").isEqualTo(1);
        assertThat(origin.count("/warmup.txt")).isEqualTo(1);
        assertThat(origin.count("/a")).isEqualTo(1);
        assertThat(origin.count("/b")).isEqualTo(1);
    }

    @Test
    void warmupFromLog_warmsTheMostRequestedGetsOfThePreviousRunsAccessLog() throws Exception {
        origin.route("/a", "A").header("Cache-Control", SHARED);
        origin.route("/b", "B").header("Cache-Control", SHARED);
        origin.route("/gone", "").status(404);
        Path log = dir.resolve("access.log");
        try (OutputStream out = Files.newOutputStream(log);
                EdgeServer previous = EdgeServer.builder().origin(origin.uri()).accessLog(out)
                        .build().start()) {
            for (String path : List.of("/a", "/a", "/a", "/gone", "/gone", "/gone", "/gone",
                    "/b")) {
                get(previous, path);
            }
            EdgeTestSupport.send(previous, "POST", "/a", "x");
            EdgeTestSupport.send(previous, "POST", "/a", "x");
            EdgeTestSupport.send(previous, "POST", "/a", "x");
        } // the edge stops first and flushes its log, then the file closes
        int a = origin.count("/a");
        edge(EdgeServer.builder().warmupFromLog(log, 1));

        EdgeWarmup.Stats s = awaitWarmup();
        HttpResponse<String> first = get(edge, "/a");

        assertThat(s.listed()).as("the top 1 of GETs with 2xx: /a, not /gone").isEqualTo(1);
        assertThat(origin.count("/a")).as("one warm-up fetch").isEqualTo(a + 1);
        assertThat(first.headers().firstValue("Cache-Status").orElseThrow())
                .startsWith("wscache-edge; hit");
        assertThat(origin.count("/gone")).isEqualTo(4);
        assertThat(origin.count("/b")).as("not in the top 1").isEqualTo(1);
    }

    @Test
    void warmupFromLog_thatDoesNotExistYet_warmsNothing() throws Exception {
        edge(EdgeServer.builder().warmupFromLog(dir.resolve("first-run.log"), 10));

        EdgeWarmup.Stats s = awaitWarmup();

        assertThat(s.listed()).isZero();
        assertThat(s.failed()).isZero();
        assertThat(origin.total()).isZero();
    }

    @Test
    void unreachableOrigin_doesNotFailTheStart_andEveryFailureIsCounted() throws Exception {
        try (RawHttpServer stopped = RawHttpServer.start()) {
            // a port that refuses connections, and that no client socket takes meanwhile
            stopped.stop();
            try (EdgeServer down = EdgeServer.builder()
                    .origin(URI.create("http://127.0.0.1:" + stopped.port()))
                    .warmupUrl(URI.create("/warmup.txt"))
                    .warmupFile(list("/a\n/b\n"))
                    .connectTimeout(Duration.ofSeconds(2))
                    .build().start()) {
                EdgeWarmup w = down.warmup().orElseThrow();
                assertThat(w.awaitDone(WAIT)).isTrue();

                assertThat(down.port()).isPositive();
                assertThat(w.stats()).extracting(EdgeWarmup.Stats::listed,
                        EdgeWarmup.Stats::fetched, EdgeWarmup.Stats::stored,
                        EdgeWarmup.Stats::failed).containsExactly(2, 0, 0, 3);
                assertThat(down.stats().warmFailed()).as("the list and both paths")
                        .isEqualTo(3);
                assertThat(get(down, "/a").statusCode()).isEqualTo(502);
                assertThat(stopped.requests()).isZero();
            }
        }
    }

    @Test
    void personalResponses_areFetchedWithoutCookies_butNotStored() throws Exception {
        origin.route("/cookie", "mine").header("Cache-Control", SHARED)
                .header("Set-Cookie", "JSESSIONID=s1");
        origin.route("/private", "mine").header("Cache-Control", "private, max-age=60");
        origin.route("/esi", "<esi:include src=\"/private\"/>").esi()
                .header("Cache-Control", SHARED);
        edge(EdgeServer.builder().warmupFile(list("/cookie\n/private\n/esi\n")));

        EdgeWarmup.Stats s = awaitWarmup();
        assertThat(origin.lastRequest().headers()).doesNotContainKeys("Cookie", "Authorization");
        HttpResponse<String> esi = get(edge, "/esi");
        get(edge, "/cookie");
        get(edge, "/private");

        assertThat(s.fetched()).isEqualTo(3);
        assertThat(s.stored()).as("only the shared container /esi").isEqualTo(1);
        assertThat(esi.body()).isEqualTo("mine");
        assertThat(origin.count("/cookie")).isEqualTo(2);
        assertThat(origin.count("/private")).as("warm-up (page and include), then the "
                + "client's include and page").isEqualTo(4);
        assertThat(origin.count("/esi")).isEqualTo(1);
    }

    @Test
    void clientsAreServedDuringTheWarmup_andOneAskingForAPathBeingWarmedJoinsItsFetch()
            throws Exception {
        Gate answer = new Gate();
        origin.route("/slow", "slow").header("Cache-Control", SHARED).hold(answer);
        origin.route("/other", "other").header("Cache-Control", SHARED);
        edge(EdgeServer.builder().warmupFile(list("/slow\n")).warmupConcurrency(1));
        answer.awaitEntered(1);

        long t0 = System.nanoTime();
        HttpResponse<String> other = get(edge, "/other");
        long otherMillis = (System.nanoTime() - t0) / 1_000_000;
        boolean doneMeanwhile = edge.warmup().orElseThrow().isDone();
        CompletableFuture<HttpResponse<String>> joining = CompletableFuture.supplyAsync(
                () -> get(edge, "/slow"));
        Waits.until("a client waits for the warm-up's fetch of /slow",
                EdgeWarmupTest::aCallerWaitsForAFlight);
        answer.release();
        HttpResponse<String> slow = joining.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        EdgeWarmup.Stats s = awaitWarmup();

        assertThat(other.body()).isEqualTo("other");
        assertThat(otherMillis).as("not held up by the warm-up").isLessThan(1_500);
        assertThat(doneMeanwhile).isFalse();
        assertThat(slow.body()).isEqualTo("slow");
        assertThat(origin.count("/slow")).as("one origin request: the client joined it")
                .isEqualTo(1);
        assertThat(s.stored()).isEqualTo(1);
    }

    /** Whether a thread waits in the cache for the load of another (single flight). */
    private static boolean aCallerWaitsForAFlight() {
        return Thread.getAllStackTraces().entrySet().stream().anyMatch(e -> {
            Thread.State state = e.getKey().getState();
            return (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING)
                    && Arrays.stream(e.getValue()).anyMatch(f ->
                            f.getClassName().endsWith("SingleFlight$Flight")
                                    && f.getMethodName().equals("await"));
        });
    }

    @Test
    void timeBudget_skipsWhatIsNotStarted_andGivesUpWhatIsInProgress() throws Exception {
        // answered only after the warm-up: in progress for the whole 500 ms budget
        Gate answer = new Gate();
        origin.route("/slow", "slow").header("Cache-Control", SHARED).hold(answer);
        origin.route("/a", "A").header("Cache-Control", SHARED);
        origin.route("/b", "B").header("Cache-Control", SHARED);
        edge(EdgeServer.builder().warmupFile(list("/slow\n/a\n/b\n")).warmupConcurrency(1)
                .warmupBudget(Duration.ofMillis(500)));

        EdgeWarmup.Stats s = awaitWarmup();
        answer.release();

        assertThat(s.elapsed()).isLessThan(Duration.ofMillis(2_500));
        assertThat(s.listed()).isEqualTo(3);
        assertThat(s.failed()).as("/slow, given up").isEqualTo(1);
        assertThat(s.fetched() + s.skipped()).isEqualTo(2);
        assertThat(s.skipped()).as("/a and /b, never started: one path at a time")
                .isEqualTo(2);
        assertThat(get(edge, "/other").statusCode()).as("the edge still serves").isEqualTo(404);
    }

    @Test
    void noWarmupSource_noWarmup() {
        edge();
        assertThat(edge.warmup()).isEmpty();
        assertThat(edge.stats().toJson()).contains("\"warmed\":0,\"warmFailed\":0");
    }

    @Test
    void builder_rejectsBadWarmupSettings_withPreciseMessages() throws IOException {
        Path missing = dir.resolve("missing.txt");
        assertThatThrownBy(() -> EdgeServer.builder().warmupUrl(URI.create("ftp://h/list")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("warm-up url must be "
                        + "an http URL or a path on the origin starting with /: ftp://h/list");
        assertThatThrownBy(() -> EdgeServer.builder().warmupUrl(URI.create("warmup.txt")))
                .hasMessage("warm-up url must be an http URL or a path on the origin starting "
                        + "with /: warmup.txt");
        assertThatThrownBy(() -> EdgeServer.builder().warmupUrl(URI.create("/a"))
                .warmupUrl(URI.create("/b"))).isInstanceOf(IllegalStateException.class)
                .hasMessage("warm-up url was already set: /a");
        assertThatThrownBy(() -> EdgeServer.builder().warmupFile(missing))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("warm-up file is not a readable file: " + missing);
        assertThatThrownBy(() -> EdgeServer.builder().warmupFromLog(missing, 0))
                .hasMessage("warm-up top must be in 1..10000: 0");
        assertThatThrownBy(() -> EdgeServer.builder().warmupConcurrency(65))
                .hasMessage("warm-up concurrency must be in 1..64: 65");
        assertThatThrownBy(() -> EdgeServer.builder().warmupBudget(Duration.ZERO))
                .hasMessage("warm-up budget must be positive: PT0S");
        assertThatThrownBy(() -> EdgeServer.builder().origin(URI.create("http://o"))
                .warmupBudget(Duration.ofSeconds(5)).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("warm-up concurrency or budget set without a warm-up source: call "
                        + "warmupUrl, warmupFile or warmupFromLog");
    }
}
