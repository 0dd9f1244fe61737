package io.github.wscache.spring.ws;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.internal.http.CallerFields;
import io.github.wscache.core.internal.http.DomSoapHeaders;
import io.github.wscache.core.policy.OperationPolicy;
import java.io.StringReader;
import java.net.URI;
import java.net.URISyntaxException;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.hc.core5.http.Header;
import org.springframework.ws.WebServiceMessage;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.SoapVersion;
import org.springframework.ws.transport.HeadersAwareSenderWebServiceConnection;
import org.springframework.ws.transport.WebServiceConnection;
import org.springframework.ws.transport.http.ClientHttpRequestConnection;
import org.springframework.ws.transport.http.HttpComponents5Connection;
import org.springframework.ws.transport.http.HttpComponentsConnection;
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
 * (those a message callback added through {@code addRequestHeader} among them), the SOAP header
 * (WS-Security tokens, credential-like elements, others as variants) and what stands for
 * credentials set on the sender's client ({@link CallerIdentity}, or the sender itself).
 *
 * <p>The fields can be read on Spring's {@code ClientHttpRequest}, HttpClient 5's and
 * HttpClient 4's connections. Two connections hide them: the JDK {@code HttpClient}'s keeps its
 * request builder private, and {@code HttpURLConnection.getRequestProperties()} leaves out
 * {@code Authorization} and {@code Proxy-Authorization}. A call on such a connection (or on any
 * other headers-aware one this class does not know) may carry a user's credentials the key
 * would miss, so it is bypassed, with the reason, unless the operation is
 * {@code sharedAcrossUsers} (then no identity takes part in the key anyway).
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
        if (!httpFields(b, connection) && !policy.sharedAcrossUsers()) {
            b.bypass("cannot read the HTTP fields this call sends on a "
                    + connection.getClass().getSimpleName() + ": credentials added per call"
                    + " (Authorization) would not partition the entries (send through a"
                    + " ClientHttpRequestMessageSender, or set sharedAcrossUsers: true)");
            return new Request(b.build(), policy, soap12);
        }
        DomSoapHeaders.addTo(b, header, policy.identityHeaders());
        if (client != null) {
            b.credential("spring-ws-client", client);
        }
        String xml = DomSoapHeaders.toXml(payload);
        b.parameter(payload.getLocalName(), xml);
        b.requestXml(() -> reader(xml));
        return new Request(b.build(), policy, soap12);
    }

    /**
     * Adds the HTTP fields already on the connection's request; false when the connection may
     * send fields it does not show.
     */
    private static boolean httpFields(Invocation.Builder b, WebServiceConnection connection) {
        if (connection instanceof ClientHttpRequestConnection c) {
            c.getClientHttpRequest().getHeaders().forEach((name, values) ->
                    CallerFields.httpField(b, name, String.join(", ", values)));
            return true;
        }
        if (HttpComponents5.PRESENT && HttpComponents5.fields(b, connection)) {
            return true;
        }
        if (HttpComponents4.PRESENT && HttpComponents4.fields(b, connection)) {
            return true;
        }
        return !(connection instanceof HeadersAwareSenderWebServiceConnection);
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, SoapRequest.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Apache HttpClient 5's connection, read only when HttpClient 5 is there. */
    private static final class HttpComponents5 {
        static final boolean PRESENT = present("org.apache.hc.core5.http.Header");

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

    /** Apache HttpClient 4's connection, read only when HttpClient 4 is there. */
    private static final class HttpComponents4 {
        static final boolean PRESENT = present("org.apache.http.client.methods.HttpPost");

        static boolean fields(Invocation.Builder b, WebServiceConnection connection) {
            if (!(connection instanceof HttpComponentsConnection c)) {
                return false;
            }
            for (org.apache.http.Header h : c.getHttpPost().getAllHeaders()) {
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
