package io.github.wscache.axis.internal;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.OperationPolicy;
import java.io.ByteArrayOutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamReader;
import org.apache.axiom.om.OMDataSource;
import org.apache.axiom.om.OMDataSourceExt;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMSourcedElement;
import org.apache.axiom.soap.SOAPBody;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPHeader;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.kernel.TransportUtils;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.util.MessageProcessorSelector;

/**
 * Turns an outgoing Axis2 request into the {@link Invocation} the cache keys: service (the
 * stub's service name), endpoint, operation (named as the WSDL names it, {@link OperationNames}),
 * caller identity ({@link Identities}), and the request itself.
 *
 * <p>The request is the ADB bean behind the payload's {@link OMSourcedElement} when there is one
 * (the very object the application passed; no XML is written), else the payload's XML as a
 * string. The payload's XML reader is always supplied for {@code key: xml}. REST GET requests
 * also vary on the method, the target URL (with its query) and {@code Accept}.
 *
 * <p>Message-level invocations carry {@code vary("wscache-level", "message")}, so their keys
 * never collide with application-object entries of the same call in a shared cache.
 */
final class RequestKeys {
    private RequestKeys() {
    }

    /** What the sender needs to know about one outgoing request. */
    static final class Request {
        final Invocation invocation;
        final OperationPolicy policy;
        final boolean restGet;
        final String url;

        Request(Invocation invocation, OperationPolicy policy, boolean restGet, String url) {
            this.invocation = invocation;
            this.policy = policy;
            this.restGet = restGet;
            this.url = url;
        }
    }

    /**
     * Returns the request, or {@code null} when it cannot be cached at all (no target address,
     * a REST method other than GET).
     */
    static Request of(MessageContext mc, ResponseCache cache) throws AxisFault {
        String endpoint = endpoint(mc);
        if (endpoint == null) {
            return null;
        }
        boolean rest = TransportUtils.isDoingREST(mc);
        // a property lookup walks Axis2's context hierarchy: only REST calls need this one
        boolean restGet = rest && Constants.Configuration.HTTP_METHOD_GET.equalsIgnoreCase(
                (String) mc.getProperty(Constants.Configuration.HTTP_METHOD));
        if (rest && !restGet) {
            return null;
        }
        OMElement payload = payload(mc);
        String service = Names.service(mc.getAxisService());
        if (service != null) {
            AxisService described = mc.getAxisService();
            cache.declareOperations(service, () -> OperationNames.all(described));
        }
        // one builder for both: the policy found for the first build serves the second
        Invocation.Builder b = names(mc, payload).service(service).endpoint(endpoint);
        OperationPolicy policy = cache.policyFor(b.build());
        if (!policy.cacheable()) {
            // passed through as it is: neither identity nor payload is needed for that
            return new Request(b.build(), policy, restGet, null);
        }
        b.vary("wscache-level", "message");
        String url = null;
        if (restGet) {
            mc.setDoingREST(true);
            URL target;
            try {
                target = MessageProcessorSelector.getMessageFormatter(mc)
                        .getTargetAddress(mc, new org.apache.axiom.om.OMOutputFormat(),
                                new URL(endpoint));
            } catch (java.net.MalformedURLException e) {
                throw AxisFault.makeFault(e);
            }
            url = target.toString();
            b.vary("method", "GET").vary("url", url);
            String accept = header(mc, "Accept");
            if (accept != null) {
                b.vary("accept", accept);
            }
        } else {
            b.vary("soap", mc.isSOAP11() ? "1.1" : "1.2");
        }
        SOAPEnvelope env = mc.getEnvelope();
        SOAPHeader header = env == null ? null : env.getHeader();
        Identities.addTo(b, mc::getProperty, mc.getOptions(),
                mc.getProperty(HTTPConstants.COOKIE_STRING),
                header == null || header.getFirstElement() == null ? null
                        : header.getChildElements(), policy.identityHeaders());
        if (payload != null) {
            Object bean = bean(payload);
            if (bean != null) {
                b.parameter(payload.getLocalName(), bean);
            } else if (!restGet) {
                b.parameter(payload.getLocalName(), xml(payload));
            }
            b.requestXml(() -> reader(payload));
        }
        return new Request(b.build(), policy, restGet, url);
    }

    private static String endpoint(MessageContext mc) {
        String transportUrl = (String) mc.getProperty(Constants.Configuration.TRANSPORT_URL);
        if (transportUrl != null) {
            return transportUrl;
        }
        if (mc.getTo() == null || mc.getTo().hasAnonymousAddress() || mc.getTo().hasNoneAddress()) {
            return null;
        }
        return mc.getTo().getAddress();
    }

    private static OMElement payload(MessageContext mc) {
        SOAPEnvelope env = mc.getEnvelope();
        if (env == null) {
            return null;
        }
        SOAPBody body = env.getBody();
        return body == null ? null : body.getFirstElement();
    }

    /** The operation's names: see {@link OperationNames}. */
    static Invocation.Builder names(MessageContext mc, OMElement payload) {
        AxisOperation op = mc.getAxisOperation();
        QName name = op == null ? null : op.getName();
        String javaName = name != null && !isAnonymous(name) ? name.getLocalPart() : null;
        String action = mc.getSoapAction();
        if (action == null || action.isBlank()) {
            action = mc.getWSAAction();
        }
        return OperationNames.builder(javaName, payload == null ? null : payload.getLocalName(),
                action);
    }

    private static boolean isAnonymous(QName name) {
        return name.equals(ServiceClient.ANON_OUT_IN_OP)
                || name.equals(ServiceClient.ANON_OUT_ONLY_OP)
                || name.equals(ServiceClient.ANON_ROBUST_OUT_ONLY_OP);
    }

    private static Object bean(OMElement payload) {
        if (!(payload instanceof OMSourcedElement)) {
            return null;
        }
        OMSourcedElement sourced = (OMSourcedElement) payload;
        if (sourced.isExpanded()) {
            return null;
        }
        OMDataSource ds = sourced.getDataSource();
        if (ds instanceof OMDataSourceExt) {
            return ((OMDataSourceExt) ds).getObject();
        }
        return null;
    }

    private static String xml(OMElement payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        try {
            payload.serialize(out, true);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot serialize the request payload", e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static XMLStreamReader reader(OMElement payload) {
        if (payload instanceof OMSourcedElement && !((OMSourcedElement) payload).isExpanded()) {
            OMDataSource ds = ((OMSourcedElement) payload).getDataSource();
            if (ds instanceof OMDataSourceExt && !((OMDataSourceExt) ds).isDestructiveRead()) {
                return payload.getXMLStreamReaderWithoutCaching();
            }
        }
        return payload.getXMLStreamReader(true);
    }

    /** Returns a request header the application set with {@code HTTP_HEADERS}, or null. */
    static String header(MessageContext mc, String name) {
        Object headers = mc.getProperty(HTTPConstants.HTTP_HEADERS);
        if (headers instanceof List) {
            for (Object o : (List<?>) headers) {
                if (o instanceof NamedValue && name.equalsIgnoreCase(((NamedValue) o).getName())) {
                    return ((NamedValue) o).getValue();
                }
            }
        } else if (headers instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) headers).entrySet()) {
                if (e.getKey() instanceof String && name.equalsIgnoreCase((String) e.getKey())
                        && e.getValue() != null) {
                    return e.getValue().toString();
                }
            }
        }
        return null;
    }
}
