package io.github.wscache.jaxws.internal;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.internal.http.DomSoapHeaders;
import io.github.wscache.core.policy.OperationPolicy;
import jakarta.xml.soap.SOAPBody;
import jakarta.xml.soap.SOAPConstants;
import jakarta.xml.soap.SOAPElement;
import jakarta.xml.soap.SOAPEnvelope;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;
import java.io.StringReader;
import java.net.URI;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns an outgoing JAX-WS request into the {@link Invocation} the cache keys: service (the WSDL
 * service's local name), endpoint, operation as the WSDL writes it ({@link Names}), caller
 * identity ({@link Identities}; on CXF also what CXF adds after the handlers,
 * {@link CxfRequests#addUnseen}) and the payload's XML. Message-level invocations carry
 * {@code vary("wscache-level", "message")} and the SOAP version, as cache-axis's do.
 */
final class RequestKeys {
    private static final Logger LOG = LoggerFactory.getLogger(RequestKeys.class);
    private static final XMLInputFactory INPUT = inputFactory();

    private RequestKeys() {
    }

    /** What the handler needs to know about one outgoing request. */
    record Request(Invocation invocation, OperationPolicy policy, boolean soap12) {
    }

    private static XMLInputFactory inputFactory() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        return f;
    }

    /** Returns the request, or {@code null} when it has no endpoint address to key on. */
    static Request of(SOAPMessageContext ctx, ResponseCache cache, String session,
            Supplier<? extends Collection<String>> operations) throws SOAPException {
        Object address = ctx.get(BindingProvider.ENDPOINT_ADDRESS_PROPERTY);
        if (!(address instanceof String)) {
            return null;
        }
        SOAPMessage message = ctx.getMessage();
        SOAPEnvelope env = message.getSOAPPart().getEnvelope();
        boolean soap12 = SOAPConstants.URI_NS_SOAP_1_2_ENVELOPE.equals(env.getNamespaceURI());
        SOAPBody body = env.getBody();
        SOAPElement payload = body == null ? null : firstElement(body);
        Object action = ctx.get(BindingProvider.SOAPACTION_URI_PROPERTY);
        Object op = ctx.get(MessageContext.WSDL_OPERATION);
        List<String> names = Names.of(op instanceof QName ? (QName) op : null,
                payload == null ? null : payload.getLocalName(),
                action instanceof String ? (String) action : null);
        Invocation.Builder b = Invocation.builder(names.get(0));
        for (String alias : names.subList(1, names.size())) {
            b.alias(alias);
        }
        Object service = ctx.get(MessageContext.WSDL_SERVICE);
        if (service instanceof QName) {
            String name = ((QName) service).getLocalPart();
            b.service(name);
            Object wsdl = ctx.get(MessageContext.WSDL_DESCRIPTION);
            cache.declareOperations(name, operations != null ? operations
                    : () -> wsdlOperations(wsdl));
        }
        b.endpoint((String) address);
        OperationPolicy policy = cache.policyFor(b.build());
        if (!policy.cacheable()) {
            return new Request(b.build(), policy, soap12);
        }
        b.vary("wscache-level", "message").vary("soap", soap12 ? "1.2" : "1.1");
        Identities.addTo(b, ctx, env.getHeader(), policy.identityHeaders(), session);
        if (CachingSoapHandler.CXF) {
            // what CXF sends after the handlers (the conduit's credentials, WS-Security, later
            // interceptors) counts as it does for CXF's own path
            CxfRequests.addUnseen(b, ctx, session);
        }
        if (payload != null) {
            String xml = DomSoapHeaders.toXml(payload);
            b.parameter(payload.getLocalName(), xml);
            b.requestXml(() -> reader(xml));
        }
        return new Request(b.build(), policy, soap12);
    }

    private static SOAPElement firstElement(SOAPElement parent) {
        for (Iterator<?> it = parent.getChildElements(); it.hasNext();) {
            Object o = it.next();
            if (o instanceof SOAPElement) {
                return (SOAPElement) o;
            }
        }
        return null;
    }

    static XMLStreamReader reader(String xml) {
        try {
            return INPUT.createXMLStreamReader(new StringReader(xml));
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot read the request payload", e);
        }
    }

    /** The WSDL's operation names, or none when the runtime gives no readable WSDL. */
    private static List<String> wsdlOperations(Object wsdl) {
        try {
            URI uri = wsdl instanceof URI ? (URI) wsdl
                    : wsdl == null ? null : URI.create(wsdl.toString());
            return uri == null || !uri.isAbsolute() ? List.of() : Names.wsdlOperations(uri);
        } catch (java.io.IOException | XMLStreamException | RuntimeException e) {
            LOG.info("wscache: cannot read the operation names of the WSDL {} ({}); policy "
                    + "entries are checked against the operations called instead", wsdl,
                    e.toString());
            return List.of();
        }
    }
}
