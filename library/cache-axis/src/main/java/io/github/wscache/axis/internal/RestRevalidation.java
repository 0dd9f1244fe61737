package io.github.wscache.axis.internal;

import io.github.wscache.core.CachedResponse;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.kernel.TransportSender;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.transport.http.AxisRequestEntity;
import org.apache.axis2.transport.http.HTTPSender;
import org.apache.axis2.transport.http.Request;
import org.apache.axis2.transport.http.impl.httpclient5.HTTPClient5TransportSender;
import org.apache.axis2.transport.http.impl.httpclient5.HTTPSenderImpl;
import org.apache.axiom.mime.Header;

/**
 * Revalidates a stale REST GET entry with a conditional request ({@code If-None-Match} /
 * {@code If-Modified-Since} from the stored validators) sent through Axis2's own HTTP transport,
 * so that it carries everything the client configured for its calls: authenticator, proxy, TLS
 * context, timeouts, custom headers, the managed session cookie, and the connection pool.
 *
 * <p>Axis2's {@code HTTPSender} turns a {@code 304} into
 * {@code AxisFault("Transport error: 304 ...")} before it records the response headers, and the
 * headers of a 304 are needed (they refresh the stored entry's freshness, RFC 9111 §4.3.4). So
 * the conditional request goes through a second {@link HTTPClient5TransportSender} whose
 * {@code HTTPSender} wraps each {@link Request} in a proxy that notes the headers of a 304 on
 * the message context when {@code getStatusCode()} is read, right after the exchange. Any other
 * answer is left on the contexts as Axis2 leaves it, for the caller to capture like a miss.
 *
 * <p>A client whose HTTP sender is not Axis2's HttpClient 5 sender is not revalidated: its
 * stale entries are fetched again in full.
 */
final class RestRevalidation {
    static final String NOT_MODIFIED = RestRevalidation.class.getName() + ".notModified";

    private volatile TransportSender sender;

    /**
     * Sends the conditional request. Returns the 304 marker, or {@code null} when the server
     * answered in full: the response is then on the message contexts, as after a plain call.
     *
     * @throws AxisFault what the transport raised (the caller falls back to a plain call)
     * @throws UnsupportedOperationException when the client's sender cannot revalidate
     */
    CachedResponse send(TransportSender delegate, MessageContext out, CachedResponse stale)
            throws AxisFault {
        TransportSender s = sender(delegate, out);
        Object own = out.getLocalProperty(HTTPConstants.HTTP_HEADERS);
        List<NamedValue> headers = new ArrayList<>();
        copy(out.getProperty(HTTPConstants.HTTP_HEADERS), headers);
        stale.conditionalHeaders().forEach((k, v) -> headers.add(new NamedValue(k, v)));
        out.setProperty(HTTPConstants.HTTP_HEADERS, headers);
        out.removeProperty(NOT_MODIFIED);
        try {
            s.invoke(out);
            return null;
        } catch (AxisFault f) {
            Object notModified = out.getLocalProperty(NOT_MODIFIED);
            if (notModified instanceof Map) {
                @SuppressWarnings("unchecked")
                Map<String, List<String>> h = (Map<String, List<String>>) notModified;
                return CachedResponse.notModified(h);
            }
            throw f;
        } finally {
            out.removeProperty(NOT_MODIFIED);
            if (own == null) {
                out.removeProperty(HTTPConstants.HTTP_HEADERS);
            } else {
                out.setProperty(HTTPConstants.HTTP_HEADERS, own);
            }
        }
    }

    private TransportSender sender(TransportSender delegate, MessageContext out)
            throws AxisFault {
        TransportSender s = sender;
        if (s != null) {
            return s;
        }
        if (!(delegate instanceof HTTPClient5TransportSender)) {
            throw new UnsupportedOperationException("the client's HTTP sender is "
                    + delegate.getClass().getName() + ", not Axis2's HttpClient 5 sender");
        }
        synchronized (this) {
            if (sender == null) {
                TransportSender c = new ConditionalSender();
                c.init(out.getConfigurationContext(), out.getTransportOut());
                sender = c;
            }
            return sender;
        }
    }

    private static void copy(Object headers, List<NamedValue> into) {
        if (headers instanceof List) {
            for (Object o : (List<?>) headers) {
                if (o instanceof NamedValue && !isConditional(((NamedValue) o).getName())) {
                    into.add((NamedValue) o);
                }
            }
        } else if (headers instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) headers).entrySet()) {
                if (e.getKey() != null && e.getValue() != null
                        && !isConditional(e.getKey().toString())) {
                    into.add(new NamedValue(e.getKey().toString(), e.getValue().toString()));
                }
            }
        }
    }

    private static boolean isConditional(String name) {
        return "If-None-Match".equalsIgnoreCase(name) || "If-Modified-Since".equalsIgnoreCase(name);
    }

    /** Axis2's HttpClient 5 sender whose requests note the headers of a 304. */
    private static final class ConditionalSender extends HTTPClient5TransportSender {
        @Override
        protected HTTPSender createHTTPSender() {
            return new HTTPSenderImpl() {
                @Override
                protected Request createRequest(MessageContext mc, String method, URL url,
                        AxisRequestEntity entity) throws AxisFault {
                    return noting304(super.createRequest(mc, method, url, entity), mc);
                }
            };
        }
    }

    private static Request noting304(Request real, MessageContext mc) {
        return (Request) Proxy.newProxyInstance(Request.class.getClassLoader(),
                new Class<?>[] {Request.class}, (proxy, method, args) -> {
                    Object result;
                    try {
                        result = method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if ("getStatusCode".equals(method.getName()) && Integer.valueOf(304)
                            .equals(result)) {
                        Map<String, List<String>> h =
                                new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
                        for (Header header : real.getResponseHeaders()) {
                            h.computeIfAbsent(header.getName(), n -> new ArrayList<>(1))
                                    .add(header.getValue());
                        }
                        mc.setProperty(NOT_MODIFIED, h);
                    }
                    return result;
                });
    }
}
