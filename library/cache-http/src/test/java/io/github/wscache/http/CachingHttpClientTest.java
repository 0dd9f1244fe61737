package io.github.wscache.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.core.CacheOutcome;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.copy.CopyStrategy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.jsonws.JsonService;
import io.github.wscache.testkit.Waits;
import java.net.ConnectException;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** cache-http against a real JSON service on embedded Tomcat, counting its requests. */
class CachingHttpClientTest extends JsonServiceTestBase {
    private final ObjectMapper mapper = new ObjectMapper();

    private CachingHttpClient client(String value) {
        return client(value, service);
    }

    private CachingHttpClient client(String value, JsonService at) {
        return client(at.uri(""), "true", "60s", value);
    }

    private HttpResponse<String> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(service.uri(path));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return client.send(b.build(), BodyHandlers.ofString());
    }

    private static String status(HttpResponse<?> r) {
        return r.headers().firstValue("Cache-Status").orElseThrow();
    }

    @Test
    void missThenHit_oneRequest_bodyAsFromTheNetwork() throws Exception {
        client("xml");
        HttpResponse<String> miss = get("items/1");
        HttpResponse<String> hit = get("items/1");

        assertThat(service.count("items/1")).isEqualTo(1);
        assertThat(hit.body()).isEqualTo(miss.body()).contains("\"name\":\"item 1\"");
        assertThat(hit.statusCode()).isEqualTo(200);
        assertThat(status(miss)).isEqualTo("wscache; fwd=miss; fwd-status=200; stored");
        assertThat(status(hit)).isEqualTo("wscache; hit");
        assertThat(CacheStatus.of(hit).orElseThrow().isHit()).isTrue();
        assertThat(hit.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(client.cache().stats().hits()).isEqualTo(1);
        assertThat(client.cache().stats().misses()).isEqualTo(1);
    }

    @Test
    void expiry_afterMaxAge_goesToTheServiceAgain() throws Exception {
        client("xml");
        get("items/2");
        clock.advance(Duration.ofSeconds(30));
        get("items/2");
        clock.advance(Duration.ofSeconds(31));
        HttpResponse<String> expired = get("items/2");

        assertThat(service.count("items/2")).isEqualTo(2);
        assertThat(status(expired)).startsWith("wscache; fwd=miss");
    }

    @Test
    void vary_theFirstResponseIsStored_andVariantsAreKeptApart() throws Exception {
        client("xml");
        HttpResponse<String> first = get("vary", "Accept-Language", "en");
        HttpResponse<String> en = get("vary", "Accept-Language", "en");
        HttpResponse<String> de = get("vary", "Accept-Language", "de");
        HttpResponse<String> deHit = get("vary", "Accept-Language", "de");
        HttpResponse<String> none = get("vary");
        HttpResponse<String> enAgain = get("vary", "Accept-Language", " en ");

        assertThat(status(first)).startsWith("wscache; fwd=miss").endsWith("stored");
        assertThat(en.body()).contains("\"en\"");
        assertThat(status(en)).isEqualTo("wscache; hit");
        assertThat(de.body()).contains("\"de\"");
        assertThat(status(de)).startsWith("wscache; fwd=");
        assertThat(deHit.body()).contains("\"de\"");
        assertThat(status(deHit)).isEqualTo("wscache; hit");
        assertThat(none.body()).doesNotContain("\"de\"").doesNotContain("\"en\"");
        assertThat(status(enAgain)).as("values compared normalized").isEqualTo("wscache; hit");
        assertThat(service.count("vary")).isEqualTo(3);
    }

    @Test
    void revalidation_staleEntryWithETag_is304Refreshed() throws Exception {
        client("xml");
        HttpResponse<String> first = get("etag");
        clock.advance(Duration.ofSeconds(2));
        HttpResponse<String> revalidated = get("etag");
        // the server's Date is real time, this clock is ahead of it: stale again at once
        HttpResponse<String> again = get("etag");

        assertThat(service.count("etag")).isEqualTo(3);
        assertThat(service.notModifiedCount()).isEqualTo(2);
        assertThat(revalidated.statusCode()).isEqualTo(200);
        assertThat(revalidated.body()).isEqualTo(first.body()).contains("tagged");
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(CacheStatus.of(revalidated).orElseThrow().kind())
                .isEqualTo(CacheOutcome.Kind.REVALIDATED);
        assertThat(status(revalidated)).isEqualTo("wscache; fwd=stale; fwd-status=304; stored");
        assertThat(client.cache().stats().revalidations()).isEqualTo(2);
    }

    @Test
    void noStore_isNeverStored() throws Exception {
        client("xml");
        get("nostore");
        HttpResponse<String> second = get("nostore");

        assertThat(service.count("nostore")).isEqualTo(2);
        assertThat(second.body()).contains("\"n\":2");
        assertThat(status(second)).contains("fwd=miss").contains("no-store");
    }

    @Test
    void perUser_eachAuthorizationHasItsOwnEntry_privateNeverShared() throws Exception {
        client("xml");
        HttpResponse<String> alice = get("me", "Authorization", "Bearer alice");
        HttpResponse<String> bob = get("me", "Authorization", "Bearer bob");
        HttpResponse<String> aliceAgain = get("me", "Authorization", "Bearer alice");
        HttpResponse<String> bobAgain = get("me", "Authorization", "Bearer bob");
        get("me");
        HttpResponse<String> anonymous = get("me");

        assertThat(alice.body()).contains("alice");
        assertThat(bob.body()).contains("bob");
        assertThat(aliceAgain.body()).contains("alice").doesNotContain("bob");
        assertThat(bobAgain.body()).contains("bob");
        assertThat(status(aliceAgain)).isEqualTo("wscache; hit");
        // private, and no credentials: an entry shared across users may not keep it
        assertThat(status(anonymous)).contains("fwd=miss").contains("private");
        assertThat(service.count("me")).isEqualTo(4);
    }

    @Test
    void cookiesOfEachClientsOwnCookieHandler_keepItsUsersApart() throws Exception {
        // the JDK adds a cookie handler's cookies below the cache, which sees no Cookie field:
        // the page varies on Cookie, so the handler's cookies must be read as the caller's
        CachingHttpClient base = client("xml");
        URI page = service.uri("page/cookie-handler");
        HttpClient alice = cachedWithCookie(base, "alice");
        HttpClient bob = cachedWithCookie(base, "bob");
        HttpRequest get = HttpRequest.newBuilder(page).build();

        HttpResponse<String> a1 = alice.send(get, BodyHandlers.ofString());
        HttpResponse<String> b1 = bob.send(get, BodyHandlers.ofString());
        HttpResponse<String> a2 = alice.send(get, BodyHandlers.ofString());

        assertThat(a1.body()).contains("session=alice");
        assertThat(b1.body()).as("bob's page, never alice's").contains("session=bob")
                .doesNotContain("alice");
        assertThat(a2.body()).isEqualTo(a1.body());
        assertThat(status(a2)).isEqualTo("wscache; hit");
        assertThat(service.count("page/cookie-handler")).isEqualTo(2);
    }

    /**
     * A client of its own whose cookie handler holds {@code session=<user>} for the service,
     * cached by {@code base}'s cache.
     */
    private static HttpClient cachedWithCookie(CachingHttpClient base, String user)
            throws Exception {
        CookieManager cookies = new CookieManager();
        HttpCookie session = new HttpCookie("session", user);
        session.setPath("/");
        session.setVersion(0);
        cookies.getCookieStore().add(service.uri(""), session);
        HttpClient own = HttpClient.newBuilder().cookieHandler(cookies).build();
        return CachingHttpClient.builder(own).cache(base.cache()).build();
    }

    @Test
    void singleFlight_concurrentMissesSendOneRequest() throws Exception {
        client("xml");
        int n = 8;
        service.holdGated();
        List<Thread> callers = new CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(n);
        List<Future<HttpResponse<String>>> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(pool.submit(() -> {
                callers.add(Thread.currentThread());
                return get("slow");
            }));
        }
        service.awaitHeld(1);
        // the leader's request is at the service; every other caller waits for it
        Waits.untilParkedIn(callers, n - 1, "SingleFlight$Flight", "await");
        service.releaseGated();
        for (Future<HttpResponse<String>> f : all) {
            assertThat(f.get().body()).isEqualTo("{\"slow\":true}");
        }
        pool.shutdown();

        assertThat(service.count("slow")).isEqualTo(1);
    }

    @Test
    void sendAsync_64ConcurrentCallers_oneRequest_thenHitsOnTheCallingThread() throws Exception {
        client("events");
        HttpRequest request = HttpRequest.newBuilder(service.uri("items/64")).build();
        List<CompletableFuture<HttpResponse<JsonService.Item>>> all = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            all.add(client.sendAsync(request,
                    JsonBodyHandlers.of(mapper, JsonService.Item.class)));
        }
        for (CompletableFuture<HttpResponse<JsonService.Item>> f : all) {
            assertThat(f.get().body()).isEqualTo(new JsonService.Item(64, "item 64",
                    List.of("a", "b")));
        }
        CompletableFuture<HttpResponse<JsonService.Item>> hit = client.sendAsync(request,
                JsonBodyHandlers.of(mapper, JsonService.Item.class));

        assertThat(hit).isDone();
        assertThat(status(hit.get())).isEqualTo("wscache; hit");
        assertThat(service.count("items/64")).isEqualTo(1);
        assertThat(client.cache().stats().hits() + client.cache().stats().misses())
                .isEqualTo(65);
    }

    @Test
    void sendAsync_onAClientWithItsOwnOneThreadExecutor_completesTheMiss_thenHits()
            throws Exception {
        ExecutorService one = Executors.newFixedThreadPool(1);
        try {
            HttpClient own = HttpClient.newBuilder().executor(one).build();
            client = CachingHttpClient.builder(own).cache(cache("xml", null)).build();
            HttpRequest request = HttpRequest.newBuilder(service.uri("items/51")).build();
            // a bound, not a sleep: a miss that never completes fails here
            HttpResponse<String> miss = client.sendAsync(request, BodyHandlers.ofString())
                    .get(30, TimeUnit.SECONDS);
            CompletableFuture<HttpResponse<String>> hit =
                    client.sendAsync(request, BodyHandlers.ofString());

            assertThat(miss.body()).contains("\"name\":\"item 51\"");
            assertThat(status(miss)).isEqualTo("wscache; fwd=miss; fwd-status=200; stored");
            assertThat(hit).isDone();
            assertThat(status(hit.get())).isEqualTo("wscache; hit");
            assertThat(service.count("items/51")).isEqualTo(1);
        } finally {
            one.shutdownNow();
        }
    }

    @Test
    void builder_rejectsTheWrappedClientsOwnExecutor() {
        ExecutorService one = Executors.newFixedThreadPool(1);
        try {
            HttpClient own = HttpClient.newBuilder().executor(one).build();
            client = CachingHttpClient.builder(own).cache(cache("xml", null)).build();
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> CachingHttpClient.builder(own).cache(client.cache())
                            .executor(one).build())
                    .withMessage("executor must not be the wrapped client's: a miss would"
                            + " block one of its threads on a send that needs them");
        } finally {
            one.shutdownNow();
        }
    }

    @Test
    void aHitWhoseCopyFails_isCountedAsAnError_andTheCallGoesToTheService() throws Exception {
        BreakableBeanCopier copier = new BreakableBeanCopier();
        try (ResponseCache cache = cache("auto", copier)) {
            CachingHttpClient c = CachingHttpClient.builder(network).cache(cache).build();
            HttpRequest request = HttpRequest.newBuilder(service.uri("items/52")).build();
            JsonBodyHandler<Bean> beans = JsonBodyHandlers.of(mapper, Bean.class);
            HttpResponse<Bean> miss = c.send(request, beans);
            copier.broken.set(true);
            HttpResponse<Bean> sent = c.send(request, beans);
            HttpResponse<Bean> async = c.sendAsync(request, beans).get(30, TimeUnit.SECONDS);

            assertThat(status(miss)).isEqualTo("wscache; fwd=miss; fwd-status=200; stored");
            for (HttpResponse<Bean> r : List.of(sent, async)) {
                assertThat(r.statusCode()).isEqualTo(200);
                assertThat(r.body().name).isEqualTo("item 52");
                assertThat(r.body().tags).containsExactly("a", "b");
                assertThat(status(r)).startsWith("wscache; fwd=miss; fwd-status=200; detail=\"the"
                        + " stored response could not be copied");
            }
            assertThat(service.count("items/52")).isEqualTo(3);
            assertThat(cache.stats().errors()).isEqualTo(2);
        }
    }

    @Test
    void aMissWhoseCopyFails_givesTheCallerTheBodyItFetched() throws Exception {
        BreakableBeanCopier copier = new BreakableBeanCopier();
        copier.broken.set(true);
        try (ResponseCache cache = cache("auto", copier)) {
            CachingHttpClient c = CachingHttpClient.builder(network).cache(cache).build();
            HttpResponse<Bean> miss = c.send(
                    HttpRequest.newBuilder(service.uri("items/53")).build(),
                    JsonBodyHandlers.of(mapper, Bean.class));

            assertThat(miss.body().name).isEqualTo("item 53");
            assertThat(miss.body().tags).containsExactly("a", "b");
            assertThat(status(miss)).isEqualTo("wscache; fwd=miss; fwd-status=200; stored");
            assertThat(service.count("items/53")).isEqualTo(1);
            assertThat(cache.stats().errors()).isEqualTo(1);
        }
    }

    @Test
    void objectsBoundByReadersConfiguredOtherwise_areNeverHandedToEachOther() throws Exception {
        try (ResponseCache cache = cache("auto", null)) {
            CachingHttpClient c = CachingHttpClient.builder(network).cache(cache).build();
            HttpRequest request = HttpRequest.newBuilder(service.uri("items/54")).build();
            JsonBodyHandler<ViewedBean> summary = JsonBodyHandlers.of(
                    mapper.readerFor(ViewedBean.class).withView(Summary.class));
            JsonBodyHandler<ViewedBean> full = JsonBodyHandlers.of(mapper, ViewedBean.class);

            assertThat(c.send(request, summary).body().tags).as("not in the view").isNull();
            assertThat(c.send(request, full).body().tags).containsExactly("a", "b");
            assertThat(c.send(request, summary).body().tags).isNull();
            assertThat(c.send(request, JsonBodyHandlers.of(mapper, ViewedBean.class)).body().tags)
                    .as("another handler with the same reader settings: a hit")
                    .containsExactly("a", "b");
            assertThat(cache.stats().hits()).isEqualTo(2);
        }
    }

    /** A JSON view that leaves out {@link ViewedBean#tags}. */
    public interface Summary {
    }

    /** A JSON view that {@link ViewedBean#tags} belongs to. */
    public interface Details {
    }

    /** {@link Bean} with its tags outside the {@link Summary} view. */
    public static final class ViewedBean {
        @com.fasterxml.jackson.annotation.JsonView(Summary.class)
        public int id;
        @com.fasterxml.jackson.annotation.JsonView(Summary.class)
        public String name;
        @com.fasterxml.jackson.annotation.JsonView(Details.class)
        public List<String> tags;
    }

    /** A cache on the fake clock with the test policy, and {@code copier} for {@link Bean}. */
    private ResponseCache cache(String value, Copier<Bean> copier) {
        CopierRegistry copiers = CopierRegistry.create();
        if (copier != null) {
            copiers.register(Bean.class, copier);
        }
        return ResponseCache.builder().policy(Policy.parse(
                policy(service.uri(""), "true", "60s", value), "http.yaml"))
                .clock(clock).copiers(copiers).build();
    }

    @Test
    void failures_areNeverCached_concurrentCallersShareOne() throws Exception {
        client("xml");
        service.holdGated();
        List<Thread> callers = new CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<HttpResponse<String>>> all = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            all.add(pool.submit(() -> {
                callers.add(Thread.currentThread());
                return get("fail");
            }));
        }
        service.awaitHeld(1);
        Waits.untilParkedIn(callers, 3, "SingleFlight$Flight", "await");
        service.releaseGated();
        for (Future<HttpResponse<String>> f : all) {
            assertThat(f.get().statusCode()).isEqualTo(500);
            assertThat(f.get().body()).contains("always");
        }
        pool.shutdown();
        HttpResponse<String> again = get("fail");

        assertThat(service.count("fail")).isEqualTo(2);
        assertThat(again.statusCode()).isEqualTo(500);
        assertThat(status(again)).contains("HTTP status 500");
    }

    @Test
    void staleIfError_servesTheStaleBody_whenTheServiceFailsOrIsDown() throws Exception {
        JsonService flaky = new JsonService();
        try {
            client("xml", flaky);
            HttpRequest request = HttpRequest.newBuilder(flaky.uri("flaky")).build();
            HttpResponse<String> fine = client.send(request, BodyHandlers.ofString());
            clock.advance(Duration.ofSeconds(5));
            flaky.down(true);
            HttpResponse<String> on503 = client.send(request, BodyHandlers.ofString());
            flaky.close();
            HttpResponse<String> onRefused = client.send(request, BodyHandlers.ofString());
            clock.advance(Duration.ofSeconds(70));

            assertThat(on503.body()).isEqualTo(fine.body()).contains("fine");
            assertThat(on503.statusCode()).isEqualTo(200);
            assertThat(status(on503)).startsWith("wscache; fwd=stale; fwd-status=503")
                    .contains("stale-if-error");
            assertThat(onRefused.body()).isEqualTo(fine.body());
            assertThat(CacheStatus.of(onRefused).orElseThrow().kind())
                    .isEqualTo(CacheOutcome.Kind.STALE);
            assertThatThrownBy(() -> client.send(request, BodyHandlers.ofString()))
                    .isInstanceOf(ConnectException.class);
            assertThat(flaky.count("flaky")).isEqualTo(2);
        } finally {
            flaky.close();
        }
    }

    @Test
    void objects_recordsAndBeansAreHandedOutAsCopies() throws Exception {
        client("auto");
        HttpRequest request = HttpRequest.newBuilder(service.uri("items/7")).build();
        JsonBodyHandler<Bean> beans = JsonBodyHandlers.of(mapper, Bean.class);
        Bean first = client.send(request, beans).body();
        first.tags.add("mutated by the first caller");
        first.name = "changed";
        HttpResponse<Bean> hit = client.send(request, beans);

        assertThat(status(hit)).isEqualTo("wscache; hit");
        assertThat(hit.body().name).isEqualTo("item 7");
        assertThat(hit.body().tags).containsExactly("a", "b");
        assertThat(hit.body()).isNotSameAs(first);
        assertThat(service.count("items/7")).isEqualTo(1);
    }

    @Test
    void events_replayIntoTheCallersMapper_eachHitItsOwnObjects() throws Exception {
        client("events");
        HttpRequest request = HttpRequest.newBuilder(service.uri("items/8")).build();
        JsonBodyHandler<Map<String, Object>> maps = JsonBodyHandlers.of(mapper,
                (java.lang.reflect.Type) Map.class);
        Map<String, Object> first = client.send(request, maps).body();
        first.put("name", "changed");
        HttpResponse<Map<String, Object>> hit = client.send(request, maps);

        assertThat(status(hit)).isEqualTo("wscache; hit");
        assertThat(hit.body()).containsEntry("name", "item 8").containsEntry("id", 8);
        assertThat(service.count("items/8")).isEqualTo(1);
    }

    @Test
    void uncachedOperations_passThroughWithTheirOwnHandler() throws Exception {
        client("xml");
        HttpRequest post = HttpRequest.newBuilder(service.uri("items/9"))
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        HttpResponse<String> r = client.send(post, BodyHandlers.ofString());

        assertThat(r.statusCode()).isEqualTo(405);
        assertThat(status(r)).isEqualTo(
                "wscache; fwd=bypass; fwd-status=405; detail=\"operation is not cacheable\"");
        assertThat(client.cache().stats().bypasses()).isEqualTo(1);
    }

    @Test
    void unsafeRequests_invalidateTheTargetAndItsContentLocation_failedOnesDoNot()
            throws Exception {
        client("xml");
        get("items/21");
        get("items/121");
        get("items/22");

        HttpResponse<String> put = client.send(HttpRequest.newBuilder(service.uri("items/21"))
                .PUT(HttpRequest.BodyPublishers.ofString("{}")).build(),
                BodyHandlers.ofString());
        HttpResponse<String> delete = client.send(HttpRequest.newBuilder(service.uri("items/22"))
                .DELETE().build(), BodyHandlers.ofString());
        get("items/21");
        get("items/121");
        get("items/22");

        assertThat(put.statusCode()).isEqualTo(200);
        assertThat(delete.statusCode()).isEqualTo(405);
        assertThat(service.count("PUT items/21")).isEqualTo(1);
        assertThat(service.count("items/21")).as("the PUT's target").isEqualTo(2);
        assertThat(service.count("items/121")).as("its Content-Location").isEqualTo(2);
        assertThat(service.count("items/22")).as("a failed DELETE invalidates nothing")
                .isEqualTo(1);
    }

    @Test
    void builder_withoutCache_saysWhatToCall() {
        client("xml");
        assertThatIllegalStateException()
                .isThrownBy(() -> CachingHttpClient.builder(network).build())
                .withMessage("a cache is required: call cache(...)");
    }

    /**
     * Copies {@link Bean}s field by field; restoring a stored one fails while {@link #broken}
     * is set (a copier with a bug, a type changed under it), capturing never does.
     */
    private static final class BreakableBeanCopier implements Copier<Bean> {
        final AtomicBoolean broken = new AtomicBoolean();

        @Override
        public Bean copy(Bean original) {
            Bean b = new Bean();
            b.id = original.id;
            b.name = original.name;
            b.tags = original.tags == null ? null : new ArrayList<>(original.tags);
            return b;
        }

        @Override
        public Bean restore(Object captured) {
            if (broken.get()) {
                throw new IllegalStateException("the copier is broken");
            }
            return copy((Bean) captured);
        }

        @Override
        public CopyStrategy strategy() {
            return CopyStrategy.REFLECTION;
        }
    }

    /** A mutable POJO the application binds items to. */
    public static final class Bean {
        public int id;
        public String name;
        public List<String> tags;
    }
}
