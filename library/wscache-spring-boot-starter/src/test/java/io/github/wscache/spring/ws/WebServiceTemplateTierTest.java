package io.github.wscache.spring.ws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.SharedBody;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.foreign.ForeignServer;
import io.github.wscache.foreign.ForeignService;
import io.github.wscache.redis.RedisTier;
import io.github.wscache.redis.TierEntries;
import io.github.wscache.redis.internal.ValueCodec;
import io.github.wscache.testkit.RedisServer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.oxm.jaxb.Jaxb2Marshaller;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.transport.http.ClientHttpRequestMessageSender;

/**
 * Two nodes of a farm, each a {@link WebServiceTemplate} with its own cache on one Redis tier
 * (Debian's {@code redis-server}), calling the foreign-ws CatalogService: with a
 * {@link CallerIdentity} naming the account their clients share, the second node's first call is
 * an L2 hit; without one, each node's client is a caller of its own and nothing is shared.
 */
class WebServiceTemplateTierTest {
    static ForeignServer server;
    static RedisServer redis;
    private final java.util.List<ResponseCache> caches = new java.util.ArrayList<>();
    private static int namespaces;

    @BeforeAll
    static void start() throws Exception {
        server = ForeignServer.start(0);
        redis = RedisServer.start();
    }

    @AfterAll
    static void stop() {
        server.close();
        redis.close();
    }

    @AfterEach
    void close() {
        caches.forEach(ResponseCache::close);
        server.reset();
    }

    private ResponseCache node(String namespace, String value) {
        return node(RedisTier.builder().uri(redis.uri()).namespace(namespace).build(), value);
    }

    private ResponseCache node(RedisTier tier, String value) {
        ResponseCache cache = ResponseCache.builder().policy(Policy.parse("operations:\n"
                + "  - endpoint: '" + server.endpoint(ForeignService.CATALOG) + "'\n"
                + "    operation: KeywordSearch\n    ttl: 60s\n    value: " + value + "\n",
                "wscache.yaml")).sharedTier(tier).build();
        caches.add(cache);
        return cache;
    }

    private static WebServiceTemplate template(ResponseCache cache, CallerIdentity identity)
            throws Exception {
        Jaxb2Marshaller m = new Jaxb2Marshaller();
        m.setClassesToBeBound(Catalog.KeywordSearch.class, Catalog.KeywordSearchResponse.class);
        m.afterPropertiesSet();
        WebServiceTemplate t = new WebServiceTemplate(m);
        t.setMessageSender(new ClientHttpRequestMessageSender(new JdkClientHttpRequestFactory()));
        t.setDefaultUri(server.endpoint(ForeignService.CATALOG));
        return WsCacheInterceptor.install(t, cache, identity);
    }

    private static Catalog.SearchResult search(WebServiceTemplate t) {
        return ((Catalog.KeywordSearchResponse) t.marshalSendAndReceive(
                new Catalog.KeywordSearch("design", 1))).result;
    }

    private static long searches() {
        return server.count(ForeignService.CATALOG, "KeywordSearch");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes", "events"})
    void withACallerIdentity_theSecondNodesFirstCallIsAnL2Hit(String value) throws Exception {
        String ns = "ws-farm-" + ++namespaces;
        CallerIdentity account = context -> "service-account:catalog";
        ResponseCache first = node(ns, value);
        ResponseCache second = node(ns, value);

        Catalog.SearchResult loaded = search(template(first, account));
        Catalog.SearchResult shared = search(template(second, account));

        assertThat(shared).usingRecursiveComparison().isEqualTo(loaded);
        assertThat(searches()).as("one back-end call for the farm").isEqualTo(1);
        assertThat(second.stats("KeywordSearch").hits()).isEqualTo(1);
        assertThat(second.stats().errors()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"foreign", "damaged"})
    void aBadEntryInRedis_isACountedMiss_neverAnExceptionInTheCall(String bad) throws Exception {
        String ns = "ws-farm-" + ++namespaces;
        CallerIdentity account = context -> "service-account:catalog";
        Catalog.SearchResult loaded = search(template(node(ns, "events"), account));
        TierEntries.Entry entry = TierEntries.onlyEntry(redis.port(), ns);
        byte[] replaced = bad.equals("damaged")
                ? Arrays.copyOf(entry.bytes(), entry.bytes().length / 2)
                // what cache-http writes for a JSON body: another integration's entry
                : new ValueCodec(null, ValueCodec.DEFAULT_ALLOWED, List.of()).encode(entry.key(),
                        CachedResponse.builder(new SharedBody("http-body", 1,
                                "{}".getBytes(StandardCharsets.UTF_8))).status(200).build(),
                        true, 60_000, 60_000);
        TierEntries.replace(redis.port(), entry.key(), replaced);
        RedisTier tier = RedisTier.builder().uri(redis.uri()).namespace(ns).build();
        ResponseCache reader = node(tier, "events");

        Catalog.SearchResult answer = search(template(reader, account));

        assertThat(answer).usingRecursiveComparison().isEqualTo(loaded);
        assertThat(searches()).as("a miss").isEqualTo(2);
        assertThat(reader.stats().errors() + tier.stats().rejected()).as("counted once")
                .isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes", "events"})
    void withoutOne_clientsWhoseCredentialsAreHidden_shareNothing(String value)
            throws Exception {
        String ns = "ws-farm-" + ++namespaces;
        search(template(node(ns, value), null));
        search(template(node(ns, value), null));

        assertThat(searches()).isEqualTo(2);
    }
}
