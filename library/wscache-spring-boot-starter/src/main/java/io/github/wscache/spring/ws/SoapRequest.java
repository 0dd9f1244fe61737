package io.github.wscache.spring.ws;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.internal.http.CallerFields;
import io.github.wscache.core.internal.http.DomSoapHeaders;
import io.github.wscache.core.policy.OperationPolicy;
import java.io.StringReader;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.hc.core5.http.Header;
import org.springframework.ws.WebServiceMessage;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.SoapVersion;
import org.springframework.ws.transport.WebServiceConnection;
import org.springframework.ws.transport.http.ClientHttpRequestConnection;
import org.springframework.ws.transport.http.HttpComponents5Connection;
import org.springframework.ws.transport.http.HttpUrlConnection;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Turns an outgoing Spring Web Services request into the {@link Invocation} the cache keys:
 * endpoint (the connection's URI), operation (the payload's local name, the SOAP action's last
 * segment as an alias), caller identity, and the payload's XML. Spring-WS knows no WSDL, so a
 * policy names these operations by {@code endpoint:} or with {@code service: "*"}.
 *
 * <p>Identity, by cache-core's rules ({@code CallerFields}, {@code DomSoapHeaders}), as
 * cache-axis and cache-jaxws follow them: the HTTP fields already on the connection's request
 * (where the connection shows them: Spring's {@code ClientHttpRequest}, HttpClient 5,
 * {@code HttpURLConnection}), the SOAP header (WS-Security tokens, credential-like elements,
 * others as variants) and what stands for credentials set on the sender's client ({@link
 * CallerIdentity}, or the sender itself).
 */
final class SoapRequest {
    private static final XMLInputFactory INPUT = inputFactory();

    /** What the interceptor needs to know about one outgoing request. */
    record Request(Invocation invocation, OperationPolicy policy, boolean soap12) {
    }

    private SoapRequest() {
    }

    private static XMLInputFactory inputFactory() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        return f;
    }

    /**
     * Returns the request, or {@code null} when it is no SOAP request with a payload (it then
     * goes out as without the cache).
     *
     * @param client what stands for credentials on the sender's client, or {@code null}
     */
    static Request of(MessageContext context, WebServiceConnection connection,
            ResponseCache cache, String client) throws URISyntaxException {
        WebServiceMessage message = context.getRequest();
        if (!(message instanceof SoapMessage soap)) {
            return null;
        }
        Document doc = soap.getDocument();
        Element envelope = doc.getDocumentElement();
        Element header = null;
        Element payload = null;
        for (Element e = firstElement(envelope); e != null; e = nextElement(e)) {
            if ("Header".equals(e.getLocalName())) {
                header = e;
            } else if ("Body".equals(e.getLocalName())) {
                payload = firstElement(e);
            }
        }
        if (payload == null) {
            return null;
        }
        boolean soap12 = soap.getVersion() == SoapVersion.SOAP_12;
        Invocation.Builder b = Invocation.builder(payload.getLocalName());
        String action = actionName(soap.getSoapAction());
        if (action != null && !action.equals(payload.getLocalName())) {
            b.alias(action);
        }
        URI uri = connection.getUri();
        b.endpoint(uri.toString());
        OperationPolicy policy = cache.policyFor(b.build());
        if (!policy.cacheable()) {
            return new Request(b.build(), policy, soap12);
        }
        b.vary("wscache-level", "message").vary("soap", soap12 ? "1.2" : "1.1");
        httpFields(b, connection);
        DomSoapHeaders.addTo(b, header, policy.identityHeaders());
        if (client != null) {
            b.credential("spring-ws-client", client);
        }
        String xml = DomSoapHeaders.toXml(payload);
        b.parameter(payload.getLocalName(), xml);
        b.requestXml(() -> reader(xml));
        return new Request(b.build(), policy, soap12);
    }

    /** The HTTP fields already on the connection's request, where the connection shows them. */
    private static void httpFields(Invocation.Builder b, WebServiceConnection connection) {
        if (connection instanceof ClientHttpRequestConnection c) {
            c.getClientHttpRequest().getHeaders().forEach((name, values) ->
                    CallerFields.httpField(b, name, String.join(", ", values)));
        } else if (HttpComponents.PRESENT && HttpComponents.fields(b, connection)) {
            return;
        } else if (connection instanceof HttpUrlConnection c) {
            HttpURLConnection u = c.getConnection();
            for (Map.Entry<String, List<String>> h : u.getRequestProperties().entrySet()) {
                if (h.getKey() != null) {
                    CallerFields.httpField(b, h.getKey(), String.join(", ", h.getValue()));
                }
            }
        }
    }

    /** Apache HttpClient 5's connection, read only when HttpClient 5 is there. */
    private static final class HttpComponents {
        static final boolean PRESENT = present();

        private static boolean present() {
            try {
                Class.forName("org.apache.hc.core5.http.Header", false,
                        SoapRequest.class.getClassLoader());
                return true;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }

        static boolean fields(Invocation.Builder b, WebServiceConnection connection) {
            if (!(connection instanceof HttpComponents5Connection c)) {
                return false;
            }
            for (Header h : c.getHttpPost().getHeaders()) {
                CallerFields.httpField(b, h.getName(), h.getValue());
            }
            return true;
        }
    }

    private static String actionName(String action) {
        if (action == null) {
            return null;
        }
        String a = action.strip();
        if (a.length() >= 2 && a.startsWith("\"") && a.endsWith("\"")) {
            a = a.substring(1, a.length() - 1);
        }
        int cut = Math.max(a.lastIndexOf('/'), Math.max(a.lastIndexOf('#'), a.lastIndexOf(':')));
        String last = a.substring(cut + 1);
        return last.isEmpty() ? null : last;
    }

    private static Element firstElement(Node parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                return e;
            }
        }
        return null;
    }

    private static Element nextElement(Node node) {
        for (Node n = node.getNextSibling(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                return e;
            }
        }
        return null;
    }

    private static XMLStreamReader reader(String xml) {
        try {
            return INPUT.createXMLStreamReader(new StringReader(xml));
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot read the request payload", e);
        }
    }
}
