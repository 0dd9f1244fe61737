package io.github.wscache.jaxws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.core.policy.PolicyException;
import io.github.wscache.foreign.ForeignServer;
import io.github.wscache.foreign.ForeignService;
import io.github.wscache.jaxws.test.catalog.CatalogService;
import io.github.wscache.jaxws.test.catalog.CatalogServiceSoap;
import io.github.wscache.jaxws.test.catalog.SearchResult;
import jakarta.xml.ws.BindingProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Zero-code caching on CXF ({@link WsCacheBusExtension}): no wscache call in the client code,
 * only {@code -Dwscache.jaxws.policy}; requests to the foreign-ws CatalogService are counted.
 */
@Tag("cxf")
class ZeroCodeTest {
    @TempDir
    static Path dir;
    static ForeignServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ForeignServer.start(0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void reset() {
        server.reset();
    }

    @AfterEach
    void off() {
        System.clearProperty(WsCacheBusExtension.POLICY_PROPERTY);
    }

    private static Path policy(String name, String yaml) throws Exception {
        return Files.writeString(dir.resolve(name), yaml);
    }

    private static CatalogServiceSoap port() {
        CatalogServiceSoap port = new CatalogService().getCatalogServiceSoap();
        ((BindingProvider) port).getRequestContext().put(
                BindingProvider.ENDPOINT_ADDRESS_PROPERTY, server.endpoint(ForeignService.CATALOG));
        return port;
    }

    private static long searches() {
        return server.count(ForeignService.CATALOG, "KeywordSearch");
    }

    @Test
    void withThePolicyProperty_everyClientCxfCreatesIsCached() throws Exception {
        System.setProperty(WsCacheBusExtension.POLICY_PROPERTY, policy("zero.yaml",
                "operations:\n  - service: CatalogService\n    operation: KeywordSearch\n"
                + "    ttl: 60s\n").toString());
        CatalogServiceSoap a = port();
        CatalogServiceSoap b = port();

        a.keywordSearch("design", 1);
        a.keywordSearch("design", 1);
        b.keywordSearch("design", 1);

        assertThat(WsCacheJaxWs.isInstalled(a)).isTrue();
        assertThat(searches()).as("one cache for the JVM's clients").isEqualTo(1);
    }

    @Test
    void withAnObjectLevelPolicy_resultsAreKeptAsObjects_andEveryCallerGetsItsOwnCopy()
            throws Exception {
        System.setProperty(WsCacheBusExtension.POLICY_PROPERTY, policy("objects.yaml",
                "operations:\n  - service: CatalogService\n    operation: KeywordSearch\n"
                + "    ttl: 60s\n    value: auto\n").toString());
        CatalogServiceSoap port = port();

        SearchResult first = port.keywordSearch("design", 1);
        int items = first.getItems().getItem().size();
        first.getItems().getItem().clear();
        SearchResult second = port.keywordSearch("design", 1);

        assertThat(searches()).isEqualTo(1);
        assertThat(items).isPositive();
        assertThat(second.getItems().getItem()).hasSize(items);
        assertThat(second).isNotSameAs(first);
    }

    @Test
    void aClientWithItsOwnFeature_keepsIt() throws Exception {
        System.setProperty(WsCacheBusExtension.POLICY_PROPERTY, policy("own.yaml",
                "operations:\n  - service: CatalogService\n    operation: KeywordSearch\n"
                + "    ttl: 60s\n").toString());
        io.github.wscache.core.ResponseCache own = io.github.wscache.core.ResponseCache
                .builder().policy(io.github.wscache.core.policy.Policy.parse(
                        "operations:\n  - service: CatalogService\n    operation: KeywordSearch\n"
                        + "    ttl: 60s\n", "own.yaml")).build();
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
        factory.setServiceClass(CatalogServiceSoap.class);
        factory.setWsdlURL(CatalogService.WSDL_LOCATION.toString());
        factory.setServiceName(CatalogService.SERVICE);
        factory.setEndpointName(CatalogService.CatalogServiceSoap);
        factory.setAddress(server.endpoint(ForeignService.CATALOG));
        factory.getFeatures().add(new WsCacheFeature(own));
        CatalogServiceSoap port = factory.create(CatalogServiceSoap.class);

        port.keywordSearch("patterns", 1);
        port.keywordSearch("patterns", 1);

        assertThat(searches()).isEqualTo(1);
        assertThat(own.stats("KeywordSearch").hits()).as("the application's cache answered")
                .isEqualTo(1);
        // one message level, the application's: the zero-code install added none
        assertThat(ClientProxy.getClient(port).getOutInterceptors()).filteredOn(
                i -> i.getClass().getName().endsWith("CxfMessageLevel$Out")).hasSize(1);
        assertThat(((BindingProvider) port).getBinding().getHandlerChain()).isEmpty();
    }

    @Test
    void withoutTheProperty_nothingIsCached() {
        CatalogServiceSoap port = port();

        port.keywordSearch("design", 1);
        port.keywordSearch("design", 1);

        assertThat(WsCacheJaxWs.isInstalled(port)).isFalse();
        assertThat(searches()).isEqualTo(2);
    }

    @Test
    void aWrongPolicy_failsTheClientsCreation_withItsPlace() throws Exception {
        Path wrong = policy("wrong.yaml", "operations:\n  - service: CatalogService\n"
                + "    operation: KeywordSearch\n    tll: 60s\n");
        System.setProperty(WsCacheBusExtension.POLICY_PROPERTY, wrong.toString());

        assertThatThrownBy(ZeroCodeTest::port).isInstanceOf(PolicyException.class)
                .hasMessageContaining("wrong.yaml:4:5").hasMessageContaining("did you mean 'ttl'");
    }
}
