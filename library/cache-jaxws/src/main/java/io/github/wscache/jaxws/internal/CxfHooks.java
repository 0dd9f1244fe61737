package io.github.wscache.jaxws.internal;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.xml.SoapPayload;
import io.github.wscache.core.xml.XmlRecording;
import jakarta.xml.ws.handler.MessageContext;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicLong;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.interceptor.InterceptorChain;
import org.apache.cxf.jaxws.context.WrappedMessageContext;
import org.apache.cxf.jaxws.handler.soap.SOAPHandlerInterceptor;
import org.apache.cxf.jaxws.support.JaxWsEndpointImpl;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageImpl;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.transport.MessageObserver;

/**
 * What Apache CXF tells nobody through the JAX-WS handler API: that a call failed before any
 * response reached the handlers (a refused connection, a 401 or 503 without a SOAP body). CXF
 * then calls no handler's {@code close}; it unwinds its own interceptor chain instead. So a
 * handler running on CXF adds to the call's chain an interceptor that does nothing on the way
 * out and tells the handler on the unwind. And a hit kept as {@code events} is replayed into
 * CXF's data binding ({@link #replay}). Loaded only when CXF is on the class path.
 */
final class CxfHooks {
    private static final AtomicLong IDS = new AtomicLong();

    private CxfHooks() {
    }

    /** Runs {@code onFailure} when the call of {@code ctx} fails; false when not on CXF. */
    static boolean onFailure(MessageContext ctx, Runnable onFailure) {
        if (!(ctx instanceof WrappedMessageContext)) {
            return false;
        }
        Message m = ((WrappedMessageContext) ctx).getWrappedMessage();
        InterceptorChain chain = m == null ? null : m.getInterceptorChain();
        if (chain == null) {
            return false;
        }
        chain.add(new Release(onFailure));
        return true;
    }

    /**
     * Answers the call of {@code ctx} with a recorded payload, replayed as the reader CXF's
     * data binding reads (JAXB unmarshals from it; no SAAJ message, no XML parsed): the out
     * chain is stopped and the in chain runs from after CXF's SOAP handler interceptor, as CXF
     * itself does when a handler answers a call, but with the replay in place of a DOM. Only
     * when the cache's handler is the client's only one (others would expect a SAAJ message on
     * the way in); false when it cannot, and nothing was done.
     */
    static boolean replay(MessageContext ctx, XmlRecording payload, int status)
            throws XMLStreamException {
        if (!(ctx instanceof WrappedMessageContext)) {
            return false;
        }
        Message message = ((WrappedMessageContext) ctx).getWrappedMessage();
        Exchange exchange = message == null ? null : message.getExchange();
        if (exchange == null || exchange.isOneWay() || message.getInterceptorChain() == null) {
            return false;
        }
        Endpoint endpoint = exchange.getEndpoint();
        if (exchange.get(MessageObserver.class) == null
                || !(endpoint instanceof JaxWsEndpointImpl)
                || ((JaxWsEndpointImpl) endpoint).getJaxwsBinding().getHandlerChain().size() != 1) {
            return false;
        }
        Message response = response(message, status);
        XMLStreamReader reader = payload.newReader();
        reader.nextTag();
        response.setContent(XMLStreamReader.class, reader);
        response.put(InterceptorChain.STARTING_AFTER_INTERCEPTOR_ID,
                SOAPHandlerInterceptor.class.getName());
        deliver(message, response);
        return true;
    }

    /**
     * Answers the call of {@code message} (a CXF client's, on its out chain, before it is sent)
     * with {@code r}, as if CXF had received it: the out chain is stopped and the in chain reads
     * the response — the envelope's bytes from its start, or a recorded payload straight into
     * the data binding from after the interceptor {@code afterBody} (when {@code null}, an
     * envelope is written around the payload and read from the start). False when there is no
     * observer to hand the response to; nothing was done then. Bytes from the farm's tier were
     * checked when read ({@link Responses#fromShared}).
     */
    static boolean answer(Message message, CachedResponse r, boolean soap12, String afterBody) {
        Exchange exchange = message.getExchange();
        if (exchange.get(MessageObserver.class) == null) {
            return false;
        }
        Message response = response(message, r.status());
        if (r.body() instanceof XmlRecording && afterBody != null) {
            XMLStreamReader reader = ((XmlRecording) r.body()).newReader();
            try {
                reader.nextTag();
            } catch (XMLStreamException e) {
                return false;
            }
            response.setContent(XMLStreamReader.class, reader);
            response.put(InterceptorChain.STARTING_AFTER_INTERCEPTOR_ID, afterBody);
        } else {
            // bytes were read as an envelope when stored or taken from the tier (fromShared)
            byte[] xml = r.body() instanceof XmlRecording
                    ? SoapPayload.envelope((XmlRecording) r.body(), soap12) : (byte[]) r.body();
            String type = r.contentType();
            response.put(Message.CONTENT_TYPE, type != null ? type
                    : soap12 ? "application/soap+xml; charset=UTF-8" : "text/xml; charset=UTF-8");
            response.setContent(InputStream.class, new ByteArrayInputStream(xml));
        }
        deliver(message, response);
        return true;
    }

    private static Message response(Message message, int status) {
        MessageImpl in = new MessageImpl();
        in.setExchange(message.getExchange());
        Message response = message.getExchange().getEndpoint().getBinding().createMessage(in);
        response.put(Message.RESPONSE_CODE, status);
        return response;
    }

    private static void deliver(Message message, Message response) {
        Exchange exchange = message.getExchange();
        exchange.setInMessage(response);
        message.getInterceptorChain().abort();
        exchange.get(MessageObserver.class).onMessage(response);
    }

    /** The WSDL service name of a CXF port proxy, or null for another port. */
    static QName serviceName(Object port) {
        if (!Proxy.isProxyClass(port.getClass())
                || !(Proxy.getInvocationHandler(port) instanceof ClientProxy)) {
            return null;
        }
        Endpoint endpoint = ClientProxy.getClient(port).getEndpoint();
        return endpoint == null || endpoint.getService() == null ? null
                : endpoint.getService().getName();
    }

    /** Runs after the handlers, before the message is written; on the unwind it releases. */
    private static final class Release extends AbstractPhaseInterceptor<Message> {
        private final Runnable onFailure;

        Release(Runnable onFailure) {
            super("wscache-release-" + IDS.incrementAndGet(), Phase.WRITE);
            this.onFailure = onFailure;
        }

        @Override
        public void handleMessage(Message message) {
            // nothing on the way out
        }

        @Override
        public void handleFault(Message message) {
            onFailure.run();
        }
    }
}
