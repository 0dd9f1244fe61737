package io.github.wscache.jaxws.internal;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.internal.ValueKinds;
import io.github.wscache.core.internal.http.DomSoapHeaders;
import io.github.wscache.core.policy.KeyStrategy;
import io.github.wscache.core.policy.OperationPolicy;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.MessageContext;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.cxf.binding.soap.Soap12;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.databinding.DataBinding;
import org.apache.cxf.databinding.DataWriter;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.headers.Header;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.jaxws.context.WrappedMessageContext;
import org.apache.cxf.jaxws.handler.soap.SOAPHandlerInterceptor;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageContentsList;
import org.apache.cxf.phase.PhaseInterceptor;
import org.apache.cxf.service.Service;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.service.model.MessageInfo;
import org.apache.cxf.service.model.MessagePartInfo;
import org.apache.cxf.transport.Conduit;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Turns a CXF client's outgoing call into the {@link Invocation} the cache keys, before anything
 * is marshalled or sent: the same service, endpoint, operation names and identity rules as the
 * handler's {@link RequestKeys}, read from CXF's message instead of a SAAJ envelope. At the
 * message level the payload is the call's parameters written by the service's own data binding
 * (JAXB), as CXF would write them into the body; at the object level (a policy {@code value}
 * that keeps objects) the parameters themselves, under their parts' names. SOAP headers come
 * from CXF's header list.
 *
 * <p>What CXF adds to a request after the cache has looked (the out interceptors that run later)
 * is invisible here. So a client whose chain has, after the cache, a WS-Security interceptor or
 * any interceptor that is not CXF's own, is its own caller: its keys are partitioned by the
 * client (unless the operation is {@code sharedAcrossUsers}). That decision, and the conduit's
 * credentials, are {@link #addUnseen}'s, for this level and for the cache's JAX-WS handler on
 * CXF alike: the handler runs in the {@code user-protocol} phase, before WS-Security writes its
 * header and before the conduit answers a challenge (Digest, NTLM, ...), so it sees no more of
 * them than this level does.
 */
final class CxfRequests {
    /** The id of the interceptor that runs a CXF client's SOAP handlers on the way out. */
    private static final String SOAP_HANDLERS = SOAPHandlerInterceptor.class.getName() + ".ENDING";
    /** The name of the in chain's interceptor after which a recorded payload is read. */
    static final String START_BODY = "org.apache.cxf.binding.soap.interceptor.StartBodyInterceptor";
    /** Whether CXF's HTTP transport is on the class path (it is optional). */
    static final boolean HTTP_CONDUIT =
            CachingSoapHandler.present("org.apache.cxf.transport.http.HTTPConduit");
    private static final DocumentBuilderFactory DOM = DocumentBuilderFactory.newInstance();
    private static final ClassValue<Kind> KINDS = new ClassValue<>() {
        @Override
        protected Kind computeValue(Class<?> type) {
            return Kind.of(type.getName());
        }
    };

    static {
        DOM.setNamespaceAware(true);
    }

    private CxfRequests() {
    }

    /** What the cache knows of an interceptor that runs after it. */
    private enum Kind {
        /** CXF's own, or this module's: adds nothing that identifies a caller. */
        CXF,
        /** WS-Security and the like: adds tokens the cache does not see. */
        SECURITY,
        /** Not CXF's: may add anything. */
        FOREIGN;

        static Kind of(String type) {
            if (type.startsWith("org.apache.cxf.ws.security.")
                    || type.startsWith("org.apache.cxf.rs.security.")
                    || type.contains(".wss4j.") || type.contains(".saml.")) {
                return SECURITY;
            }
            return type.startsWith("org.apache.cxf.") || ours(type) ? CXF : FOREIGN;
        }

        /** Whether an interceptor is this module's (the feature's, the handler's). */
        private static boolean ours(String type) {
            return type.startsWith("io.github.wscache.jaxws.internal.")
                    || type.startsWith("io.github.wscache.jaxws.WsCacheFeature$")
                    || type.startsWith("io.github.wscache.jaxws.WsCacheBusExtension$");
        }
    }

    /**
     * Returns the request of {@code message}, or {@code null} when it cannot be keyed here (no
     * operation, parameters or data binding; a header the data binding cannot write).
     *
     * @param self the interceptor asking; those after it in the chain are judged
     * @param client what stands for this client (its session, its hidden credentials)
     */
    static RequestKeys.Request of(Message message, Interceptor<?> self, ResponseCache cache,
            String client, Supplier<? extends Collection<String>> operations) {
        Exchange ex = message.getExchange();
        BindingOperationInfo bop = ex.getBindingOperationInfo();
        Service service = ex.getService();
        Endpoint endpoint = ex.getEndpoint();
        MessageContentsList params = MessageContentsList.getContentsList(message);
        DataBinding binding = service == null ? null : service.getDataBinding();
        if (bop == null || binding == null || endpoint == null) {
            return null;
        }
        WrappedMessageContext ctx = new WrappedMessageContext(message,
                MessageContext.Scope.APPLICATION);
        Object address = message.get(Message.ENDPOINT_ADDRESS);
        if (!(address instanceof String)) {
            address = endpoint.getEndpointInfo().getAddress();
        }
        if (!(address instanceof String)) {
            return null;
        }
        boolean soap12 = message instanceof SoapMessage
                && ((SoapMessage) message).getVersion() == Soap12.getInstance();
        MessageInfo input = message.get(MessageInfo.class);
        if (input == null) {
            input = bop.getOperationInfo().getInput();
        }
        List<MessagePartInfo> parts = input == null ? List.of() : input.getMessageParts();
        MessagePartInfo first = parts.isEmpty() ? null : parts.get(0);
        String payload = first != null && first.isElement()
                ? first.getConcreteName().getLocalPart() : bop.getName().getLocalPart();
        Object action = ctx.get(BindingProvider.SOAPACTION_URI_PROPERTY);
        List<String> names = Names.of(bop.getName(), payload,
                action instanceof String ? (String) action : null);
        Invocation.Builder b = Invocation.builder(names.get(0));
        for (String alias : names.subList(1, names.size())) {
            b.alias(alias);
        }
        if (service.getName() != null) {
            String name = service.getName().getLocalPart();
            b.service(name);
            if (operations != null) {
                cache.declareOperations(name, operations);
            }
        }
        b.endpoint((String) address);
        OperationPolicy policy = cache.policyFor(b.build());
        if (!policy.cacheable()) {
            return new RequestKeys.Request(b.build(), policy, soap12);
        }
        boolean objects = !policy.value().isMessageLevel();
        if (!objects) {
            b.vary("wscache-level", "message").vary("soap", soap12 ? "1.2" : "1.1");
        }
        Identities.addContext(b, ctx::get, client);
        addUnseen(b, message, i -> i == self, client);
        if (!headers(b, message, policy.identityHeaders())) {
            return null;
        }
        if (objects) {
            // the object level keys the parameters themselves, under their parts' names
            byName(b, parts, params);
            Method m = message.getExchange() == null ? null
                    : CxfObjectLevel.method(message.getExchange());
            if (m != null && m.getReturnType() != void.class) {
                b.resultType(m.getReturnType());
            }
            return new RequestKeys.Request(b.build(), policy, soap12);
        }
        boolean one = params != null && params.size() <= 1;
        if (policy.key() == KeyStrategy.AUTO && byValue(parts, params)) {
            // every part is a value or a flat bean (a wrapper of strings and numbers): keyed
            // as it is, under its part's name, as the object level keys it; the XML the data
            // binding would write is a function of those values, and is written only if asked
            byName(b, parts, params);
            b.requestXml(() -> {
                String xml = parameters(message, binding, parts, params);
                return RequestKeys.reader(one ? xml : "<wscache-parts>" + xml
                        + "</wscache-parts>");
            });
            return new RequestKeys.Request(b.build(), policy, soap12);
        }
        String xml = parameters(message, binding, parts, params);
        b.parameter(payload, xml);
        b.requestXml(() -> RequestKeys.reader(one ? xml
                : "<wscache-parts>" + xml + "</wscache-parts>"));
        return new RequestKeys.Request(b.build(), policy, soap12);
    }

    /** Adds the call's parameters to the key, each under its part's name. */
    private static void byName(Invocation.Builder b, List<MessagePartInfo> parts,
            MessageContentsList params) {
        for (MessagePartInfo part : parts) {
            if (params != null && params.hasValue(part)) {
                b.parameter(part.getName().getLocalPart(), params.get(part));
            }
        }
    }

    /**
     * Whether every part value of the call is keyed by its value ({@link ValueKinds}), so that
     * the message level need not write the parameters as XML to key them.
     */
    private static boolean byValue(List<MessagePartInfo> parts, MessageContentsList params) {
        if (params == null) {
            return true;
        }
        for (MessagePartInfo part : parts) {
            if (params.hasValue(part) && !ValueKinds.byValue(params.get(part))) {
                return false;
            }
        }
        return true;
    }

    /** The parts of the call as the data binding writes them, one after the other. */
    private static String parameters(Message message, DataBinding binding,
            List<MessagePartInfo> parts, MessageContentsList params) {
        if (params == null || params.isEmpty()) {
            return "";
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        DataWriter<OutputStream> writer = binding.createWriter(OutputStream.class);
        // attachments of the key's own: an MTOM part would otherwise join the message's
        writer.setAttachments(new ArrayList<>());
        writer.setProperty(DataWriter.ENDPOINT, message.getExchange().getEndpoint());
        writer.setProperty(Message.class.getName(), message);
        for (MessagePartInfo part : parts) {
            if (params.hasValue(part)) {
                writer.write(params.get(part), part, out);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * Adds what CXF sends of the caller that the cache cannot see in the message it keys: the
     * credentials set on the HTTP conduit rather than the call (conduit configuration), and,
     * when an interceptor after the cache's may add credentials, {@code client}, which stands
     * for the client: its calls share entries only with each other.
     *
     * @param self matches the interceptor the cache runs in; those after it are judged
     */
    static void addUnseen(Invocation.Builder b, Message message,
            Predicate<? super Interceptor<?>> self, String client) {
        Exchange ex = message.getExchange();
        Conduit conduit = ex == null ? null : ex.getConduit(message);
        if (conduit != null && HTTP_CONDUIT) {
            HttpConduits.addTo(b, conduit);
        }
        if (hiddenAfter(message, self)) {
            b.credential("cxf-client", client);
        }
    }

    /**
     * {@link #addUnseen} for a call the cache's JAX-WS handler keys on CXF: the handler runs in
     * the interceptor that runs the client's SOAP handlers. Nothing on another runtime.
     */
    static void addUnseen(Invocation.Builder b, MessageContext ctx, String client) {
        Message message = ctx instanceof WrappedMessageContext
                ? ((WrappedMessageContext) ctx).getWrappedMessage() : null;
        if (message != null) {
            addUnseen(b, message, CxfRequests::runsSoapHandlers, client);
        }
    }

    private static boolean runsSoapHandlers(Interceptor<?> i) {
        return i instanceof PhaseInterceptor
                && SOAP_HANDLERS.equals(((PhaseInterceptor<?>) i).getId());
    }

    /** The SOAP headers of CXF's header list; false when one cannot be read. */
    private static boolean headers(Invocation.Builder b, Message message, Set<String> named) {
        Object list = message.get(Header.HEADER_LIST);
        if (!(list instanceof List)) {
            return true;
        }
        for (Object o : (List<?>) list) {
            if (!(o instanceof Header)) {
                continue;
            }
            Element e = element((Header) o);
            if (e == null) {
                return false;
            }
            DomSoapHeaders.addHeader(b, e, named);
        }
        return true;
    }

    private static Element element(Header h) {
        Object o = h.getObject();
        if (o instanceof Element) {
            return (Element) o;
        }
        if (h.getDataBinding() == null || o == null) {
            return null;
        }
        try {
            Document d = DOM.newDocumentBuilder().newDocument();
            DataWriter<Node> w = h.getDataBinding().createWriter(Node.class);
            w.write(o, d);
            return d.getDocumentElement();
        } catch (ParserConfigurationException | RuntimeException e) {
            return null;
        }
    }

    /** Whether an interceptor may add what identifies a caller: one not CXF's own, or security. */
    static boolean mayAddCredentials(Interceptor<?> i) {
        return mayAddCredentials(i.getClass());
    }

    /** Whether interceptors of {@code type} may add what identifies a caller. */
    static boolean mayAddCredentials(Class<?> type) {
        return KINDS.get(type) != Kind.CXF;
    }

    /**
     * Whether an interceptor after {@code self} may add credentials the cache cannot see; also
     * when {@code self} is not in the chain (what runs after the cache is unknown).
     */
    private static boolean hiddenAfter(Message message, Predicate<? super Interceptor<?>> self) {
        if (message.getInterceptorChain() == null) {
            return true;
        }
        boolean after = false;
        for (Interceptor<? extends Message> i : message.getInterceptorChain()) {
            if (after && mayAddCredentials(i)) {
                return true;
            }
            after |= self.test(i);
        }
        return !after;
    }

    /** Whether the endpoint's binding reads SOAP bodies with {@link #START_BODY}. */
    static boolean readsBodies(Endpoint endpoint) {
        for (Interceptor<?> i : endpoint.getBinding().getInInterceptors()) {
            if (i.getClass().getName().equals(START_BODY)) {
                return true;
            }
        }
        return false;
    }
}
