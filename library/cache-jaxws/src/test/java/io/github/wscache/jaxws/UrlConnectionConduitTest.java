package io.github.wscache.jaxws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.foreign.ForeignService;
import io.github.wscache.jaxws.test.catalog.CatalogService;
import io.github.wscache.jaxws.test.catalog.CatalogServiceSoap;
import io.github.wscache.jaxws.test.catalog.SearchResult;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.transport.http.HTTPConduitFactory;
import org.apache.cxf.transport.http.URLConnectionHTTPConduit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * cache-jaxws on CXF's {@code URLConnection} conduit, which the Apache CXF page suggests for
 * misses (CXF 4 sends with the JDK {@code HttpClient} by default): the handler, the feature and
 * the object level each answer hits without a request, store misses, and keep two users apart.
 * The conduit is chosen per bus through CXF's {@link HTTPConduitFactory} extension (the system
 * property does the same JVM-wide); each test checks which conduit its client has.
 */
@Tag("cxf")
@Timeout(60)
class UrlConnectionConduitTest extends CatalogServerTest {
    private static final String POLICY = "operations:\n"
            + "  - service: CatalogService\n    operation: KeywordSearch\n    ttl: 60s\n";

    private final Bus bus = BusFactory.newInstance().createBus();

    UrlConnectionConduitTest() {
        super(POLICY);
        bus.setExtension((HTTPConduitFactory) (factory, b, endpoint, target)
                -> new URLConnectionHTTPConduit(b, endpoint, target), HTTPConduitFactory.class);
    }

    @AfterEach
    void shutdownBus() {
        bus.shutdown(true);
    }

    private void policy(String value) {
        cache = ResponseCache.builder().policy(Policy.parse(POLICY + "    value: " + value + "\n",
                "wscache.yaml")).build();
    }

    /** A port on the URLConnection conduit, with {@code features} (none for a plain one). */
    private CatalogServiceSoap port(Feature... features) {
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
        factory.setBus(bus);
        factory.setServiceClass(CatalogServiceSoap.class);
        factory.setWsdlURL(CatalogService.WSDL_LOCATION.toString());
        factory.setServiceName(CatalogService.SERVICE);
        factory.setEndpointName(CatalogService.CatalogServiceSoap);
        factory.setAddress(server.endpoint(ForeignService.CATALOG));
        for (Feature f : features) {
            factory.getFeatures().add(f);
        }
        CatalogServiceSoap port = factory.create(CatalogServiceSoap.class);
        assertThat(ClientProxy.getClient(port).getConduit())
                .isInstanceOf(URLConnectionHTTPConduit.class);
        return port;
    }

    @Test
    void theHandler_xml_answersAHitWithoutARequest() {
        policy("xml");
        CatalogServiceSoap port = WsCacheJaxWs.install(port(), cache);

        SearchResult first = port.keywordSearch("java", 1);
        SearchResult second = port.keywordSearch("java", 1);

        assertThat(second).usingRecursiveComparison().isEqualTo(first);
        assertThat(searches()).isEqualTo(1);
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(1);
    }

    @Test
    void theFeature_events_answersAHitWithoutARequest() {
        policy("events");
        CatalogServiceSoap port = port(new WsCacheFeature(cache));

        SearchResult first = port.keywordSearch("java", 1);
        SearchResult second = port.keywordSearch("java", 1);

        assertThat(second).usingRecursiveComparison().isEqualTo(first);
        assertThat(searches()).isEqualTo(1);
    }

    @Test
    void objects_keepTwoUsersApart_andCopyTheirHits() {
        policy("auto");
        CatalogServiceSoap alice = WsCacheJaxWs.objects(
                CxfInterceptorsTest.withConduitUser(port(), "alice"), cache);
        CatalogServiceSoap bob = WsCacheJaxWs.objects(
                CxfInterceptorsTest.withConduitUser(port(), "bob"), cache);

        SearchResult a1 = alice.keywordSearch("java", 1);
        bob.keywordSearch("java", 1);
        SearchResult a2 = alice.keywordSearch("java", 1);

        assertThat(searches()).as("alice and bob each sent once; alice's second call hit")
                .isEqualTo(2);
        assertThat(a2).usingRecursiveComparison().isEqualTo(a1);
        assertThat(a2).isNotSameAs(a1);
    }
}
