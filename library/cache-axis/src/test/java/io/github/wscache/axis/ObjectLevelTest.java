package io.github.wscache.axis;

import io.github.wscache.axis.internal.StubCalls;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.google.stub.GoogleSearchFault;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGetCachedPageResponse;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGoogleSearchResponse;
import io.github.wscache.google.stub.GoogleSearchServiceStub.GoogleSearchResult;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import io.github.wscache.google.unpacked.GoogleSearchService;
import io.github.wscache.testkit.ManualClock;
import javax.xml.namespace.QName;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Caching stubs: application objects copied per caller, fall-through to the message level. */
class ObjectLevelTest extends GoogleFixture {
    private static final String POLICY = "operations:\n"
            + "  - operation: doGoogleSearch\n"
            + "    ttl: 60s\n"
            + "  - operation: doSpellingSuggestion\n"
            + "    ttl: 60s\n"
            + "    value: events\n"
            + "  - operation: doGetCachedPage\n"
            + "    ttl: 60s\n";

    private ResponseCache cache;
    private CachingStubs stubs;

    @BeforeEach
    void setUp() {
        cache = ResponseCache.builder().policy(Policy.parse(POLICY, "test.yaml"))
                .clock(new ManualClock()).build();
        stubs = CachingStubs.using(cache);
    }

    @Test
    void packedStubSubclass_answersHitsWithCopies() throws Exception {
        GoogleSearchServiceStub stub = stubs.subclass(GoogleSearchServiceStub.class,
                google.context, google.server.endpoint());
        assertThat(stub.getClass()).isNotEqualTo(GoogleSearchServiceStub.class);

        DoGoogleSearchResponse first = stub.doGoogleSearch(GoogleFixtures.searchRequest("obj"));
        first.get_return().setSearchQuery("changed");
        first.get_return().getResultElements().getItem()[0].setTitle("changed");
        DoGoogleSearchResponse second = stub.doGoogleSearch(GoogleFixtures.searchRequest("obj"));

        assertThat(second.get_return().getSearchQuery()).isEqualTo("obj");
        assertThat(second.get_return().getResultElements().getItem()[0].getTitle())
                .isNotEqualTo("changed");
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(1);
        assertThat(cache.stats("doGoogleSearch").hits()).isEqualTo(1);
    }

    @Test
    void packedStubSubclass_keysByTheRequestBean() throws Exception {
        GoogleSearchServiceStub stub = stubs.subclass(GoogleSearchServiceStub.class,
                google.context, google.server.endpoint());
        stub.doGoogleSearch(GoogleFixtures.searchRequest("a"));
        stub.doGoogleSearch(GoogleFixtures.searchRequest("b"));
        stub.doGoogleSearch(GoogleFixtures.searchRequest("a"));
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(2);
    }

    @Test
    void minUsesTwo_copiesAndKeepsNothingUntilAKeyComesASecondTime() throws Exception {
        cache = ResponseCache.builder().policy(Policy.parse("operations:\n"
                + "  - operation: doGoogleSearch\n    ttl: 60s\n    value: reflection\n"
                + "    minUses: 2\n", "test.yaml")).clock(new ManualClock()).build();
        GoogleSearchServiceStub stub = CachingStubs.using(cache).subclass(
                GoogleSearchServiceStub.class, google.context, google.server.endpoint());

        DoGoogleSearchResponse first = stub.doGoogleSearch(GoogleFixtures.searchRequest("min"));
        first.get_return().setSearchQuery("changed by the first caller");
        DoGoogleSearchResponse second = stub.doGoogleSearch(GoogleFixtures.searchRequest("min"));
        second.get_return().setSearchQuery("changed by the second caller");
        DoGoogleSearchResponse third = stub.doGoogleSearch(GoogleFixtures.searchRequest("min"));

        assertThat(third.get_return().getSearchQuery()).isEqualTo("min");
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(2);
        assertThat(cache.stats("doGoogleSearch").notAdmitted()).isEqualTo(1);
        assertThat(cache.stats("doGoogleSearch").stores()).isEqualTo(1);
        assertThat(cache.stats("doGoogleSearch").hits()).isEqualTo(1);
    }

    @Test
    void faults_areNotCachedAtTheObjectLevel() throws Exception {
        GoogleSearchServiceStub stub = stubs.subclass(GoogleSearchServiceStub.class,
                google.context, google.server.endpoint());
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> stub.doGoogleSearch(GoogleFixtures.searchRequest("fault")))
                    .isInstanceOf(GoogleSearchFault.class);
        }
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(2);
    }

    @Test
    void unpackedStubProxy_answersHitsWithCopies() throws Exception {
        GoogleSearchService service = stubs.proxy(GoogleSearchService.class,
                new io.github.wscache.google.unpacked.GoogleSearchServiceStub(
                        google.context, google.server.endpoint()));
        io.github.wscache.google.unpacked.DoGoogleSearch request =
                new io.github.wscache.google.unpacked.DoGoogleSearch();
        request.setKey(GoogleFixtures.KEY);
        request.setQ("proxy");
        request.setIe("latin1");
        request.setOe("latin1");
        request.setLr("");
        request.setRestrict("");

        io.github.wscache.google.unpacked.GoogleSearchResult first =
                service.doGoogleSearch(request).get_return();
        first.setSearchQuery("changed");
        io.github.wscache.google.unpacked.GoogleSearchResult second =
                service.doGoogleSearch(request).get_return();

        assertThat(second.getSearchQuery()).isEqualTo("proxy");
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(1);
        assertThat(service).isEqualTo(service).hasToString(
                "caching " + service.toString().substring("caching ".length()));
    }

    @Test
    void messageLevelPolicies_fallThroughToTheMessageLevel() throws Exception {
        WsCache.install(google.context, cache);
        GoogleSearchServiceStub stub = stubs.subclass(GoogleSearchServiceStub.class,
                google.context, google.server.endpoint());

        stub.doSpellingSuggestion(GoogleFixtures.spellingRequest("events"));
        stub.doSpellingSuggestion(GoogleFixtures.spellingRequest("events"));

        assertThat(google.server.requestCount("doSpellingSuggestion")).isEqualTo(1);
        assertThat(cache.stats("doSpellingSuggestion").hits()).isEqualTo(1);
        assertThat(cache.stats("doSpellingSuggestion").entryCount()).isEqualTo(1);
    }

    @Test
    void objectLevelHits_areNotStoredTwice() throws Exception {
        WsCache.install(google.context, cache);
        GoogleSearchServiceStub stub = stubs.subclass(GoogleSearchServiceStub.class,
                google.context, google.server.endpoint());

        stub.doGoogleSearch(GoogleFixtures.searchRequest("once"));
        stub.doGoogleSearch(GoogleFixtures.searchRequest("once"));

        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(1);
        assertThat(cache.stats("doGoogleSearch").entryCount()).isEqualTo(1);
    }

    @Test
    void base64Results_fallThroughToTheMessageLevelWithTheirContent() throws Exception {
        // a DataHandler may stream its bytes on demand, so no copier takes it: the object level
        // passes doGetCachedPage through and the message level caches the response as events
        WsCache.install(google.context, cache);
        GoogleSearchServiceStub stub = stubs.subclass(GoogleSearchServiceStub.class,
                google.context, google.server.endpoint());

        byte[] first = stub.doGetCachedPage(GoogleFixtures.cachedPageRequest("http://a/"))
                .get_return().getInputStream().readAllBytes();
        byte[] second = stub.doGetCachedPage(GoogleFixtures.cachedPageRequest("http://a/"))
                .get_return().getInputStream().readAllBytes();
        byte[] third = stub.doGetCachedPage(GoogleFixtures.cachedPageRequest("http://a/"))
                .get_return().getInputStream().readAllBytes();

        assertThat(second).isEqualTo(first).isEqualTo(third).hasSizeGreaterThan(1000);
        assertThat(google.server.requestCount("doGetCachedPage")).isEqualTo(1);
        assertThat(cache.copiers().isCopyable(DoGetCachedPageResponse.class)).isFalse();
        assertThat(cache.copiers().explain(DoGetCachedPageResponse.class))
                .contains("data handler");
    }

    @Test
    void uncopyableResultTypes_fallThroughToTheMessageLevel() {
        OperationPolicy objects = Policy.parse(POLICY, "test.yaml")
                .resolve(null, null, "doGoogleSearch");
        assertThat(cache.copiers().isCopyable(Thread.class)).isFalse();
        assertThat(StubCalls.cachesObjects(cache.copiers(), objects, Thread.class)).isFalse();
        assertThat(StubCalls.cachesObjects(cache.copiers(), objects,
                DoGoogleSearchResponse.class)).isTrue();
        assertThat(StubCalls.cachesObjects(cache.copiers(), Policy.parse(POLICY, "test.yaml")
                .resolve(null, null, "doSpellingSuggestion"), String.class)).isFalse();
    }

    @Test
    void rpcClientWrapper_cachesSingleResults() throws Exception {
        RPCServiceClient client = new RPCServiceClient(google.context, null);
        try {
            client.getOptions().setTo(new EndpointReference(google.server.rpcEndpoint()));
            CachingRpcClient rpc = stubs.rpc(client);
            QName spelling = new QName(GoogleServer.RPC_NAMESPACE, "doSpellingSuggestion");
            QName search = new QName(GoogleServer.RPC_NAMESPACE, "doGoogleSearch");
            Object[] args = {GoogleFixtures.KEY, "rpc", 0, 10, true, "", false, "", "latin1",
                "latin1"};

            GoogleSearchResult a = rpc.invoke(search, args, GoogleSearchResult.class);
            a.setSearchQuery("changed");
            GoogleSearchResult b = rpc.invoke(search, args, GoogleSearchResult.class);
            assertThat(b.getSearchQuery()).isEqualTo("rpc");
            assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(1);

            // value: events is message level; without the message level installed: no caching
            rpc.invoke(spelling, new Object[] {GoogleFixtures.KEY, "x"}, String.class);
            rpc.invoke(spelling, new Object[] {GoogleFixtures.KEY, "x"}, String.class);
            assertThat(google.server.requestCount("doSpellingSuggestion")).isEqualTo(2);
        } finally {
            client.cleanup();
        }
    }
}
