package io.github.wscache.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.embedded.EmbeddedServer;
import io.github.wscache.http.CacheStatus;
import io.github.wscache.http.CachingHttpClient;
import io.github.wscache.http.JsonBodyHandler;
import io.github.wscache.http.JsonBodyHandlers;
import io.github.wscache.http.JsonRecording;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.cache.CacheConfig;
import org.apache.hc.client5.http.impl.cache.CachingHttpClients;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Issue 18: the cost of one JSON cache hit, for a ~10 KB document (a catalog of 30 items) bound
 * to records and to mutable POJOs. The in-memory cells isolate the representation: the bytes
 * bound again ({@code BYTES_*}), the recorded Jackson tokens replayed into the same reader
 * ({@code EVENTS_*}), the bound object copied by cache-core's copier ({@code OBJECT_*}), and a
 * hand-written deep copy ({@code HANDCOPY_*}, the reference point of the object target). The
 * client cells are whole hits through an HTTP client against one embedded Tomcat serving the
 * document with {@code max-age=3600}: {@link CachingHttpClient} with its {@code objects} and
 * {@code events} representations, OkHttp 3.14.9's {@code Cache} and Apache HttpClient 5.4's
 * caching client, both of which keep bytes, so the application binds them per hit.
 */
public class JsonHitBenchmark extends PreparedBenchmark {
    /** What one hit does. */
    public enum Source {
        BYTES_RECORD, EVENTS_RECORD, OBJECT_RECORD, HANDCOPY_RECORD,
        BYTES_POJO, EVENTS_POJO, OBJECT_POJO, HANDCOPY_POJO,
        CLIENT_OBJECTS_POJO, CLIENT_EVENTS_POJO, OKHTTP_POJO, HTTPCLIENT5_POJO
    }

    @Param
    public Source source;

    private final List<AutoCloseable> open = new ArrayList<>();

    /** One catalog item, as a record. */
    public record ItemRecord(int id, String name, String description, double price,
            List<String> tags, Map<String, String> attributes) {
    }

    /** The catalog, as a record. */
    public record CatalogRecord(String name, int version, List<ItemRecord> items) {
    }

    /** One catalog item, as a mutable POJO. */
    public static final class Item {
        public int id;
        public String name;
        public String description;
        public double price;
        public List<String> tags;
        public Map<String, String> attributes;
    }

    /** The catalog, as a mutable POJO. */
    public static final class Catalog {
        public String name;
        public int version;
        public List<Item> items;
    }

    /** Returns the ~10 KB document. */
    static byte[] document(ObjectMapper mapper) throws IOException {
        List<ItemRecord> items = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            Map<String, String> attributes = new LinkedHashMap<>();
            attributes.put("color", i % 2 == 0 ? "red" : "blue");
            attributes.put("size", "L" + i);
            items.add(new ItemRecord(i, "item number " + i, "A description of item " + i
                    + ", long enough to look like a product text in a catalog response.",
                    9.99 + i, List.of("tag" + i, "sale", "new"), attributes));
        }
        return mapper.writeValueAsBytes(new CatalogRecord("catalog", 7, items));
    }

    static Catalog handCopy(Catalog c) {
        Catalog n = new Catalog();
        n.name = c.name;
        n.version = c.version;
        n.items = new ArrayList<>(c.items.size());
        for (Item i : c.items) {
            Item m = new Item();
            m.id = i.id;
            m.name = i.name;
            m.description = i.description;
            m.price = i.price;
            m.tags = new ArrayList<>(i.tags);
            m.attributes = new LinkedHashMap<>(i.attributes);
            n.items.add(m);
        }
        return n;
    }

    static CatalogRecord handCopy(CatalogRecord c) {
        List<ItemRecord> items = new ArrayList<>(c.items().size());
        for (ItemRecord i : c.items()) {
            items.add(new ItemRecord(i.id(), i.name(), i.description(), i.price(),
                    new ArrayList<>(i.tags()), new LinkedHashMap<>(i.attributes())));
        }
        return new CatalogRecord(c.name(), c.version(), items);
    }

    @Override
    protected Hit prepare() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        byte[] doc = document(mapper);
        boolean records = source.name().endsWith("RECORD");
        Class<?> type = records ? CatalogRecord.class : Catalog.class;
        ObjectReader reader = mapper.readerFor(type);
        switch (source) {
            case BYTES_RECORD, BYTES_POJO:
                return () -> reader.readValue(doc);
            case EVENTS_RECORD, EVENTS_POJO: {
                JsonRecording r = JsonRecording.record(mapper.getFactory(), doc);
                return () -> reader.readValue(r.newParser(reader));
            }
            case OBJECT_RECORD, OBJECT_POJO: {
                Object bound = reader.readValue(doc);
                @SuppressWarnings("unchecked")
                Copier<Object> copier = CopierRegistry.create()
                        .choose(OperationPolicy.builder().build(), (Class<Object>) type)
                        .copier().orElseThrow();
                // what a hit does: the value captured once when stored, restored per caller
                Object captured = copier.capture(bound);
                return () -> copier.restore(captured);
            }
            case HANDCOPY_RECORD: {
                CatalogRecord bound = reader.readValue(doc);
                return () -> handCopy(bound);
            }
            case HANDCOPY_POJO: {
                Catalog bound = reader.readValue(doc);
                return () -> handCopy(bound);
            }
            default:
                return clientHit(mapper, doc, reader);
        }
    }

    private Hit clientHit(ObjectMapper mapper, byte[] doc, ObjectReader reader)
            throws Exception {
        EmbeddedServer server = EmbeddedServer.builder().servlet("doc", new HttpServlet() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void doGet(HttpServletRequest req, HttpServletResponse resp)
                    throws IOException {
                resp.setContentType("application/json");
                resp.setHeader("Cache-Control", "max-age=3600");
                resp.getOutputStream().write(doc);
            }
        }, "/catalog").start();
        open.add(server);
        URI uri = server.url().resolve("catalog");
        Hit hit;
        switch (source) {
            case CLIENT_OBJECTS_POJO, CLIENT_EVENTS_POJO: {
                String value = source == Source.CLIENT_OBJECTS_POJO ? "auto" : "events";
                ResponseCache cache = ResponseCache.builder().policy(Policy.parse(
                        "operations:\n  - endpoint: '" + uri + "'\n    operation: GET\n"
                                + "    ttl: 1h\n    honorHttpHeaders: true\n    value: " + value
                                + "\n", "bench.yaml")).build();
                open.add(cache);
                CachingHttpClient client =
                        CachingHttpClient.builder(HttpClient.newHttpClient()).cache(cache).build();
                HttpRequest request = HttpRequest.newBuilder(uri).build();
                JsonBodyHandler<Catalog> handler = JsonBodyHandlers.of(mapper, Catalog.class);
                client.send(request, handler);
                HttpResponse<Catalog> check = client.send(request, handler);
                if (!CacheStatus.of(check).orElseThrow().isHit()) {
                    throw new IllegalStateException("not a hit: " + CacheStatus.of(check));
                }
                hit = () -> client.send(request, handler).body();
                break;
            }
            case OKHTTP_POJO: {
                java.nio.file.Path dir = Files.createTempDirectory("okhttp-cache");
                okhttp3.Cache cache = new okhttp3.Cache(dir.toFile(), 10L << 20);
                open.add(cache::delete);
                OkHttpClient client = new OkHttpClient.Builder().cache(cache).build();
                Request request = new Request.Builder().url(uri.toString()).build();
                hit = () -> {
                    try (okhttp3.Response r = client.newCall(request).execute()) {
                        return reader.readValue(r.body().bytes());
                    }
                };
                hit.get();
                hit.get();
                if (cache.hitCount() < 1) {
                    throw new IllegalStateException("OkHttp did not hit");
                }
                break;
            }
            case HTTPCLIENT5_POJO: {
                CloseableHttpClient client = CachingHttpClients.custom()
                        .setCacheConfig(CacheConfig.custom().setMaxObjectSize(1 << 20)
                                .setSharedCache(false).build())
                        .build();
                open.add(client);
                hit = () -> client.execute(new HttpGet(uri),
                        r -> reader.readValue(EntityUtils.toByteArray(r.getEntity())));
                break;
            }
            default:
                throw new AssertionError(source);
        }
        hit.get();
        return hit;
    }

    /** Stops the server and drops the caches of the client cells. */
    @TearDown
    public void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        open.clear();
    }

    @Benchmark
    public Object hit() throws Exception {
        return hit.get();
    }
}
