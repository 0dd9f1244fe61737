package io.github.wscache.axis.internal;

import io.github.wscache.core.CachedResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.kernel.http.HTTPConstants;

/**
 * Revalidates a stale REST GET entry with a conditional request sent by this module
 * ({@code If-None-Match}/{@code If-Modified-Since} from the stored validators), because Axis2's
 * HTTP sender turns a {@code 304} into {@code AxisFault("Transport error: 304 ...")} before it
 * records the response headers. A {@code 304} becomes {@link CachedResponse#notModified}, which
 * the engine merges into the stored entry; a {@code 200} is captured like any response; 500, 400
 * and 404 keep their bodies for Axis2 to turn into faults; other statuses fail as Axis2's own
 * transport would.
 */
final class RestRevalidation {
    private static final Set<String> RESTRICTED = Set.of("connection", "content-length",
            "expect", "host", "upgrade");
    private static volatile HttpClient client;

    private RestRevalidation() {
    }

    private static HttpClient client() {
        HttpClient c = client;
        if (c == null) {
            synchronized (RestRevalidation.class) {
                c = client;
                if (c == null) {
                    c = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                            .connectTimeout(Duration.ofSeconds(30)).build();
                    client = c;
                }
            }
        }
        return c;
    }

    static CachedResponse revalidate(MessageContext mc, String url, CachedResponse stale,
            boolean events) throws AxisFault {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).GET()
                .timeout(Duration.ofSeconds(60));
        copyRequestHeaders(mc, b);
        stale.conditionalHeaders().forEach(b::setHeader);
        HttpResponse<byte[]> resp;
        try {
            resp = client().send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw AxisFault.makeFault(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw AxisFault.makeFault(e);
        }
        Map<String, List<String>> headers = resp.headers().map();
        int status = resp.statusCode();
        if (status == 304) {
            return CachedResponse.notModified(headers);
        }
        if (status != 200 && status != 500 && status != 400 && status != 404) {
            throw new AxisFault("Transport error: " + status + " (conditional request to "
                    + url + ")");
        }
        Map<String, String> first = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((k, v) -> {
            if (!v.isEmpty() && !k.startsWith(":")) {
                first.put(k, v.get(0));
            }
        });
        return Responses.capture(resp.body(), status,
                resp.headers().firstValue("Content-Type").orElse(null), first, events);
    }

    private static void copyRequestHeaders(MessageContext mc, HttpRequest.Builder b) {
        Object headers = mc.getProperty(HTTPConstants.HTTP_HEADERS);
        if (headers instanceof List) {
            for (Object o : (List<?>) headers) {
                if (o instanceof NamedValue) {
                    NamedValue nv = (NamedValue) o;
                    add(b, nv.getName(), nv.getValue());
                }
            }
        } else if (headers instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) headers).entrySet()) {
                if (e.getKey() != null && e.getValue() != null) {
                    add(b, e.getKey().toString(), e.getValue().toString());
                }
            }
        }
    }

    private static void add(HttpRequest.Builder b, String name, String value) {
        if (name != null && value != null
                && !RESTRICTED.contains(name.toLowerCase(java.util.Locale.ROOT))) {
            b.header(name, value);
        }
    }
}
