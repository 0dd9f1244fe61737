package io.github.wscache.spring.ws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.foreign.ForeignServer;
import io.github.wscache.foreign.ForeignService;
import io.github.wscache.jaxws.WsCacheFeature;
import io.github.wscache.jaxws.WsCacheJaxWs;
import jakarta.xml.ws.BindingProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A Boot application that declares Apache CXF clients as beans, as CXF users do: the starter
 * gives each the cache (cache-jaxws's {@code WsCacheFeature}); requests to the foreign-ws
 * CatalogService are counted.
 */
@SpringBootTest(classes = JaxWsClientBeanTest.App.class)
@DirtiesContext
class JaxWsClientBeanTest {
    @TempDir
    static Path dir;
    static ForeignServer server;

    @Autowired
    @Qualifier("catalog")
    CatalogPort catalog;
    @Autowired
    @Qualifier("catalogWithItsOwnFeature")
    CatalogPort withFeature;
    @Autowired
    ResponseCache cache;

    /** Two CXF clients, one given the feature by the application itself. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
        @Bean
        CatalogPort catalog(@Value("${catalog.address}") String address) {
            return Catalog.cxfClient(address).create(CatalogPort.class);
        }

        @Bean
        CatalogPort catalogWithItsOwnFeature(@Value("${catalog.address}") String address,
                ResponseCache cache) {
            JaxWsProxyFactoryBean f = Catalog.cxfClient(address);
            f.getFeatures().add(new WsCacheFeature(cache));
            return f.create(CatalogPort.class);
        }
    }

    @BeforeAll
    static void start() throws IOException {
        server = ForeignServer.start(0);
        Files.writeString(dir.resolve("wscache.yaml"), "operations:\n"
                + "  - endpoint: '" + server.endpoint(ForeignService.CATALOG) + "'\n"
                + "    operation: KeywordSearch\n    ttl: 60s\n");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("wscache.policy", () -> "file:" + dir.resolve("wscache.yaml"));
        registry.add("catalog.address", () -> server.endpoint(ForeignService.CATALOG));
    }

    @BeforeEach
    void reset() {
        server.reset();
        cache.invalidateAll();
    }

    private static long searches() {
        return server.count(ForeignService.CATALOG, "KeywordSearch");
    }

    @Test
    void aCxfClientBean_answersTheSecondEqualCallFromTheCache() {
        Catalog.SearchResult first = catalog.keywordSearch(new Catalog.KeywordSearch("java", 1))
                .result;
        Catalog.SearchResult second = catalog.keywordSearch(new Catalog.KeywordSearch("java", 1))
                .result;

        assertThat(WsCacheJaxWs.isInstalled(catalog)).isTrue();
        assertThat(first.totalResults).isPositive();
        assertThat(second).isNotSameAs(first).usingRecursiveComparison().isEqualTo(first);
        assertThat(searches()).isEqualTo(1);
    }

    @Test
    void aClientThatHasTheFeatureAlready_getsNoSecondCache() {
        long hits = cache.stats("KeywordSearch").hits();

        withFeature.keywordSearch(new Catalog.KeywordSearch("web", 1));
        withFeature.keywordSearch(new Catalog.KeywordSearch("web", 1));

        assertThat(searches()).isEqualTo(1);
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(hits + 1);
        // one message level in CXF's interceptors (the bean's own feature), no handler
        assertThat(ClientProxy.getClient(withFeature).getOutInterceptors()).filteredOn(
                i -> i.getClass().getName().endsWith("CxfMessageLevel$Out")).hasSize(1);
        assertThat(((BindingProvider) withFeature).getBinding().getHandlerChain()).isEmpty();
    }
}
