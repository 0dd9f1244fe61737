package io.github.wscache.spring.ws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.foreign.ForeignServer;
import io.github.wscache.foreign.ForeignService;
import io.github.wscache.jaxws.WsCacheJaxWs;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.support.GenericXmlApplicationContext;

/**
 * A CXF client declared in Spring XML ({@code <jaxws:client>} with {@code <jaxws:features>}),
 * without Spring Boot: the cache answers its second equal call; requests to the foreign-ws
 * CatalogService are counted.
 */
class SpringXmlClientTest {
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

    @Test
    void aJaxwsClientWithTheFeatureInSpringXml_isCached() throws Exception {
        Path policy = Files.writeString(dir.resolve("wscache.yaml"), "operations:\n"
                + "  - endpoint: '" + server.endpoint(ForeignService.CATALOG) + "'\n"
                + "    operation: KeywordSearch\n    ttl: 60s\n");
        System.setProperty("wscache.test.policy", policy.toString());
        System.setProperty("wscache.test.address", server.endpoint(ForeignService.CATALOG));
        try (GenericXmlApplicationContext context = new GenericXmlApplicationContext(
                "classpath:io/github/wscache/spring/ws/cxf-client.xml")) {
            CatalogPort catalog = context.getBean("catalog", CatalogPort.class);
            ResponseCache cache = context.getBean("cache", ResponseCache.class);

            Catalog.SearchResult first = catalog.keywordSearch(
                    new Catalog.KeywordSearch("design", 1)).result;
            Catalog.SearchResult second = catalog.keywordSearch(
                    new Catalog.KeywordSearch("design", 1)).result;

            assertThat(WsCacheJaxWs.isInstalled(catalog)).isTrue();
            assertThat(second).usingRecursiveComparison().isEqualTo(first);
            assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(1);
            assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(1);
        } finally {
            System.clearProperty("wscache.test.policy");
            System.clearProperty("wscache.test.address");
        }
    }
}
