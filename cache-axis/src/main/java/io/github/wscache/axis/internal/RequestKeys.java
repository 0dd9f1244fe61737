package io.github.wscache.axis.internal;

import io.github.wscache.core.Invocation;
import java.io.ByteArrayOutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
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
import org.apache.axis2.kernel.TransportUtils;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.transport.http.HTTPAuthenticator;
import org.apache.axis2.util.MessageProcessorSelector;

/**
 * Turns an outgoing Axis2 request into the {@link Invocation} the cache keys: service (the
 * stub's service name), endpoint, operation, caller identity, and the request itself.
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
    static final String WSSE_USERNAME = "Username";

    private RequestKeys() {
    }

    /** What the sender needs to know about one outgoing request. */
    static final class Request {
        final Invocation invocation;
        final boolean restGet;
        final String url;

        Request(Invocation invocation, boolean restGet, String url) {
            this.invocation = invocation;
            this.restGet = restGet;
            this.url = url;
        }
    }

    /**
     * Returns the request, or {@code null} when it cannot be cached at all (no target address,
     * a REST method other than GET).
     */
    static Request of(MessageContext mc) throws AxisFault {
        String endpoint = endpoint(mc);
        if (endpoint == null) {
            return null;
        }
        boolean rest = TransportUtils.isDoingREST(mc);
        String method = (String) mc.getProperty(Constants.Configuration.HTTP_METHOD);
        boolean restGet = rest && Constants.Configuration.HTTP_METHOD_GET.equalsIgnoreCase(method);
        if (rest && !restGet) {
            return null;
        }
        OMElement payload = payload(mc);
        Invocation.Builder b = Invocation.builder(operation(mc, payload))
                .service(Names.service(mc.getAxisService()))
                .endpoint(endpoint)
                .vary("wscache-level", "message");
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
        identity(mc, b);
        if (payload != null) {
            Object bean = bean(payload);
            if (bean != null) {
                b.parameter(payload.getLocalName(), bean);
            } else if (!restGet) {
                b.parameter(payload.getLocalName(), xml(payload));
            }
            b.requestXml(() -> reader(payload));
        }
        return new Request(b.build(), restGet, url);
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

    /**
     * The operation name: the operation's own name, or for the anonymous operation of a plain
     * {@code ServiceClient} the payload element's name (document/literal wrapped), else the
     * last segment of the SOAP action.
     */
    static String operation(MessageContext mc, OMElement payload) {
        AxisOperation op = mc.getAxisOperation();
        QName name = op == null ? null : op.getName();
        if (name != null && !isAnonymous(name)) {
            return name.getLocalPart();
        }
        if (payload != null) {
            return payload.getLocalName();
        }
        String action = mc.getSoapAction();
        if (action == null || action.isBlank()) {
            action = mc.getWSAAction();
        }
        if (action != null && !action.isBlank()) {
            String a = action.replace("\"", "");
            int cut = Math.max(a.lastIndexOf(':'), a.lastIndexOf('/'));
            return cut >= 0 && cut < a.length() - 1 ? a.substring(cut + 1) : a;
        }
        return name == null ? "unknown" : name.getLocalPart();
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

    private static void identity(MessageContext mc, Invocation.Builder b) {
        String authorization = header(mc, "Authorization");
        Object auth = mc.getProperty(HTTPConstants.AUTHENTICATE);
        if (auth instanceof HTTPAuthenticator) {
            HTTPAuthenticator a = (HTTPAuthenticator) auth;
            String basic = "authenticator " + a.getUsername() + ':' + a.getPassword() + '@'
                    + a.getDomain();
            authorization = authorization == null ? basic : authorization + '\n' + basic;
        }
        if (authorization != null) {
            b.authorization(authorization);
        }
        String user = wsSecurityUsername(mc);
        if (user != null) {
            b.username(user);
        }
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

    /** The WS-Security {@code UsernameToken/Username} of the request's SOAP header, if any. */
    private static String wsSecurityUsername(MessageContext mc) {
        SOAPEnvelope env = mc.getEnvelope();
        SOAPHeader header = env == null ? null : env.getHeader();
        if (header == null) {
            return null;
        }
        for (Iterator<OMElement> it = header.getChildElements(); it.hasNext();) {
            OMElement security = it.next();
            if (!"Security".equals(security.getLocalName())) {
                continue;
            }
            for (Iterator<OMElement> t = security.getChildElements(); t.hasNext();) {
                OMElement token = t.next();
                if (!"UsernameToken".equals(token.getLocalName())) {
                    continue;
                }
                for (Iterator<OMElement> u = token.getChildElements(); u.hasNext();) {
                    OMElement user = u.next();
                    if (WSSE_USERNAME.equals(user.getLocalName())) {
                        return user.getText().trim();
                    }
                }
            }
        }
        return null;
    }
}
