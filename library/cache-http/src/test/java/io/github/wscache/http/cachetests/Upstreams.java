package io.github.wscache.http.cachetests;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.http.CachingHttpClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.cache.HttpCacheContext;
import org.apache.hc.client5.http.impl.cache.CacheConfig;
import org.apache.hc.client5.http.impl.cache.CachingHttpClients;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.support.ClassicRequestBuilder;

/**
 * The caching clients {@link CacheTestsProxy} can forward through: {@code cache-http} (what is
 * measured) and, to compare in the same harness under the same counting, Apache HttpClient 5's
 * caching client and OkHttp's cache, each set up as an application sets up a private cache:
 * no redirects followed, no cookie store, nothing decompressed that the origin did not compress.
 */
final class Upstreams {
    private Upstreams() {
    }

    /** The upstream of that name, in front of {@code origin}. */
    static Upstream of(String name, URI origin) throws IOException {
        switch (name) {
            case "cache-http":
                return new CacheHttp(origin);
            case "httpclient5":
                return new HttpClient5();
            case "okhttp":
                return new OkHttp();
            default:
                throw new IllegalArgumentException("unknown client " + name
                        + "; one of cache-http, httpclient5, okhttp");
        }
    }

    /**
     * The policy cache-http runs under: every {@code GET} under {@code origin}, the response's
     * fields alone deciding ({@code honorHttpHeaders: only}); {@code ttl} then only says how
     * long a stale entry is kept to be revalidated.
     */
    static String policy(URI origin) {
        String base = origin.toString().replaceAll("/+$", "");
        return "operations:\n"
                + "  - endpoint: '" + base + "/*'\n"
                + "    operation: GET\n"
                + "    ttl: 1d\n"
                + "    honorHttpHeaders: only\n";
    }

    /** cache-http's {@link CachingHttpClient} on a JDK client (HTTP/1.1, no redirects). */
    static final class CacheHttp implements Upstream {
        private final CachingHttpClient client;
        private final String policy;

        CacheHttp(URI origin) {
            this.policy = policy(origin);
            HttpClient delegate = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .connectTimeout(Duration.ofSeconds(5))
                    .build();
            ResponseCache cache = ResponseCache.builder()
                    .policy(Policy.parse(policy, "cache-tests-proxy")).build();
            this.client = CachingHttpClient.builder(delegate).cache(cache).build();
        }

        CachingHttpClient client() {
            return client;
        }

        @Override
        public String name() {
            return "cache-http";
        }

        @Override
        public Answer send(String method, URI uri, List<String[]> fields, byte[] body)
                throws IOException, InterruptedException {
            HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                    .method(method, body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(body));
            for (String[] f : fields) {
                b.header(f[0], f[1]);
            }
            HttpResponse<byte[]> r =
                    client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            List<String[]> out = new ArrayList<>();
            for (Map.Entry<String, List<String>> e : r.headers().map().entrySet()) {
                if (!e.getKey().startsWith(":")) {
                    for (String v : e.getValue()) {
                        out.add(new String[] {e.getKey(), v});
                    }
                }
            }
            return new Answer(r.statusCode(), out, r.body(),
                    r.headers().firstValue("Cache-Status").orElse(null));
        }

        @Override
        public void close() {
            // the JDK client has nothing to close on Java 17
        }

        @Override
        public String toString() {
            return "cache-http CachingHttpClient, policy " + policy.replace("\n", " ")
                    .replaceAll(" +", " ").trim();
        }
    }

    /**
     * Apache HttpClient 5's caching classic client, {@code CacheConfig} defaults but a private
     * cache ({@code setSharedCache(false)}); memory storage; no redirects, cookies,
     * decompression or retries; a new connection per request.
     */
    static final class HttpClient5 implements Upstream {
        private final CloseableHttpClient client = CachingHttpClients.custom()
                .setCacheConfig(CacheConfig.custom().setSharedCache(false).build())
                // one connection per request: the suite's origin sends a wrong Content-Length in
                // one test (the rest of that body then broke the next response read on the
                // connection) and closes idle connections after 5 s (no request is retried)
                .setConnectionReuseStrategy((request, response, context) -> false)
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableContentCompression()
                // the default strategy would also repeat a request answered 503 or 429
                .disableAutomaticRetries()
                .build();

        @Override
        public String name() {
            return "httpclient5";
        }

        @Override
        public Answer send(String method, URI uri, List<String[]> fields, byte[] body)
                throws IOException {
            ClassicRequestBuilder b = ClassicRequestBuilder.create(method).setUri(uri);
            for (String[] f : fields) {
                b.addHeader(f[0], f[1]);
            }
            if (body.length > 0) {
                b.setEntity(new ByteArrayEntity(body, null));
            }
            HttpCacheContext context = HttpCacheContext.create();
            return client.execute(b.build(), context, r -> {
                List<String[]> out = new ArrayList<>();
                for (Header h : r.getHeaders()) {
                    out.add(new String[] {h.getName(), h.getValue()});
                }
                byte[] bytes = r.getEntity() == null ? new byte[0]
                        : EntityUtils.toByteArray(r.getEntity());
                return new Answer(r.getCode(), out, bytes,
                        String.valueOf(context.getCacheResponseStatus()));
            });
        }

        @Override
        public void close() throws IOException {
            client.close();
        }

        @Override
        public String toString() {
            return "Apache HttpClient 5 caching client, CacheConfig defaults,"
                    + " setSharedCache(false)";
        }
    }

    /**
     * OkHttp 3's {@code Cache} (a disk cache in a temporary directory), builder defaults but
     * no redirects followed and no connection kept idle.
     */
    static final class OkHttp implements Upstream {
        private final Path dir;
        private final okhttp3.OkHttpClient client;

        OkHttp() throws IOException {
            this.dir = Files.createTempDirectory("cache-tests-okhttp");
            this.client = new okhttp3.OkHttpClient.Builder()
                    .cache(new okhttp3.Cache(dir.toFile(), 50L << 20))
                    // no idle connection kept, as for HttpClient 5
                    .connectionPool(new okhttp3.ConnectionPool(0, 1, TimeUnit.SECONDS))
                    .followRedirects(false)
                    .followSslRedirects(false)
                    .readTimeout(30, TimeUnit.SECONDS)
                    .build();
        }

        @Override
        public String name() {
            return "okhttp";
        }

        @Override
        public Answer send(String method, URI uri, List<String[]> fields, byte[] body)
                throws IOException {
            okhttp3.Request.Builder b = new okhttp3.Request.Builder().url(uri.toString());
            for (String[] f : fields) {
                b.addHeader(f[0], f[1]);
            }
            boolean noBody = method.equals("GET") || method.equals("HEAD");
            b.method(method, noBody ? null : okhttp3.RequestBody.create(null, body));
            try (okhttp3.Response r = client.newCall(b.build()).execute()) {
                List<String[]> out = new ArrayList<>();
                okhttp3.Headers h = r.headers();
                for (int i = 0; i < h.size(); i++) {
                    out.add(new String[] {h.name(i), h.value(i)});
                }
                byte[] bytes = r.body() == null ? new byte[0] : r.body().bytes();
                String where = r.cacheResponse() == null ? "network"
                        : r.networkResponse() == null ? "cache"
                        : "conditional, network " + r.networkResponse().code();
                return new Answer(r.code(), out, bytes, where);
            }
        }

        @Override
        public void close() throws IOException {
            client.cache().close();
            client.dispatcher().executorService().shutdown();
            client.connectionPool().evictAll();
        }

        @Override
        public String toString() {
            return "OkHttp 3.14.9 Cache in " + dir + ", builder defaults";
        }
    }
}
