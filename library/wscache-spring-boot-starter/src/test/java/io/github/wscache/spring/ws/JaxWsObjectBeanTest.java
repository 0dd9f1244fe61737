package io.github.wscache.spring.ws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.foreign.ForeignServer;
import io.github.wscache.foreign.ForeignService;
import jakarta.xml.ws.BindingProvider;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.cxf.frontend.ClientProxy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@code wscache.jaxws.objects=true}: a CXF client bean is replaced by the object level's proxy,
 * so results are kept as application objects and each caller gets a copy; requests to the
 * foreign-ws CatalogService are counted.
 */
@SpringBootTest(classes = JaxWsObjectBeanTest.App.class, properties = "wscache.jaxws.objects=true")
@DirtiesContext
class JaxWsObjectBeanTest {
    @TempDir
    static Path dir;
    static ForeignServer server;

    @Autowired
    CatalogPort catalog;
    @Autowired
    ResponseCache cache;

    /** One CXF client bean. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
        @Bean
        CatalogPort catalog(@Value("${catalog.address}") String address) {
            return Catalog.cxfClient(address).create(CatalogPort.class);
        }
    }

    @BeforeAll
    static void start() throws IOException {
        server = ForeignServer.start(0);
        Files.writeString(dir.resolve("wscache.yaml"), "operations:\n"
                + "  - endpoint: '" + server.endpoint(ForeignService.CATALOG) + "'\n"
                + "    operation: KeywordSearch\n    ttl: 60s\n    value: reflection\n");
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

    @Test
    void theBeanIsTheObjectLevelsProxy_andEachCallerGetsACopy() {
        Catalog.SearchResult first = catalog.keywordSearch(new Catalog.KeywordSearch("java", 1))
                .result;
        Catalog.SearchResult second = catalog.keywordSearch(new Catalog.KeywordSearch("java", 1))
                .result;

        assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(1);
        assertThat(second).isNotSameAs(first).usingRecursiveComparison().isEqualTo(first);
        assertThat(cache.storedResponses()).as("the object, not also the message").isEqualTo(1);
        assertThat(catalog).isInstanceOf(BindingProvider.class);
        assertThat(Proxy.getInvocationHandler(catalog)).isNotInstanceOf(ClientProxy.class);
    }
}
