package io.github.wscache.spring.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.jsonws.JsonService;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/** Runs the Spring Boot page's example against the real JSON service. */
class CatalogApplicationTest {
    @TempDir
    Path dir;

    @Test
    void example_secondReadOfAnItemIsAnsweredByTheCache() throws Exception {
        try (JsonService service = new JsonService()) {
            Path policy = Files.writeString(dir.resolve("wscache.yaml"), "operations:\n"
                    + "  - endpoint: '" + service.uri("") + "*'\n"
                    + "    operation: GET\n"
                    + "    ttl: 60s\n"
                    + "    honorHttpHeaders: true\n");
            try (ConfigurableApplicationContext app = SpringApplication.run(
                    CatalogApplication.class, "--server.port=0", "--spring.main.banner-mode=off",
                    "--catalog.url=" + service.uri("").toString().replaceAll("/$", ""),
                    "--wscache.policy=file:" + policy)) {
                CatalogApplication.Catalog catalog = app.getBean(CatalogApplication.Catalog.class);

                String first = catalog.item(7);
                String second = catalog.item(7);

                assertThat(second).isEqualTo(first).contains("\"id\":7");
                assertThat(service.count("items/7")).isEqualTo(1);
            }
        }
    }
}
