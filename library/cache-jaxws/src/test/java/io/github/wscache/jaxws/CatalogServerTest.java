package io.github.wscache.jaxws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.foreign.ForeignServer;
import io.github.wscache.foreign.ForeignService;
import io.github.wscache.jaxws.test.catalog.CatalogService;
import io.github.wscache.jaxws.test.catalog.CatalogServiceSoap;
import jakarta.xml.ws.BindingProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * foreign-ws's CatalogService (Axis2 on embedded Tomcat) for one test class, a fresh cache of
 * the class's policy for each test, and ports of the client wsdl2java generated from its WSDL
 * (on CXF or Metro, as the test run has it) addressed to the service.
 */
abstract class CatalogServerTest {
    static ForeignServer server;
    static CatalogService service;
    ResponseCache cache;
    private final String policy;

    /** @param policy the YAML policy of every test's cache */
    CatalogServerTest(String policy) {
        this.policy = policy;
    }

    @BeforeAll
    static void startService() throws Exception {
        server = ForeignServer.start(0);
        service = new CatalogService();
    }

    @AfterAll
    static void stopService() {
        server.close();
    }

    @BeforeEach
    void freshCache() {
        server.requireBasicAuth(null);
        server.reset();
        cache = ResponseCache.builder().policy(Policy.parse(policy, "wscache.yaml")).build();
    }

    /** A new uncached port of the service, SOAP 1.1 or 1.2. */
    static CatalogServiceSoap port(boolean soap12) {
        CatalogServiceSoap port = soap12 ? service.getCatalogServiceSoap12()
                : service.getCatalogServiceSoap();
        ((BindingProvider) port).getRequestContext().put(
                BindingProvider.ENDPOINT_ADDRESS_PROPERTY, soap12
                        ? server.soap12Endpoint(ForeignService.CATALOG)
                        : server.endpoint(ForeignService.CATALOG));
        return port;
    }

    /** A new uncached SOAP 1.1 port of the service. */
    static CatalogServiceSoap port() {
        return port(false);
    }

    /**
     * Searches through {@code a}, {@code b}, then {@code a} again, and checks that each sent
     * once and {@code a}'s second search hit its own entry: two callers kept apart.
     */
    void keptApart(CatalogServiceSoap a, CatalogServiceSoap b) {
        a.keywordSearch("java", 1);
        b.keywordSearch("java", 1);
        a.keywordSearch("java", 1);

        assertThat(searches()).as("each sent once, then hit its own entry").isEqualTo(2);
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(1);
    }

    /** How many KeywordSearch requests reached the service. */
    static long searches() {
        return server.count(ForeignService.CATALOG, "KeywordSearch");
    }
}
