package io.github.wscache.axis;

import io.github.wscache.core.CacheOutcome;
import io.github.wscache.core.Reason;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import io.github.wscache.testkit.ManualClock;
import org.apache.axis2.client.ServiceClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link WsCache#lastOutcome}: a program reads what the cache did with its stub's last call, at
 * the object and the message level, from the stub itself (no thread-local, no listener).
 */
class LastOutcomeTest extends GoogleFixture {
    private ResponseCache cache;
    private GoogleSearchServiceStub stub;

    @BeforeEach
    void setUp() throws Exception {
        cache = ResponseCache.builder().policy(Policy.parse("""
                operations:
                  - operation: doGoogleSearch
                    ttl: 60s
                  - operation: doSpellingSuggestion
                    ttl: 60s
                    value: events
                  - operation: doGetCachedPage
                    cacheable: false
                """, "outcome.yaml")).clock(new ManualClock()).build();
        WsCache.install(google.context, cache);
        stub = CachingStubs.using(cache).subclass(GoogleSearchServiceStub.class, google.context,
                google.server.endpoint());
    }

    @AfterEach
    void tearDown() {
        WsCache.uninstall(google.context);
        cache.close();
    }

    private CacheOutcome last() {
        ServiceClient client = stub._getServiceClient();
        return WsCache.lastOutcome(client).orElseThrow();
    }

    @Test
    void objectLevel_missThenHit() throws Exception {
        stub.doGoogleSearch(GoogleFixtures.searchRequest("outcome"));
        CacheOutcome miss = last();
        stub.doGoogleSearch(GoogleFixtures.searchRequest("outcome"));

        assertThat(miss.kind()).isEqualTo(CacheOutcome.Kind.MISS);
        assertThat(miss.stored()).isTrue();
        assertThat(last().kind()).isEqualTo(CacheOutcome.Kind.HIT);
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(1);
    }

    @Test
    void messageLevel_missThenHit_andABypassWithItsTypedReason() throws Exception {
        stub.doSpellingSuggestion(GoogleFixtures.spellingRequest("outcome"));
        CacheOutcome miss = last();
        stub.doSpellingSuggestion(GoogleFixtures.spellingRequest("outcome"));
        CacheOutcome hit = last();
        stub.doGetCachedPage(GoogleFixtures.cachedPageRequest("http://x.example/"));

        assertThat(miss.kind()).isEqualTo(CacheOutcome.Kind.MISS);
        assertThat(hit.kind()).isEqualTo(CacheOutcome.Kind.HIT);
        assertThat(last().kind()).isEqualTo(CacheOutcome.Kind.BYPASS);
        assertThat(last().reason()).contains(Reason.NOT_CACHEABLE);
        assertThat(google.server.requestCount("doSpellingSuggestion")).isEqualTo(1);
    }
}
