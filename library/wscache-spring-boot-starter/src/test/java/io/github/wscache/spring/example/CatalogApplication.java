package io.github.wscache.spring.example;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.stereotype.Service;
import org.springframework.web.client.RestClient;

/**
 * The Spring Boot page's example, compiled and run by {@link CatalogApplicationTest}: an
 * application whose {@code RestClient} is cached by the starter with no wscache code in it.
 */
@SpringBootApplication
public class CatalogApplication {
    /**
     * Starts the application.
     *
     * @param args Spring Boot's arguments, e.g. {@code --catalog.url=http://...}
     */
    public static void main(String[] args) {
        SpringApplication.run(CatalogApplication.class, args);
    }

    /** Reads items from the catalog service; every GET goes through the cache. */
    @Service
    public static class Catalog {
        private final RestClient items;

        /**
         * Builds the client from Boot's builder, which the starter has customized.
         *
         * @param builder Boot's {@code RestClient.Builder}
         * @param url the catalog service, e.g. {@code http://catalog:8080/api}
         */
        public Catalog(RestClient.Builder builder, @Value("${catalog.url}") String url) {
            this.items = builder.baseUrl(url).build();
        }

        /**
         * Returns one item as JSON.
         *
         * @param id the item
         * @return its JSON
         */
        public String item(int id) {
            return items.get().uri("/items/{id}", id).retrieve().body(String.class);
        }
    }
}
