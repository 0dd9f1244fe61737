package io.github.wscache.jaxws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.copy.CopyStrategy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.foreign.ForeignService;
import io.github.wscache.jaxws.test.catalog.CatalogServiceSoap;
import io.github.wscache.jaxws.test.catalog.Item;
import io.github.wscache.jaxws.test.catalog.SearchResult;
import io.github.wscache.testkit.Gate;
import io.github.wscache.testkit.Waits;
import jakarta.xml.ws.BindingProvider;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The application-object level, through the proxy ({@link WsCacheJaxWs#objects}) and in CXF's
 * own interceptors ({@link WsCacheFeature}, the policy's {@code value} keeping objects): a
 * generated CXF port's results kept as objects and copied for every caller, against the
 * foreign-ws CatalogService, counting the requests that reach it.
 */
@Timeout(60)
class ObjectLevelTest extends CatalogServerTest {
    private static final String POLICY = "operations:\n"
            + "  - service: CatalogService\n    operation: KeywordSearch\n    ttl: 60s\n"
            + "    value: reflection\n"
            + "  - service: CatalogService\n    operation: AsinSearch\n    ttl: 60s\n"
            + "    value: xml\n";

    ObjectLevelTest() {
        super(POLICY);
    }

    @AfterEach
    void open() {
        server.beforeService(null);
    }

    /** The two ways a CXF port gets the object level. */
    enum Way {
        /** {@link WsCacheJaxWs#objects}: a proxy in front of the port. */
        PROXY,
        /**
         * {@link WsCacheFeature} alone (as {@code install}, Spring XML and zero-code set it up),
         * the policy's {@code value} keeping objects.
         */
        FEATURE;

        CatalogServiceSoap port(ResponseCache cache) {
            assumeCxf();
            CatalogServiceSoap port = CatalogServerTest.port();
            return this == PROXY ? WsCacheJaxWs.objects(port, cache)
                    : WsCacheJaxWs.install(port, cache);
        }

        /** The feature is CXF's: on Metro (the {@code metro} run) its cases are skipped. */
        void assumeCxf() {
            assumeTrue(this == PROXY || jakarta.xml.ws.spi.Provider.provider().getClass()
                    .getName().startsWith("org.apache.cxf."), "WsCacheFeature needs CXF");
        }
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void aSecondEqualCall_getsACopyOfTheStoredResult_andTheMessageIsNotStoredToo(Way way) {
        CatalogServiceSoap port = way.port(cache);

        SearchResult first = port.keywordSearch("design", 1);
        SearchResult second = port.keywordSearch("design", 1);

        assertThat(searches()).isEqualTo(1);
        assertThat(second).isNotSameAs(first).usingRecursiveComparison().isEqualTo(first);
        assertThat(second.getItems()).isNotSameAs(first.getItems());
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(1);
        assertThat(cache.storedResponses()).as("one entry: the object, not also the message")
                .isEqualTo(1);
        assertThat(port).isInstanceOf(BindingProvider.class);
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void whatACallerChanges_isNotWhatTheNextCallerGets(Way way) {
        CatalogServiceSoap port = way.port(cache);
        SearchResult first = port.keywordSearch("design", 1);
        Item item = first.getItems().getItem().get(0);
        String title = item.getTitle();

        item.setTitle("changed by a caller");
        first.getItems().getItem().clear();
        SearchResult second = port.keywordSearch("design", 1);

        assertThat(second.getItems().getItem()).isNotEmpty();
        assertThat(second.getItems().getItem().get(0).getTitle()).isEqualTo(title);
        assertThat(searches()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void twoUsers_getTheirOwnEntries(Way way) {
        server.requireBasicAuth(Map.of("alice", "a-secret", "bob", "b-secret"));
        CatalogServiceSoap alice = way.port(cache);
        CatalogServiceSoap bob = way.port(cache);
        ((BindingProvider) alice).getRequestContext().put(BindingProvider.USERNAME_PROPERTY,
                "alice");
        ((BindingProvider) alice).getRequestContext().put(BindingProvider.PASSWORD_PROPERTY,
                "a-secret");
        ((BindingProvider) bob).getRequestContext().put(BindingProvider.USERNAME_PROPERTY, "bob");
        ((BindingProvider) bob).getRequestContext().put(BindingProvider.PASSWORD_PROPERTY,
                "b-secret");

        for (int i = 0; i < 3; i++) {
            alice.keywordSearch("design", 1);
            bob.keywordSearch("design", 1);
        }

        assertThat(searches()).isEqualTo(2);
        assertThat(server.requests(ForeignService.CATALOG, "KeywordSearch"))
                .extracting(r -> r.user()).containsExactlyInAnyOrder("alice", "bob");
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void aFault_throwsWhatItThrowsWithoutTheCache_andIsNeverStored(Way way) {
        cache = ResponseCache.builder().policy(Policy.parse("operations:\n"
                + "  - service: CatalogService\n    operation: AsinSearch\n    ttl: 60s\n"
                + "    value: reflection\n", "wscache.yaml")).build();
        CatalogServiceSoap plain = port();
        CatalogServiceSoap port = way.port(cache);

        Throwable without = catchThrowable(() -> plain.asinSearch("no-such-asin"));
        Throwable first = catchThrowable(() -> port.asinSearch("no-such-asin"));
        Throwable second = catchThrowable(() -> port.asinSearch("no-such-asin"));

        assertThat(without).isNotNull();
        assertThat(first).hasSameClassAs(without).hasMessage(without.getMessage());
        assertThat(second).hasSameClassAs(without);
        assertThat(server.count(ForeignService.CATALOG, "AsinSearch")).isEqualTo(3);
        assertThat(cache.storedResponses()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void anOperationThePolicyKeepsAsXml_isCachedAtTheMessageLevel(Way way) {
        CatalogServiceSoap port = way.port(cache);
        String asin = port.keywordSearch("design", 1).getItems().getItem().get(0).getAsin();

        Item first = port.asinSearch(asin);
        Item second = port.asinSearch(asin);

        assertThat(second).usingRecursiveComparison().isEqualTo(first);
        assertThat(server.count(ForeignService.CATALOG, "AsinSearch")).isEqualTo(1);
        assertThat(cache.stats("AsinSearch").hits()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void aHundredConcurrentMisses_makeOneRequest(Way way) throws Exception {
        CatalogServiceSoap port = way.port(cache);
        Gate gate = new Gate();
        server.beforeService(gate::passUninterruptibly);
        int callers = 100;
        ExecutorService pool = Executors.newFixedThreadPool(callers,
                r -> new Thread(r, "object-caller"));
        try {
            List<Future<SearchResult>> results = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                results.add(pool.submit(() -> port.keywordSearch("concurrent design", 1)));
            }
            // one request held at the service, every other caller waiting for it in the cache
            gate.awaitEntered(1);
            Waits.until((callers - 1) + " callers waiting in the single flight",
                    () -> waitingInSingleFlight() == callers - 1);
            gate.release();
            SearchResult first = results.get(0).get(30, TimeUnit.SECONDS);
            for (Future<SearchResult> f : results) {
                SearchResult r = f.get(30, TimeUnit.SECONDS);
                assertThat(r).usingRecursiveComparison().isEqualTo(first);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(searches()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void concurrentMissesOfAFailingCall_makeOneRequest_andEveryCallerFailsAsWithoutTheCache(
            Way way) throws Exception {
        cache = ResponseCache.builder().policy(Policy.parse("operations:\n"
                + "  - service: CatalogService\n    operation: AsinSearch\n    ttl: 60s\n"
                + "    value: reflection\n", "wscache.yaml")).build();
        CatalogServiceSoap port = way.port(cache);
        Throwable without = catchThrowable(() -> port().asinSearch("no-such-asin"));
        Gate gate = new Gate();
        server.beforeService(gate::passUninterruptibly);
        int callers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(callers,
                r -> new Thread(r, "object-caller"));
        try {
            List<Future<Throwable>> results = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                results.add(pool.submit(() -> catchThrowable(
                        () -> port.asinSearch("no-such-asin"))));
            }
            gate.awaitEntered(1);
            Waits.until((callers - 1) + " callers waiting in the single flight",
                    () -> waitingInSingleFlight() == callers - 1);
            gate.release();
            for (Future<Throwable> f : results) {
                assertThat(f.get(30, TimeUnit.SECONDS)).isNotNull().hasSameClassAs(without);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(server.count(ForeignService.CATALOG, "AsinSearch"))
                .as("one without the cache, one for the eight callers").isEqualTo(2);
        assertThat(cache.storedResponses()).isZero();
    }

    private static long waitingInSingleFlight() {
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(e -> e.getKey().getName().equals("object-caller"))
                .filter(e -> List.of(e.getValue()).stream().anyMatch(f -> f.getClassName()
                        .endsWith("SingleFlight$Flight") && f.getMethodName().equals("await")))
                .count();
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void aPortWithHandlersOfItsOwn_isLeftToTheMessageLevel(Way way) {
        way.assumeCxf();
        CatalogServiceSoap plain = port();
        AppHandler.appendTo(plain);
        CatalogServiceSoap port = way == Way.PROXY ? WsCacheJaxWs.objects(plain, cache)
                : WsCacheJaxWs.install(plain, cache);

        SearchResult first = port.keywordSearch("design", 1);
        SearchResult second = port.keywordSearch("design", 1);

        // cached as the message the handler sees (its credentials included), not as an object
        assertThat(searches()).isEqualTo(1);
        assertThat(second).isNotSameAs(first).usingRecursiveComparison().isEqualTo(first);
    }

    @Test
    @Tag("cxf")
    void theFeatureKeepsTheObject_andEveryCallGetsACopy_notAMessageReadAgain() {
        AtomicInteger copies = new AtomicInteger();
        Copier<SearchResult> reflection = CopierRegistry.create()
                .of(CopyStrategy.REFLECTION, SearchResult.class);
        CopierRegistry counting = CopierRegistry.create().register(SearchResult.class,
                new Copier<SearchResult>() {
                    @Override
                    public SearchResult copy(SearchResult original) {
                        copies.incrementAndGet();
                        return reflection.copy(original);
                    }

                    @Override
                    public CopyStrategy strategy() {
                        return CopyStrategy.REFLECTION;
                    }
                });
        cache = ResponseCache.builder().copiers(counting).policy(Policy.parse("operations:\n"
                + "  - service: CatalogService\n    operation: KeywordSearch\n    ttl: 60s\n"
                + "    value: auto\n", "wscache.yaml")).build();
        CatalogServiceSoap port = WsCacheJaxWs.install(CatalogServerTest.port(), cache);

        port.keywordSearch("design", 1);
        assertThat(copies).as("the miss: the copy the cache keeps").hasValue(1);
        port.keywordSearch("design", 1);
        port.keywordSearch("design", 1);

        assertThat(copies).as("and one per hit (the message level copies nothing)").hasValue(3);
        assertThat(searches()).isEqualTo(1);
    }

    @Test
    @Tag("cxf")
    void aSoap12Port_isCachedAtTheObjectLevelByTheFeature() {
        CatalogServiceSoap port = WsCacheJaxWs.install(CatalogServerTest.port(true), cache);

        SearchResult first = port.keywordSearch("design", 2);
        SearchResult second = port.keywordSearch("design", 2);

        assertThat(searches()).isEqualTo(1);
        assertThat(second).isNotSameAs(first).usingRecursiveComparison().isEqualTo(first);
        assertThat(cache.storedResponses()).as("the object only").isEqualTo(1);
    }

    /*
     * Metro keeps the SOAP headers a port sends (WSBindingProvider.setOutboundHeaders) outside
     * its request context. The proxy answers before Metro adds them to a message, so a port with
     * such headers is its own caller, as a CXF port with headers in CXF's header list is.
     */

    @Test
    void onMetro_portsWithOutboundHeaders_areEachTheirOwnCaller() throws Exception {
        assumeMetro();
        CatalogServiceSoap plain1 = port();
        metroOutboundHeader(plain1, "ApiKey", "k1");
        CatalogServiceSoap k1 = WsCacheJaxWs.objects(plain1, cache);
        CatalogServiceSoap k2 = WsCacheJaxWs.objects(port(), cache);
        // set through the proxy, after it was made: read on every call
        metroOutboundHeader(k2, "ApiKey", "k2");

        keptApart(k1, k2);
    }

    @Test
    void onMetro_portsWithoutOutboundHeaders_shareTheirEntries() {
        assumeMetro();
        WsCacheJaxWs.objects(port(), cache).keywordSearch("design", 1);
        WsCacheJaxWs.objects(port(), cache).keywordSearch("design", 1);

        assertThat(searches()).isEqualTo(1);
    }

    private static void assumeMetro() {
        assumeTrue(jakarta.xml.ws.spi.Provider.provider().getClass().getName()
                .startsWith("com.sun.xml.ws."), "Metro's own API (the metro run)");
    }

    /**
     * Metro's {@code WSBindingProvider.setOutboundHeaders(Header...)} with one header, by
     * reflection: Metro is on the class path of the {@code metro} test run only.
     */
    private static void metroOutboundHeader(Object port, String name, String value)
            throws Exception {
        Object header = Class.forName("com.sun.xml.ws.api.message.Headers")
                .getMethod("create", QName.class, String.class)
                .invoke(null, new QName("urn:example:keys", name), value);
        Object headers = Array.newInstance(Class.forName("com.sun.xml.ws.api.message.Header"), 1);
        Array.set(headers, 0, header);
        Class.forName("com.sun.xml.ws.developer.WSBindingProvider")
                .getMethod("setOutboundHeaders", headers.getClass()).invoke(port, headers);
    }

    @Test
    void somethingThatIsNoPort_isRefused() {
        assertThatThrownBy(() -> WsCacheJaxWs.objects((Runnable) () -> { }, cache))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BindingProvider");
    }
}
