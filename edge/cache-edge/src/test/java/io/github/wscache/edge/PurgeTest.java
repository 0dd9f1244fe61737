package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.Gate;
import io.github.wscache.testkit.TestOrigin;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Origin-driven invalidation: purging by Surrogate-Key tag on the admin port. */
class PurgeTest extends EdgeTestBase {
    private static final String SECRET = "0123456789abcdef-secret";

    private static HttpResponse<String> purge(EdgeServer edge, String tags, String auth) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + edge.adminPort() + "/_edge/purge")).header("Surrogate-Key", tags)
                .POST(HttpRequest.BodyPublishers.noBody());
        if (auth != null) {
            b.header("Authorization", auth);
        }
        return EdgeTestSupport.send(b, HttpResponse.BodyHandlers.ofString());
    }

    /** Two cacheable items tagged {@code item-1} and {@code item-2}; the first shows stock. */
    private void twoItems(AtomicInteger stock) {
        origin.route("/item/1", "").body(x -> "stock " + stock.get())
                .header("Cache-Control", "max-age=600").header("Surrogate-Key", "item-1 items");
        origin.route("/item/2", "two").header("Cache-Control", "max-age=600")
                .header("Surrogate-Key", "item-2 items");
    }

    @Test
    void purgeByTag_dropsEveryTaggedResponse_andOnlyThose() {
        AtomicInteger stock = new AtomicInteger(1);
        twoItems(stock);
        edge(EdgeServer.builder().purgeSecret(SECRET));
        assertThat(get(edge, "/item/1").body()).isEqualTo("stock 1");
        get(edge, "/item/2");
        HttpResponse<String> hit = get(edge, "/item/1");
        assertThat(hit.body()).isEqualTo("stock 1");
        assertThat(hit.headers().firstValue("Surrogate-Key")).as("kept from clients").isEmpty();
        stock.set(0);
        HttpResponse<String> r = purge(edge, "item-1", "Bearer " + SECRET);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("{\"tags\":1,\"urls\":1}");
        assertThat(get(edge, "/item/1").body()).isEqualTo("stock 0");
        get(edge, "/item/2");
        assertThat(origin.count("/item/1")).isEqualTo(2);
        assertThat(origin.count("/item/2")).as("another tag stays cached").isEqualTo(1);
        assertThat(edge.stats().purges()).isEqualTo(1);
    }

    @Test
    void withoutLocationInvalidation_aPostsSeeOtherKeepsItsTarget_butNotItsOwnUri() {
        origin.route("/home", "home").header("Cache-Control", "max-age=600");
        origin.route("/signout", "signed out").header("Cache-Control", "max-age=600");
        edge(EdgeServer.builder().purgeSecret(SECRET).invalidateLocations(false));
        get(edge, "/home");
        get(edge, "/signout");
        origin.route("/signout", "").status(303).header("Location", "/home");
        assertThat(EdgeTestSupport.send(edge, "POST", "/signout", "").statusCode())
                .isEqualTo(303);
        assertThat(get(edge, "/home").headers().firstValue("Cache-Status").orElseThrow())
                .as("the shared page a post redirects to").startsWith("wscache-edge; hit");
        assertThat(origin.count("/home")).isEqualTo(1);
        get(edge, "/signout");
        assertThat(origin.count("/signout")).as("the post's own URI: RFC 9111 §4.4 MUST")
                .isEqualTo(3);
    }

    @Test
    void byDefault_aPostsSeeOtherInvalidatesItsTarget() {
        origin.route("/home", "home").header("Cache-Control", "max-age=600");
        origin.route("/signout", "").status(303).header("Location", "/home");
        edge(EdgeServer.builder());
        get(edge, "/home");
        EdgeTestSupport.send(edge, "POST", "/signout", "");
        get(edge, "/home");
        assertThat(origin.count("/home")).isEqualTo(2);
    }

    @Test
    void anAnswerToAChange_purgesTheTagsOfItsPurgeField_beforeTheClientSeesIt() {
        AtomicInteger stock = new AtomicInteger(1);
        twoItems(stock);
        edge(EdgeServer.builder().purgeHeader("Surrogate-Purge"));
        get(edge, "/item/1");
        get(edge, "/item/2");
        origin.route("/order", "").status(303).header("Location", "/done")
                .header("Surrogate-Purge", "item-1 item-9").body(x -> {
                    stock.set(0);
                    return "";
                });
        HttpResponse<String> r = EdgeTestSupport.send(edge, "POST", "/order", "");
        assertThat(r.statusCode()).isEqualTo(303);
        assertThat(r.headers().firstValue("Surrogate-Purge")).as("not forwarded").isEmpty();
        assertThat(get(edge, "/item/1").body()).isEqualTo("stock 0");
        get(edge, "/item/2");
        assertThat(origin.count("/item/1")).isEqualTo(2);
        assertThat(origin.count("/item/2")).as("another tag stays cached").isEqualTo(1);
        assertThat(edge.stats().purges()).isEqualTo(1);
        assertThat(edge.stats().purgedTags()).isEqualTo(2);
    }

    @Test
    void thePurgeField_purgesNothing_onSafeRequests_onErrors_orWhenNotTurnedOn() {
        origin.route("/a", "a").header("Cache-Control", "max-age=600")
                .header("Surrogate-Key", "t");
        origin.route("/page", "p").header("Cache-Control", "no-store")
                .header("Surrogate-Purge", "t");
        origin.route("/fail", "no").status(500).header("Surrogate-Purge", "t");
        origin.route("/change", "").status(303).header("Location", "/a")
                .header("Surrogate-Purge", "t");
        edge(EdgeServer.builder().purgeHeader("Surrogate-Purge").invalidateLocations(false));
        get(edge, "/a");
        get(edge, "/page");
        EdgeTestSupport.send(edge, "POST", "/fail", "");
        get(edge, "/a");
        assertThat(origin.count("/a")).as("a GET's field and a 5xx's field purge nothing")
                .isEqualTo(1);
        edge.close();
        edge(EdgeServer.builder().invalidateLocations(false));
        get(edge, "/a");
        HttpResponse<String> r = EdgeTestSupport.send(edge, "POST", "/change", "");
        assertThat(r.headers().firstValue("Surrogate-Purge")).as("an ordinary field when off")
                .hasValue("t");
        get(edge, "/a");
        assertThat(origin.count("/a")).isEqualTo(2);
        assertThat(edge.stats().purges()).isZero();
    }

    @Test
    void aPurgeFieldName_mustBeAFieldName() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> EdgeServer.builder().purgeHeader("Surrogate Purge"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("field name");
    }

    @Test
    void purgeWithoutTheSecret_isRefusedAndCounted_andPurgesNothing() {
        origin.route("/a", "a").header("Cache-Control", "max-age=600")
                .header("Surrogate-Key", "t");
        edge(EdgeServer.builder().purgeSecret(SECRET));
        get(edge, "/a");
        var none = purge(edge, "t", null);
        assertThat(none.statusCode()).isEqualTo(401);
        // a script reads a refusal as it reads a purge done: JSON, no server banner
        assertThat(none.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(none.body()).isEqualTo("{\"status\":401,\"error\":\"no purge secret given\"}");
        var wrong = purge(edge, "t", "Bearer wrong-secret-wrong-secret");
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.body()).isEqualTo("{\"status\":401,\"error\":\"wrong purge secret\"}");
        assertThat(EdgeTestSupport.send(edge, "POST", "/_edge/purge", "", "Surrogate-Key", "t",
                "Authorization", "Bearer " + SECRET).statusCode())
                .as("the proxy's port forwards, it never purges").isNotEqualTo(200);
        get(edge, "/a");
        assertThat(origin.count("/a")).isEqualTo(1);
        assertThat(edge.stats().purgesRefused()).isEqualTo(2);
        assertThat(edge.stats().purges()).isZero();
    }

    @Test
    void withoutASecret_purgingIsOff() {
        edge();
        var off = purge(edge, "t", "Bearer " + SECRET);
        assertThat(off.statusCode()).isEqualTo(403);
        assertThat(off.body()).isEqualTo("{\"status\":403,\"error\":\"purging is off: no purge "
                + "secret is configured\"}").doesNotContain("Tomcat");
        assertThat(edge.stats().purgesRefused()).isEqualTo(1);
    }

    @Test
    void aResponseRequestedBeforeThePurge_isNotUsedAfterIt() throws Exception {
        AtomicInteger version = new AtomicInteger(1);
        java.util.concurrent.CountDownLatch rendering = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch purged = new java.util.concurrent.CountDownLatch(1);
        origin.route("/slow", "").body(x -> {
            // renders the version of the moment the request arrived, and answers only once
            // the purge has been made
            String v = "v" + version.get();
            rendering.countDown();
            try {
                purged.await(10, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return v;
        }).header("Cache-Control", "max-age=600").header("Surrogate-Key", "s");
        edge(EdgeServer.builder().purgeSecret(SECRET));
        java.util.concurrent.atomic.AtomicReference<String> firstBody =
                new java.util.concurrent.atomic.AtomicReference<>();
        Thread first = new Thread(() -> firstBody.set(get(edge, "/slow").body()));
        first.start();
        assertThat(rendering.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        version.set(2);
        purge(edge, "s", "Bearer " + SECRET);
        purged.countDown();
        first.join();

        assertThat(firstBody.get()).as("the request made before the purge").isEqualTo("v1");
        assertThat(get(edge, "/slow").body()).as("after the purge").isEqualTo("v2");
        assertThat(origin.count("/slow")).isEqualTo(2);
    }

    @Test
    void aRevalidationOnItsWayDuringAPurge_doesNotBringThePurgedPageBack() throws Exception {
        TestOrigin.Route page = origin.route("/p", "v1").header("Cache-Control", "max-age=0")
                .header("Surrogate-Key", "s").etag("\"v1\"");
        edge(EdgeServer.builder().purgeSecret(SECRET));
        assertThat(get(edge, "/p").body()).isEqualTo("v1");
        // the next request revalidates; the origin's 304 would make the page fresh for 600 s
        Gate atTheOrigin = new Gate();
        page.header("Cache-Control", "max-age=600").hold(atTheOrigin);
        java.util.concurrent.atomic.AtomicReference<String> during =
                new java.util.concurrent.atomic.AtomicReference<>();
        Thread revalidating = new Thread(() -> during.set(get(edge, "/p").body()));
        revalidating.start();
        atTheOrigin.awaitEntered(1);
        assertThat(purge(edge, "s", "Bearer " + SECRET).statusCode()).isEqualTo(200);
        atTheOrigin.release();
        revalidating.join();
        page.body("v2").etag("\"v2\"").hold(null);

        assertThat(during.get()).as("the request made before the purge").isEqualTo("v1");
        assertThat(origin.notModified("/p")).isEqualTo(1);
        assertThat(get(edge, "/p").body()).as("after the purge").isEqualTo("v2");
        assertThat(origin.count("/p")).isEqualTo(3);
    }

    @Test
    void aGetOnItsWayWhileAPostChangesItsUrl_isNotStored() throws Exception {
        AtomicInteger version = new AtomicInteger(1);
        java.util.concurrent.CountDownLatch rendering = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch posted = new java.util.concurrent.CountDownLatch(1);
        origin.route("/cart", "").body(x -> {
            if (x.method().equals("POST")) {
                return "now v" + version.incrementAndGet();
            }
            // renders the version of the moment the GET arrived, and answers once the POST has
            // changed it
            String v = "v" + version.get();
            rendering.countDown();
            try {
                posted.await(10, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return v;
        }).header("Cache-Control", "max-age=600");
        edge = EdgeServer.builder().origin(origin.uri()).build().start();
        java.util.concurrent.atomic.AtomicReference<String> before =
                new java.util.concurrent.atomic.AtomicReference<>();
        Thread get = new Thread(() -> before.set(get(edge, "/cart").body()));
        get.start();
        assertThat(rendering.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(EdgeTestSupport.send(edge, "POST", "/cart", "add", "Content-Type",
                "text/plain").body()).isEqualTo("now v2");
        posted.countDown();
        get.join();

        assertThat(before.get()).as("the GET made before the POST").isEqualTo("v1");
        assertThat(get(edge, "/cart").body()).as("after the POST (RFC 9111 §4.4)")
                .isEqualTo("v2");
        assertThat(origin.count("/cart")).isEqualTo(3);
    }
}
