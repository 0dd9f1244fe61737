package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.Gate;
import io.github.wscache.testkit.TestOrigin;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** One user's fragment is never served to another; missing fragments are fetched at once. */
class PersonalisationAndParallelTest extends EdgeTestBase {
    private static String user(TestOrigin.Request x) {
        String c = x.header("Cookie");
        return c == null ? "nobody" : c.replaceAll(".*user=([a-z0-9]+).*", "$1");
    }

    private void personalisedPage(String varyOrPrivate) {
        origin.route("/page", "<esi:include src=\"/hello\"/>|<esi:include src=\"/menu\"/>")
                .esi();
        // shared by every visitor, and says so: the visitors carry cookies
        origin.route("/menu", "menu").header("Cache-Control", "public, max-age=60");
        TestOrigin.Route hello = origin.route("/hello", "").body(x -> "hello " + user(x));
        if (varyOrPrivate.equals("vary")) {
            hello.header("Cache-Control", "max-age=60").header("Vary", "Cookie");
        } else {
            hello.header("Cache-Control", "private, max-age=60");
        }
    }

    @Test
    void varyCookieFragment_isCachedPerUser() {
        personalisedPage("vary");
        edge = EdgeServer.builder().origin(origin.uri()).varyCookies("user").build().start();
        for (int i = 0; i < 3; i++) {
            assertThat(get(edge, "/page", "Cookie", "user=ann; theme=x").body())
                    .isEqualTo("hello ann|menu");
            assertThat(get(edge, "/page", "Cookie", "user=bob; theme=y").body())
                    .isEqualTo("hello bob|menu");
        }
        // the first response of each user is stored with its secondary key (RFC 9111 §4.1)
        assertThat(origin.count("/hello")).isEqualTo(2);
        assertThat(origin.count("/menu")).isEqualTo(1);
    }

    @Test
    void privateFragment_isNeverCached() {
        personalisedPage("private");
        edge = EdgeServer.builder().origin(origin.uri()).build().start();
        assertThat(get(edge, "/page", "Cookie", "user=ann").body()).isEqualTo("hello ann|menu");
        assertThat(get(edge, "/page", "Cookie", "user=bob").body()).isEqualTo("hello bob|menu");
        assertThat(origin.count("/hello")).isEqualTo(2);
    }

    @Test
    void manyConcurrentUsers_eachSeeOnlyTheirOwnFragment() throws Exception {
        personalisedPage("vary");
        edge = EdgeServer.builder().origin(origin.uri()).varyCookies("user").build().start();
        ExecutorService threads = Executors.newFixedThreadPool(16);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                String u = "u" + (i % 20);
                results.add(threads.submit(() -> get(edge, "/page", "Cookie", "user=" + u)
                        .body().equals("hello " + u + "|menu")));
            }
            for (Future<Boolean> f : results) {
                assertThat(f.get()).isTrue();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void concurrentMissesOfAUriThatCannotBeStored_doNotWaitForEachOther() throws Exception {
        // a personal page: two visitors at once must not queue behind each other's round trip
        // (Varnish's hit-for-miss); the first origin request answers at once, each later one
        // waits until both have arrived
        AtomicInteger arrivals = new AtomicInteger();
        CountDownLatch bothArrived = new CountDownLatch(2);
        origin.route("/me", "").header("Cache-Control", "private").body(x -> {
            if (arrivals.incrementAndGet() == 1) {
                return "me " + user(x) + " alone";
            }
            bothArrived.countDown();
            try {
                return "me " + user(x) + " together="
                        + bothArrived.await(3, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "interrupted";
            }
        });
        edge = EdgeServer.builder().origin(origin.uri()).build().start();
        // the first response shows the URI cannot be stored
        assertThat(get(edge, "/me", "Cookie", "user=zed").body()).startsWith("me zed");
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<String> ann = threads.submit(() -> get(edge, "/me", "Cookie", "user=ann")
                    .body());
            Future<String> bob = threads.submit(() -> get(edge, "/me", "Cookie", "user=bob")
                    .body());
            assertThat(ann.get()).isEqualTo("me ann together=true");
            assertThat(bob.get()).isEqualTo("me bob together=true");
        } finally {
            threads.shutdownNow();
        }
        assertThat(origin.count("/me")).isEqualTo(3);
    }

    @Test
    void setCookieResponse_isPassedThroughAndNeverCached() {
        origin.route("/login", "welcome").header("Cache-Control", "max-age=60")
                .header("Set-Cookie", "JSESSIONID=abc; Path=/");
        edge = EdgeServer.builder().origin(origin.uri()).build().start();
        HttpResponse<String> r = get(edge, "/login");
        get(edge, "/login");
        assertThat(r.headers().allValues("Set-Cookie")).containsExactly("JSESSIONID=abc; Path=/");
        assertThat(origin.count("/login")).isEqualTo(2);
    }

    @Test
    void requestWithAuthorization_isNotServedFromSharedEntries() {
        origin.route("/a", "A").header("Cache-Control", "max-age=60");
        edge = EdgeServer.builder().origin(origin.uri()).build().start();
        get(edge, "/a");
        HttpResponse<String> r = get(edge, "/a", "Authorization", "Basic YWxpY2U6cHc=");
        assertThat(origin.count("/a")).isEqualTo(2);
        assertThat(r.headers().firstValue("Cache-Status")).hasValue("wscache-edge; fwd=bypass");
    }

    @Test
    void varyStar_isNeverCached() {
        origin.route("/a", "A").header("Cache-Control", "max-age=60").header("Vary", "*");
        edge = EdgeServer.builder().origin(origin.uri()).build().start();
        get(edge, "/a");
        get(edge, "/a");
        assertThat(origin.count("/a")).isEqualTo(2);
    }

    @Test
    void twoSlowUncacheableFragments_areFetchedInParallel() throws Exception {
        origin.route("/page", "<esi:include src=\"/slow1\"/>|<esi:include src=\"/slow2\"/>")
                .esi();
        // both held at the origin until both are asked for: fetched one after the other, the
        // second would not be asked for before the first is answered
        Gate both = new Gate();
        origin.route("/slow1", "one").hold(both);
        origin.route("/slow2", "two").hold(both);
        edge = EdgeServer.builder().origin(origin.uri()).build().start();
        CompletableFuture<HttpResponse<String>> page = CompletableFuture.supplyAsync(
                () -> get(edge, "/page"));
        both.awaitEntered(2);
        both.release();
        assertThat(page.get(20, TimeUnit.SECONDS).body()).isEqualTo("one|two");
        assertThat(origin.count("/slow1")).isEqualTo(1);
        assertThat(origin.count("/slow2")).isEqualTo(1);
    }

    @Test
    void nestedIncludes_startAsSoonAsTheirFragmentArrives() throws Exception {
        origin.route("/page", "<esi:include src=\"/a\"/>|<esi:include src=\"/b\"/>").esi();
        origin.route("/a", "a(<esi:include src=\"/a1\"/>)").esi();
        // /b is held at the origin: /a1 must be asked for before /b is answered (one after
        // another, it would wait for /b)
        Gate b = new Gate();
        Gate a1 = new Gate();
        origin.route("/a1", "a1").hold(a1);
        origin.route("/b", "b").hold(b);
        edge = EdgeServer.builder().origin(origin.uri()).build().start();
        CompletableFuture<HttpResponse<String>> page = CompletableFuture.supplyAsync(
                () -> get(edge, "/page"));
        a1.awaitEntered(1);
        b.awaitEntered(1);
        assertThat(page).as("/b not answered yet").isNotDone();
        a1.release();
        b.release();
        assertThat(page.get(20, TimeUnit.SECONDS).body()).isEqualTo("a(a1)|b");
    }

    @Test
    void cachedFragments_neverWaitForTheFetchPool() throws Exception {
        origin.route("/page", "<esi:include src=\"/menu\"/>").esi();
        // shared by every visitor, and says so: the visitors carry cookies
        origin.route("/menu", "menu").header("Cache-Control", "public, max-age=60");
        origin.route("/slowpage", "<esi:include src=\"/slow\"/>").esi();
        Gate answer = new Gate();
        origin.route("/slow", "slow").hold(answer);
        edge = EdgeServer.builder().origin(origin.uri()).fetchThreads(1).build().start();
        get(edge, "/page");
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            Future<HttpResponse<String>> slow = other.submit(() -> get(edge, "/slowpage"));
            answer.awaitEntered(1);
            // the only fetch thread now waits for /slow, held at the origin; /menu is fresh in
            // the cache
            long t0 = System.nanoTime();
            HttpResponse<String> r = get(edge, "/page");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertThat(slow).as("/slow still held").isNotDone();
            answer.release();
            assertThat(r.body()).isEqualTo("menu");
            assertThat(r.headers().firstValue("Cache-Status").orElseThrow())
                    .contains("fragments 1 hit 0 miss");
            assertThat(ms).as("not behind the held fetch").isLessThan(1_000);
            assertThat(slow.get().body()).isEqualTo("slow");
        } finally {
            answer.release();
            other.shutdownNow();
        }
    }
}
