package io.github.wscache.jaxws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.foreign.ForeignServer;
import io.github.wscache.foreign.ForeignService;
import io.github.wscache.jaxws.test.catalog.CatalogService;
import io.github.wscache.jaxws.test.catalog.CatalogServiceSoap;
import io.github.wscache.jaxws.test.catalog.SearchResult;
import jakarta.xml.ws.BindingProvider;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The samples of the site's "Apache CXF and JAX-WS clients" page (src/site/markdown/jaxws.md)
 * and of the public Javadoc, as written there but for the generated package and the address,
 * run against the foreign-ws CatalogService.
 */
@Timeout(60)
class DocExamplesTest {
    static ForeignServer server;
    String address;
    ResponseCache cache;

    @BeforeAll
    static void start() throws Exception {
        server = ForeignServer.start(0);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @BeforeEach
    void policy() {
        server.reset();
        address = server.endpoint(ForeignService.CATALOG);
        cache = ResponseCache.builder().policy(Policy.parse(
                "operations:\n"
                + "  - service: CatalogService\n"      // the WSDL's service name
                + "    operation: KeywordSearch\n"     // the WSDL's operation name
                + "    ttl: 60s\n", "inline")).build();
    }

    @Test
    void onePort() {
        CatalogServiceSoap port = WsCacheJaxWs.install(
                new CatalogService().getCatalogServiceSoap(), cache);
        ((BindingProvider) port).getRequestContext().put(
                BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);

        SearchResult first = port.keywordSearch("java", 1);   // miss: sent, stored
        SearchResult again = port.keywordSearch("java", 1);   // hit: nothing sent

        assertThat(again).usingRecursiveComparison().isEqualTo(first);
        assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(1);
    }

    @Test
    void everyPortOfAService() {
        CatalogService service = WsCacheJaxWs.install(new CatalogService(), cache);
        CatalogServiceSoap a = service.getCatalogServiceSoap();
        CatalogServiceSoap b = service.getCatalogServiceSoap12();   // the SOAP 1.2 port
        ((BindingProvider) a).getRequestContext().put(
                BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);
        ((BindingProvider) b).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY,
                server.soap12Endpoint(ForeignService.CATALOG));

        a.keywordSearch("java", 1);
        a.keywordSearch("java", 1);
        b.keywordSearch("java", 1);
        b.keywordSearch("java", 1);

        // one request per SOAP version: a 1.2 envelope never answers a 1.1 call
        assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(2);
    }

    @Test
    void cxfFeature() {
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
        factory.setServiceClass(CatalogServiceSoap.class);
        factory.setServiceName(CatalogService.SERVICE);   // the WSDL's name, for the policy
        factory.setAddress(address);
        factory.getFeatures().add(new WsCacheFeature(cache));
        CatalogServiceSoap port = factory.create(CatalogServiceSoap.class);

        port.keywordSearch("java", 1);
        port.keywordSearch("java", 1);

        assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(1);
    }
}
