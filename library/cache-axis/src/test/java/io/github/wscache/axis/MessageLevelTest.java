package io.github.wscache.axis;

import io.github.wscache.core.CacheStats;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.stub.GoogleSearchFault;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGoogleSearchResponse;
import io.github.wscache.google.stub.GoogleSearchServiceStub.GoogleSearchResult;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import io.github.wscache.testkit.ManualClock;
import io.github.wscache.testkit.Waits;
import java.time.Duration;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axis2.AxisFault;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The caching transport sender with generated stubs against the fixture server. */
class MessageLevelTest extends GoogleFixture {
    private final ManualClock clock = new ManualClock();
    private ResponseCache cache;

    /** The message-level representations. */
    enum Representation { EVENTS, XML }

    static String policy(Representation value) {
        String v = value.name().toLowerCase(java.util.Locale.ROOT);
        return "operations:\n"
                + "  - service: GoogleSearchService\n"
                + "    operation: doGoogleSearch\n"
                + "    ttl: 60s\n"
                + "    value: " + v + "\n"
                + "  - service: GoogleSearchService\n"
                + "    operation: doSpellingSuggestion\n"
                + "    ttl: 60s\n"
                + "    value: " + v + "\n";
    }

    private GoogleSearchServiceStub stub() throws AxisFault {
        return new GoogleSearchServiceStub(google.context, google.server.endpoint());
    }

    @ParameterizedTest
    @EnumSource(Representation.class)
    void secondCall_isAnsweredWithoutNetwork(Representation value) throws Exception {
        cache = google.install(policy(value), clock);
        GoogleSearchServiceStub stub = stub();

        DoGoogleSearchResponse first = stub.doGoogleSearch(GoogleFixtures.searchRequest("axis"));
        DoGoogleSearchResponse second = stub.doGoogleSearch(GoogleFixtures.searchRequest("axis"));

        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(1);
        assertThat(second).isNotSameAs(first);
        assertSameResult(second.get_return(), first.get_return());
        assertThat(cache.stats("doGoogleSearch").hits()).isEqualTo(1);
        assertThat(cache.stats("doGoogleSearch").stores()).isEqualTo(1);
        assertThat(stub._getServiceClient().getLastOperationContext().getMessageContext("In")
                .getProperty(org.apache.axis2.kernel.http.HTTPConstants.MC_HTTP_STATUS_CODE))
                .isEqualTo(200);
    }

    @ParameterizedTest
    @EnumSource(Representation.class)
    void soap12_isCachedToo(Representation value) throws Exception {
        cache = google.install(policy(value), clock);
        GoogleSearchServiceStub stub =
                new GoogleSearchServiceStub(google.context, google.server.soap12Endpoint());
        stub._getServiceClient().getOptions()
                .setSoapVersionURI(SOAP12Constants.SOAP_ENVELOPE_NAMESPACE_URI);

        String a = stub.doSpellingSuggestion(GoogleFixtures.spellingRequest("britney speers"))
                .get_return();
        String b = stub.doSpellingSuggestion(GoogleFixtures.spellingRequest("britney speers"))
                .get_return();

        assertThat(a).isEqualTo("britney spears").isEqualTo(b);
        assertThat(google.server.requestCount("doSpellingSuggestion")).isEqualTo(1);
    }

    @Test
    void anEventsMiss_handsItsCallerTheRecording_andTheResultIsThatOfTheBytes() throws Exception {
        cache = google.install(policy(Representation.XML), clock);
        GoogleSearchResult parsed = stub().doGoogleSearch(GoogleFixtures.searchRequest("once"))
                .get_return();
        WsCache.uninstall(google.context);
        cache = google.install(policy(Representation.EVENTS), clock);
        GoogleSearchServiceStub stub = stub();

        GoogleSearchResult replayed = stub.doGoogleSearch(GoogleFixtures.searchRequest("once"))
                .get_return();

        assertThat(cache.stats("doGoogleSearch").misses()).isEqualTo(1);
        assertThat(cache.stats("doGoogleSearch").stores()).isEqualTo(1);
        org.apache.axiom.om.OMElement payload = stub._getServiceClient().getLastOperationContext()
                .getMessageContext("In").getEnvelope().getBody().getFirstElement();
        // the miss was parsed once, while recording: Axis2 bound the recording, not the bytes
        assertThat(payload).isInstanceOf(org.apache.axiom.om.OMSourcedElement.class);
        assertThat(((org.apache.axiom.om.OMSourcedElement) payload).getDataSource().getClass()
                .getSimpleName()).isEqualTo("ReplayDataSource");
        assertSameResult(replayed, parsed);
        assertThat(google.server.requestCount()).isEqualTo(2);
    }

    @Test
    void differentParameters_areDifferentEntries() throws Exception {
        cache = google.install(policy(Representation.EVENTS), clock);
        GoogleSearchServiceStub stub = stub();

        assertThat(stub.doGoogleSearch(GoogleFixtures.searchRequest("a")).get_return()
                .getSearchQuery()).isEqualTo("a");
        assertThat(stub.doGoogleSearch(GoogleFixtures.searchRequest("b")).get_return()
                .getSearchQuery()).isEqualTo("b");
        assertThat(stub.doGoogleSearch(GoogleFixtures.searchRequest("a")).get_return()
                .getSearchQuery()).isEqualTo("a");

        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(2);
    }

    @Test
    void events_areThoseTheUsagePageDocuments() throws Exception {
        cache = google.install(policy(Representation.EVENTS), clock);
        java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        cache.addListener(e -> seen.add(e.type() + " " + e.operation()));
        GoogleSearchServiceStub stub = stub();

        stub.doGoogleSearch(GoogleFixtures.searchRequest("events"));
        stub.doGoogleSearch(GoogleFixtures.searchRequest("events"));
        assertThatThrownBy(() -> stub.doGoogleSearch(GoogleFixtures.searchRequest("fault")))
                .isInstanceOf(GoogleSearchFault.class);
        stub.doGetCachedPage(GoogleFixtures.cachedPageRequest("http://example.org/"));

        assertThat(seen).containsExactly("MISS doGoogleSearch", "STORE doGoogleSearch",
                "HIT doGoogleSearch", "MISS doGoogleSearch", "BYPASS doGoogleSearch",
                "BYPASS doGetCachedPage");
    }

    @Test
    void xmlKeys_areTheCanonicalRequestPayload() throws Exception {
        cache = google.install("operations:\n"
                + "  - operation: doGoogleSearch\n"
                + "    ttl: 60s\n"
                + "    key: xml\n", clock);
        GoogleSearchServiceStub stub = stub();

        stub.doGoogleSearch(GoogleFixtures.searchRequest("xml key"));
        stub.doGoogleSearch(GoogleFixtures.searchRequest("xml key"));
        stub.doGoogleSearch(GoogleFixtures.searchRequest("other xml key"));

        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(2);
        assertThat(cache.stats("doGoogleSearch").hits()).isEqualTo(1);
        assertThat(cache.stats("doGoogleSearch").errors()).isZero();
    }

    @Test
    void operationsThePolicyDoesNotName_alwaysReachTheServer() throws Exception {
        cache = google.install(policy(Representation.EVENTS), clock);
        GoogleSearchServiceStub stub = stub();

        stub.doGetCachedPage(GoogleFixtures.cachedPageRequest("http://example.org/"));
        stub.doGetCachedPage(GoogleFixtures.cachedPageRequest("http://example.org/"));

        assertThat(google.server.requestCount("doGetCachedPage")).isEqualTo(2);
        assertThat(cache.stats("doGetCachedPage").bypasses()).isEqualTo(2);
    }

    @ParameterizedTest
    @EnumSource(Representation.class)
    void entries_expireAfterTheirTtl(Representation value) throws Exception {
        cache = google.install(policy(value), clock);
        GoogleSearchServiceStub stub = stub();

        stub.doGoogleSearch(GoogleFixtures.searchRequest("ttl"));
        clock.advance(Duration.ofSeconds(59));
        stub.doGoogleSearch(GoogleFixtures.searchRequest("ttl"));
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(1);

        clock.advance(Duration.ofSeconds(2));
        stub.doGoogleSearch(GoogleFixtures.searchRequest("ttl"));
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(2);
    }

    @ParameterizedTest
    @EnumSource(Representation.class)
    void soapFaults_areNeverCached(Representation value) throws Exception {
        cache = google.install(policy(value), clock);
        GoogleSearchServiceStub stub = stub();

        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> stub.doGoogleSearch(GoogleFixtures.searchRequest("fault")))
                    .isInstanceOf(GoogleSearchFault.class);
        }
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(2);
        assertThat(cache.stats("doGoogleSearch").stores()).isZero();
    }

    @Test
    void transportErrors_areNotCached_andTheNextCallIsStored() throws Exception {
        cache = google.install(policy(Representation.EVENTS), clock);
        GoogleSearchServiceStub stub = stub();
        google.server.failNext(1, 503);
        assertThatThrownBy(() -> stub.doSpellingSuggestion(GoogleFixtures.spellingRequest("x")))
                .isInstanceOf(AxisFault.class);
        google.server.failNext(1, 500);
        assertThatThrownBy(() -> stub.doSpellingSuggestion(GoogleFixtures.spellingRequest("x")))
                .isInstanceOf(AxisFault.class);

        stub.doSpellingSuggestion(GoogleFixtures.spellingRequest("x"));
        stub.doSpellingSuggestion(GoogleFixtures.spellingRequest("x"));

        assertThat(google.server.requestCount("doSpellingSuggestion")).isEqualTo(3);
        assertThat(cache.stats("doSpellingSuggestion").stores()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Representation.class)
    void mutatingAResult_doesNotChangeTheCachedOne(Representation value) throws Exception {
        cache = google.install(policy(value), clock);
        GoogleSearchServiceStub stub = stub();

        GoogleSearchResult first = stub.doGoogleSearch(GoogleFixtures.searchRequest("iso"))
                .get_return();
        first.setSearchQuery("changed");
        first.getResultElements().getItem()[0].setTitle("changed");
        GoogleSearchResult second = stub.doGoogleSearch(GoogleFixtures.searchRequest("iso"))
                .get_return();

        assertThat(second.getSearchQuery()).isEqualTo("iso");
        assertThat(second.getResultElements().getItem()[0].getTitle()).isNotEqualTo("changed");
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Representation.class)
    void minUsesTwo_passesTheFirstResponseThroughAndKeepsTheSecond(Representation value)
            throws Exception {
        cache = google.install("operations:\n"
                + "  - operation: doGoogleSearch\n"
                + "    ttl: 60s\n"
                + "    minUses: 2\n"
                + "    value: " + value.name().toLowerCase(java.util.Locale.ROOT) + "\n", clock);
        GoogleSearchServiceStub stub = stub();

        DoGoogleSearchResponse once = stub.doGoogleSearch(GoogleFixtures.searchRequest("once"));
        DoGoogleSearchResponse first = stub.doGoogleSearch(GoogleFixtures.searchRequest("twice"));
        DoGoogleSearchResponse second = stub.doGoogleSearch(GoogleFixtures.searchRequest("twice"));
        DoGoogleSearchResponse third = stub.doGoogleSearch(GoogleFixtures.searchRequest("twice"));

        assertThat(once.get_return().getSearchQuery()).isEqualTo("once");
        assertSameResult(second.get_return(), first.get_return());
        assertSameResult(third.get_return(), first.get_return());
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(3);
        CacheStats s = cache.stats("doGoogleSearch");
        assertThat(s.notAdmitted()).isEqualTo(2);
        assertThat(s.stores()).isEqualTo(1);
        assertThat(s.hits()).isEqualTo(1);
        assertThat(s.entryCount()).isEqualTo(1);
        assertThat(s.errors()).isZero();
    }

    @Test
    void entriesOverMaxEntrySize_areNotStored() throws Exception {
        cache = google.install("operations:\n"
                + "  - operation: doGoogleSearch\n"
                + "    ttl: 60s\n"
                + "    maxEntrySize: 1KB\n", clock);
        GoogleSearchServiceStub stub = stub();

        stub.doGoogleSearch(GoogleFixtures.searchRequest("big"));
        stub.doGoogleSearch(GoogleFixtures.searchRequest("big"));

        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(2);
        assertThat(cache.stats("doGoogleSearch").stores()).isZero();
    }

    @Test
    void oneWayOperations_passThrough() throws Exception {
        cache = google.install("operations:\n  - operation: '*'\n    ttl: 60s\n", clock);
        GoogleSearchServiceStub stub = stub();

        stub.logQuery(GoogleFixtures.logQueryRequest("one way"));
        stub.logQuery(GoogleFixtures.logQueryRequest("one way"));

        // one-way: the stub returns before the server has handled the request
        Waits.until("the server received both one-way requests",
                () -> google.server.requestCount("logQuery") >= 2);
        assertThat(google.server.requestCount("logQuery")).isEqualTo(2);
        assertThat(cache.operations()).doesNotContain("logQuery");
    }

    @Test
    void cacheFor_returnsTheInstalledCache() throws Exception {
        assertThat(WsCache.cacheFor(google.context)).isEmpty();
        cache = google.install(policy(Representation.EVENTS), clock);
        assertThat(WsCache.cacheFor(google.context)).containsSame(cache);
    }

    @Test
    void perClientInstall_cachesOnlyThatClient() throws Exception {
        ResponseCache own = ResponseCache.builder()
                .policy(io.github.wscache.core.policy.Policy.parse(
                        policy(Representation.EVENTS), "test.yaml")).clock(clock).build();
        GoogleSearchServiceStub cached = stub();
        WsCache.install(cached, own);
        GoogleSearchServiceStub plain = stub();

        cached.doSpellingSuggestion(GoogleFixtures.spellingRequest("per client"));
        cached.doSpellingSuggestion(GoogleFixtures.spellingRequest("per client"));
        plain.doSpellingSuggestion(GoogleFixtures.spellingRequest("per client"));

        assertThat(google.server.requestCount("doSpellingSuggestion")).isEqualTo(2);
        assertThat(own.stats("doSpellingSuggestion").hits()).isEqualTo(1);
        assertThat(WsCache.cacheFor(google.context)).isEmpty();
    }

    static void assertSameResult(GoogleSearchResult actual, GoogleSearchResult expected) {
        assertThat(actual.getSearchQuery()).isEqualTo(expected.getSearchQuery());
        assertThat(actual.getEstimatedTotalResultsCount())
                .isEqualTo(expected.getEstimatedTotalResultsCount());
        assertThat(actual.getResultElements().getItem()).hasSize(10);
        for (int i = 0; i < 10; i++) {
            assertThat(actual.getResultElements().getItem()[i].getSnippet())
                    .isEqualTo(expected.getResultElements().getItem()[i].getSnippet());
            assertThat(actual.getResultElements().getItem()[i].getURL())
                    .isEqualTo(expected.getResultElements().getItem()[i].getURL());
        }
        assertThat(actual.getDirectoryCategories().getItem()).hasSize(2);
    }
}
