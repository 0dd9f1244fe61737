package io.github.wscache.http;

import io.github.wscache.jsonws.JsonService;
import io.github.wscache.testkit.RawHttpServer;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * cache-http as RFC 9111's private cache: the cases the http-tests/cache-tests suite answered
 * wrongly, each against the real JSON service on Tomcat, or against a raw socket server for what
 * Tomcat and the JDK client cannot be made to send.
 */
class PrivateCacheRulesTest extends JsonServiceTestBase {
    /** A client whose policy caches every GET under {@code base}, with a ttl of 60 s. */
    private CachingHttpClient client(URI base, String honorHttpHeaders) {
        return client(base, honorHttpHeaders, "60s");
    }

    private CachingHttpClient client(URI base, String honorHttpHeaders, String ttl) {
        return client(base, honorHttpHeaders, ttl, "xml");
    }

    private CachingHttpClient client() {
        return client(service.uri(""), "true");
    }

    private HttpResponse<String> get(URI uri, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri);
        if (headers.length > 0) {
            b.headers(headers);
        }
        return client.send(b.build(), BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path, String... headers) throws Exception {
        return get(service.uri(path), headers);
    }

    private static String status(HttpResponse<?> r) {
        return r.headers().firstValue("Cache-Status").orElseThrow();
    }

    // a. the directives for shared caches are not this cache's

    @Test
    void sMaxAge_isIgnored_maxAgeDecides() throws Exception {
        client();
        get("smaxage");
        HttpResponse<String> fresh = get("smaxage");
        clock.advance(Duration.ofSeconds(2));
        HttpResponse<String> expired = get("smaxage");

        assertThat(status(fresh)).isEqualTo("wscache; hit");
        assertThat(status(expired)).startsWith("wscache; fwd=miss");
        assertThat(service.count("smaxage")).isEqualTo(2);
    }

    @Test
    void proxyRevalidate_doesNotKeepAStaleResponseFromMaxStale() throws Exception {
        client();
        get("proxyrevalidate");
        clock.advance(Duration.ofSeconds(5));
        HttpResponse<String> stale = get("proxyrevalidate", "Cache-Control", "max-stale=60");

        assertThat(status(stale)).isEqualTo("wscache; hit");
        assertThat(service.count("proxyrevalidate")).isEqualTo(1);
    }

    // b. what the request asks of the cache

    @Test
    void requestMaxAge0_onAFreshResponseWithoutValidator_fetchesAndStoresTheNewOne()
            throws Exception {
        client();
        get("items/31");
        clock.advance(Duration.ofSeconds(1));
        HttpResponse<String> reloaded = get("items/31", "Cache-Control", "max-age=0");
        HttpResponse<String> after = get("items/31");

        assertThat(status(reloaded)).isEqualTo("wscache; fwd=miss; fwd-status=200; stored");
        assertThat(status(after)).isEqualTo("wscache; hit");
        assertThat(service.count("items/31")).isEqualTo(2);
    }

    @Test
    void requestMaxAge0_onAFreshResponseWithETag_revalidates() throws Exception {
        client();
        HttpResponse<String> first = get("tagged/1");
        clock.advance(Duration.ofSeconds(1));
        HttpResponse<String> revalidated = get("tagged/1", "Cache-Control", "max-age=0");

        assertThat(status(revalidated)).isEqualTo("wscache; fwd=stale; fwd-status=304; stored");
        assertThat(revalidated.body()).isEqualTo(first.body());
        assertThat(service.count("tagged/1 304")).isEqualTo(1);
    }

    @Test
    void requestMaxAge_olderEntriesAreNotUsed_youngerOnesAre() throws Exception {
        client();
        get("items/32");
        clock.advance(Duration.ofSeconds(20));
        HttpResponse<String> youngEnough = get("items/32", "Cache-Control", "max-age=30");
        HttpResponse<String> tooOld = get("items/32", "Cache-Control", "max-age=10");

        assertThat(status(youngEnough)).isEqualTo("wscache; hit");
        assertThat(status(tooOld)).startsWith("wscache; fwd=miss");
        assertThat(service.count("items/32")).isEqualTo(2);
    }

    @Test
    void requestNoCache_andPragmaNoCache_revalidateAFreshResponse() throws Exception {
        client();
        get("tagged/2");
        HttpResponse<String> noCache = get("tagged/2", "Cache-Control", "no-cache");
        HttpResponse<String> pragma = get("tagged/2", "Pragma", "no-cache");
        HttpResponse<String> plain = get("tagged/2");

        assertThat(status(noCache)).isEqualTo("wscache; fwd=stale; fwd-status=304; stored");
        assertThat(status(pragma)).isEqualTo("wscache; fwd=stale; fwd-status=304; stored");
        assertThat(status(plain)).isEqualTo("wscache; hit");
        assertThat(service.count("tagged/2")).isEqualTo(3);
        assertThat(service.count("tagged/2 304")).isEqualTo(2);
    }

    @Test
    void requestMinFresh_needsThatMuchFreshnessLeft() throws Exception {
        client();
        get("items/33");
        clock.advance(Duration.ofSeconds(30));
        HttpResponse<String> enough = get("items/33", "Cache-Control", "min-fresh=20");
        HttpResponse<String> notEnough = get("items/33", "Cache-Control", "min-fresh=40");

        assertThat(status(enough)).isEqualTo("wscache; hit");
        assertThat(status(notEnough)).startsWith("wscache; fwd=miss");
        assertThat(service.count("items/33")).isEqualTo(2);
    }

    @Test
    void requestMaxStale_acceptsAStaleResponseWithinIt() throws Exception {
        client();
        get("items/34");
        clock.advance(Duration.ofSeconds(70));
        HttpResponse<String> withinMaxStale = get("items/34", "Cache-Control", "max-stale=30");
        HttpResponse<String> anyStaleness = get("items/34", "Cache-Control", "max-stale");
        HttpResponse<String> tooStale = get("items/34", "Cache-Control", "max-stale=5");

        assertThat(status(withinMaxStale)).isEqualTo("wscache; hit");
        assertThat(status(anyStaleness)).isEqualTo("wscache; hit");
        assertThat(status(tooStale)).startsWith("wscache; fwd=miss");
        assertThat(service.count("items/34")).isEqualTo(2);
    }

    @Test
    void requestMaxStale_isRefusedByMustRevalidate() throws Exception {
        client();
        get("mustrevalidate");
        clock.advance(Duration.ofSeconds(5));
        HttpResponse<String> refused = get("mustrevalidate", "Cache-Control", "max-stale=60");

        assertThat(status(refused)).startsWith("wscache; fwd=miss");
        assertThat(service.count("mustrevalidate")).isEqualTo(2);
    }

    // c. a qualified no-cache leaves the fields it names out of the stored response

    @Test
    void qualifiedNoCache_namedFieldsAreNotStored_theRestIsReusedWithoutRevalidation()
            throws Exception {
        client();
        HttpResponse<String> miss = get("nocachefields");
        HttpResponse<String> hit = get("nocachefields");

        assertThat(miss.headers().firstValue("a")).hasValue("1");
        assertThat(status(hit)).isEqualTo("wscache; hit");
        assertThat(hit.body()).isEqualTo(miss.body());
        assertThat(hit.headers().map()).doesNotContainKeys("a", "b");
        assertThat(hit.headers().firstValue("c")).hasValue("3");
        assertThat(service.count("nocachefields")).isEqualTo(1);
    }

    // d. a response from the cache says how old it is

    @Test
    void hit_carriesItsAge_fromTheTimeItWasStored() throws Exception {
        client();
        HttpResponse<String> miss = get("items/41");
        clock.advance(Duration.ofSeconds(30));
        HttpResponse<String> hit = get("items/41");

        assertThat(miss.headers().firstValue("Age")).isEmpty();
        assertThat(status(hit)).isEqualTo("wscache; hit");
        assertThat(hit.headers().firstValue("Age")).hasValue("30");
    }

    @Test
    void hit_addsItsTimeInTheCacheToTheAgeTheServiceSent() throws Exception {
        client();
        HttpResponse<String> miss = get("aged");
        clock.advance(Duration.ofSeconds(10));
        HttpResponse<String> hit = get("aged");
        HttpResponse<String> asyncHit = client.sendAsync(
                HttpRequest.newBuilder(service.uri("aged")).build(), BodyHandlers.ofString())
                .get();

        assertThat(miss.headers().firstValue("Age")).hasValue("1000");
        assertThat(hit.headers().allValues("Age")).containsExactly("1010");
        assertThat(status(asyncHit)).isEqualTo("wscache; hit");
        assertThat(asyncHit.headers().allValues("Age")).containsExactly("1010");
    }

    @Test
    void staleIfError_theStaleResponseCarriesItsAge() throws Exception {
        JsonService flaky = new JsonService();
        try {
            client(flaky.uri(""), "true");
            get(flaky.uri("flaky"));
            clock.advance(Duration.ofSeconds(5));
            flaky.down(true);
            HttpResponse<String> stale = get(flaky.uri("flaky"));

            assertThat(status(stale)).startsWith("wscache; fwd=stale; fwd-status=503");
            assertThat(stale.headers().firstValue("Age")).hasValue("5");
        } finally {
            flaky.close();
        }
    }

    // e. hop-by-hop fields are never stored

    @Test
    void hopByHopFields_andThoseConnectionNames_areNotStored() throws Exception {
        client();
        HttpResponse<String> miss = get("hopbyhop");
        HttpResponse<String> hit = get("hopbyhop");

        assertThat(miss.headers().map()).containsKeys("connection", "a", "transfer-encoding");
        assertThat(status(hit)).isEqualTo("wscache; hit");
        assertThat(hit.body()).isEqualTo(miss.body()).isEqualTo("{\"hop\":\"by hop\"}");
        assertThat(hit.headers().map()).doesNotContainKeys("connection", "a", "b",
                "keep-alive", "upgrade", "te", "transfer-encoding", "proxy-authenticate",
                "proxy-connection");
        assertThat(hit.headers().firstValue("c")).hasValue("3");
        assertThat(service.count("hopbyhop")).isEqualTo(1);
    }

    // g. the headers alone

    @Test
    void headersOnly_aResponseThatSaysNothing_isNotStored_whateverTheTtl() throws Exception {
        client(service.uri(""), "only", "1d");
        get("plain/1");
        HttpResponse<String> again = get("plain/1");

        assertThat(status(again)).startsWith("wscache; fwd=miss")
                .contains("no freshness information and no validator");
        assertThat(service.count("plain/1")).isEqualTo(2);
    }

    @Test
    void headersOnly_aValidatorAlone_isRevalidatedOnEveryUse_keptForTheTtl() throws Exception {
        client(service.uri(""), "only", "1d");
        HttpResponse<String> first = get("etagonly");
        HttpResponse<String> second = get("etagonly");
        clock.advance(Duration.ofHours(20));
        HttpResponse<String> later = get("etagonly");

        assertThat(status(first)).isEqualTo("wscache; fwd=miss; fwd-status=200; stored");
        assertThat(status(second)).isEqualTo("wscache; fwd=stale; fwd-status=304; stored");
        assertThat(status(later)).isEqualTo("wscache; fwd=stale; fwd-status=304; stored");
        assertThat(later.body()).isEqualTo(first.body());
        assertThat(service.count("etagonly 304")).isEqualTo(2);
    }

    @Test
    void headersOnly_lastModified_givesATenthOfItsAgeAsHeuristicFreshness() throws Exception {
        client(service.uri(""), "only", "1d");
        get("lastmod");
        clock.advance(Duration.ofMinutes(9));
        HttpResponse<String> heuristicallyFresh = get("lastmod");
        clock.advance(Duration.ofMinutes(2));
        HttpResponse<String> stale = get("lastmod");

        assertThat(status(heuristicallyFresh)).isEqualTo("wscache; hit");
        assertThat(status(stale)).isEqualTo("wscache; fwd=stale; fwd-status=304; stored");
        assertThat(service.count("lastmod 304")).isEqualTo(1);
    }

    @Test
    void honorHttpHeadersTrue_stillGivesTheTtlToAResponseThatSaysNothing() throws Exception {
        client();
        get("plain/2");
        clock.advance(Duration.ofSeconds(50));
        HttpResponse<String> hit = get("plain/2");

        assertThat(status(hit)).isEqualTo("wscache; hit");
    }

    // f. any status reaches the caller

    @Test
    void unusualStatus_reachesTheCallerUntouched_andIsNotStored() throws Exception {
        try (RawHttpServer odd = RawHttpServer.replying(
                "HTTP/1.1 999 Odd\r\nContent-Length: 2\r\n\r\nok")) {
            client(odd.uri("/"), "true");
            HttpResponse<String> first = get(odd.uri("/odd"));
            HttpResponse<String> second = get(odd.uri("/odd"));

            assertThat(first.statusCode()).isEqualTo(999);
            assertThat(first.body()).isEqualTo("ok");
            assertThat(status(first)).isEqualTo(
                    "wscache; fwd=miss; fwd-status=999; detail=\"HTTP status 999\"");
            assertThat(second.statusCode()).isEqualTo(999);
            assertThat(odd.requests()).isEqualTo(2);
        }
    }

    @Test
    void interimResponse_isSkipped_theFinalResponseIsCached() throws Exception {
        try (RawHttpServer hints = RawHttpServer.replying(
                "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nCache-Control: max-age=60\r\nContent-Length: 2\r\n\r\nok")) {
            client(hints.uri("/"), "true");
            HttpResponse<String> first = get(hints.uri("/hints"));
            HttpResponse<String> hit = get(hints.uri("/hints"));

            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(hit.statusCode()).isEqualTo(200);
            assertThat(hit.body()).isEqualTo("ok");
            assertThat(status(hit)).isEqualTo("wscache; hit");
            assertThat(hints.requests()).isEqualTo(1);
        }
    }

    @Test
    void conditionalRequest_isAnsweredFromAFreshEntry_orGoesToTheServiceAsItIs()
            throws Exception {
        client();
        get("etag");
        HttpResponse<String> matching = get("etag", "If-None-Match", "W/\"v1\"");
        HttpResponse<String> other = get("etag", "If-None-Match", "\"v0\"");
        clock.advance(Duration.ofSeconds(2));
        HttpResponse<String> staleMatching = get("etag", "If-None-Match", "\"v1\"");

        assertThat(matching.statusCode()).isEqualTo(304);
        assertThat(matching.body()).isEmpty();
        assertThat(matching.headers().firstValue("ETag")).hasValue("\"v1\"");
        assertThat(matching.headers().firstValue("Content-Type")).isEmpty();
        assertThat(status(matching)).isEqualTo("wscache; hit");
        assertThat(other.statusCode()).isEqualTo(200);
        assertThat(other.body()).contains("tagged");
        assertThat(status(other)).isEqualTo("wscache; hit");
        assertThat(staleMatching.statusCode()).isEqualTo(304);
        assertThat(status(staleMatching)).startsWith("wscache; fwd=bypass");
        assertThat(service.count("etag")).isEqualTo(2);
    }

    @Test
    void rangedOrIfMatchRequests_stillPassThrough() throws Exception {
        client();
        get("etag");
        HttpResponse<String> ranged = get("etag", "Range", "bytes=0-1");
        HttpResponse<String> ifMatch = get("etag", "If-Match", "\"v1\"", "If-None-Match",
                "\"v1\"");

        assertThat(status(ranged)).startsWith("wscache; fwd=bypass");
        assertThat(status(ifMatch)).startsWith("wscache; fwd=bypass");
    }

    @Test
    void theFieldsThatDecideABypass_areReadInAnyCase() throws Exception {
        client();
        get("items/35");
        HttpResponse<String> ranged = get("items/35", "RANGE", "bytes=0-1");
        HttpResponse<String> noStore = get("items/35", "cache-CONTROL", "no-store");
        HttpResponse<String> other = get("items/35", "X-Trace", "1");

        assertThat(status(ranged)).startsWith("wscache; fwd=bypass");
        assertThat(status(noStore)).startsWith("wscache; fwd=bypass");
        assertThat(status(other)).isEqualTo("wscache; hit");
        assertThat(service.count("items/35")).isEqualTo(3);
    }
}
