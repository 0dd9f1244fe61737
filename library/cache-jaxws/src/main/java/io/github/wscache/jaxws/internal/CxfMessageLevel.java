package io.github.wscache.jaxws.internal;

import io.github.wscache.core.CacheOutcome;
import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.Reason;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.ValueRepresentation;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.interceptor.MessageSenderInterceptor;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The message level of an Apache CXF client that has no JAX-WS handlers, in CXF's own
 * interceptors: no SAAJ message is built either way, the key is made before anything is
 * marshalled or sent ({@link CxfRequests}), and a hit is answered as CXF answers a response
 * (its in chain, from the bytes or, for {@code value: events}, from the recorded payload
 * straight into the data binding).
 *
 * <p>A miss runs through {@link ResponseCache#exchange} on the calling thread: the exchange's
 * fetch runs the rest of the call's out chain (which sends the request, and — the call being
 * synchronous — reads the response through the in chain before it returns), while an in
 * interceptor keeps the bytes it read. So the caller's call is the call CXF makes without the
 * cache, with the same result or exception; concurrent callers of the key wait in the engine and
 * are answered from the leader's response (single flight), or fail with its failure. When the
 * service fails and the engine lets a stale entry stand in for it ({@code stale-if-error}), the
 * failure CXF recorded is taken back and the call is answered from the stale entry.
 *
 * <p>An operation whose policy {@code value} keeps application objects ({@code auto},
 * {@code reflection}, ...) is cached at the object level in the same place
 * ({@link CxfObjectLevel}): no message is kept, the result object is copied per caller.
 *
 * <p>The JAX-WS handler ({@link CachingSoapHandler}) caches instead when the client has
 * handlers of the application's (they may change the message the cache would key), and for
 * what this level does not take: a {@code Dispatch}, an asynchronous or one-way call.
 */
public final class CxfMessageLevel {
    /** Set on a message that the client's JAX-WS handler chain caches instead. */
    public static final String HANDLER_CACHES = CxfMessageLevel.class.getName() + ".handler";
    private static final Logger LOG = LoggerFactory.getLogger(CxfMessageLevel.class);
    private static final String FETCH = CxfMessageLevel.class.getName() + ".fetch";

    private final ResponseCache cache;
    private final Supplier<? extends Collection<String>> operations;
    /** Stands for this client's maintained session and its credentials the cache cannot see. */
    private final String client = UUID.randomUUID().toString();
    private final Out out = new Out();
    private final Capture capture = new Capture();
    private final CxfObjectLevel objects;
    private volatile Boolean readsBodies;
    private volatile boolean loggedKeyFailure;
    private volatile boolean loggedAsync;

    /**
     * The message level of one client.
     *
     * @param operations every operation name of the client's WSDL, for
     *     {@link ResponseCache#declareOperations}, or {@code null}
     */
    public CxfMessageLevel(ResponseCache cache,
            Supplier<? extends Collection<String>> operations) {
        this.cache = Objects.requireNonNull(cache, "cache");
        this.operations = operations;
        this.objects = new CxfObjectLevel(cache);
    }

    /** Gives {@code c} this level's interceptors. */
    public void addTo(Client c) {
        c.getOutInterceptors().add(out);
        c.getInInterceptors().add(capture);
        c.getInFaultInterceptors().add(capture);
    }

    /** The interceptor that answers or sends a call, for a chain built before {@link #addTo}. */
    public Interceptor<Message> outInterceptor() {
        return out;
    }

    /** Whether {@code c} has a message level of this kind. */
    public static boolean isOn(Client c) {
        for (Interceptor<?> i : c.getOutInterceptors()) {
            if (i instanceof Out) {
                return true;
            }
        }
        return false;
    }

    private void call(Message message) {
        Exchange ex = message.getExchange();
        if (ex == null || message.get(HANDLER_CACHES) != null || ex.isOneWay()
                || ex.getBindingOperationInfo() == null || CachingSoapHandler.objectLevelCalls()
                || message.getInterceptorChain() == null) {
            return;
        }
        if (!ex.isSynchronous()) {
            if (!loggedAsync) {
                loggedAsync = true;
                LOG.info("wscache: asynchronous calls of {} are not cached (logged once)",
                        ex.getEndpoint().getEndpointInfo().getName());
            }
            return;
        }
        RequestKeys.Request request;
        try {
            request = CxfRequests.of(message, out, cache, client, operations);
        } catch (RuntimeException e) {
            if (!loggedKeyFailure) {
                loggedKeyFailure = true;
                LOG.warn("wscache: cannot derive a cache key for a request to {}; such calls go "
                        + "to the service (logged once)", message.get(Message.ENDPOINT_ADDRESS),
                        e);
            }
            return;
        }
        if (request == null || !request.policy().cacheable()) {
            return;
        }
        if (!request.policy().value().isMessageLevel()) {
            objects.call(message, request, LOG);
            return;
        }
        Fetch fetch = new Fetch(message, request);
        CachedResponse r;
        try {
            r = cache.exchange(request.invocation(), fetch);
        } catch (RuntimeException e) {
            if (fetch.sent) {
                // this call's own failure: CXF has unwound the chain and holds the exception
                return;
            }
            // the failure of the concurrent call this one waited for, as CXF would report it
            throw e instanceof Fault ? (Fault) e : new Fault(e);
        }
        if (fetch.sent) {
            // this call went out and CXF answered it; the engine has stored what it may
            if (fetch.standsIn) {
                standIn(message, r, request);
            }
            return;
        }
        RuntimeException unusable = null;
        try {
            if (answer(message, r, request)) {
                return;
            }
        } catch (RuntimeException e) {
            unusable = e;
        }
        // a stored response this client cannot use: the call is sent as without the cache
        String body = r.body() == null ? "no body" : r.body().getClass().getName();
        cache.recordError(request.invocation(), "a stored response cannot answer a CXF client ("
                + body + ")", unusable != null ? unusable
                : new IllegalStateException("not a readable SOAP envelope: " + body));
    }

    /**
     * The service failed this call's own exchange, and the engine let the stale response stand
     * in for the failure ({@code stale-if-error}, decided in cache-core): CXF has already ended
     * the call with the failure (an exception on the message or the exchange, or a fault read
     * by the in chain), which is taken back, and the call is answered from the stale response
     * as from a hit. When it cannot be, the caller gets the failure as without the cache.
     */
    private void standIn(Message message, CachedResponse stale, RequestKeys.Request request) {
        Exchange ex = message.getExchange();
        Exception onMessage = message.getContent(Exception.class);
        Exception onExchange = ex.get(Exception.class);
        Message in = ex.getInMessage();
        Message inFault = ex.getInFaultMessage();
        message.removeContent(Exception.class);
        ex.remove(Exception.class);
        ex.setInFaultMessage(null);
        RuntimeException unusable = null;
        try {
            if (answer(message, stale, request)) {
                return;
            }
        } catch (RuntimeException e) {
            unusable = e;
        }
        // the failure goes to the caller after all, as without the cache
        if (onMessage != null) {
            message.setContent(Exception.class, onMessage);
        }
        if (onExchange != null) {
            ex.put(Exception.class, onExchange);
        }
        ex.setInMessage(in);
        ex.setInFaultMessage(inFault);
        cache.recordError(request.invocation(), "a stale response could not stand in for a "
                + "failure of the service", unusable != null ? unusable
                : new IllegalStateException("not a readable SOAP envelope"));
    }

    /** Answers the call from {@code r}, as a response CXF received; false when it cannot. */
    private boolean answer(Message message, CachedResponse r, RequestKeys.Request request) {
        if (!Responses.replayable(r)) {
            return false;
        }
        Exchange ex = message.getExchange();
        Boolean bodies = readsBodies;
        if (bodies == null) {
            bodies = CxfRequests.readsBodies(ex.getEndpoint());
            readsBodies = bodies;
        }
        return CxfHooks.answer(message, r, request.soap12(),
                bodies ? CxfRequests.START_BODY : null);
    }

    /** One miss: the rest of the call's out chain, and the response the in chain read. */
    private final class Fetch implements io.github.wscache.core.Exchange<RuntimeException> {
        private final Message message;
        private final RequestKeys.Request request;
        boolean sent;
        /** The engine answered this call's own failed exchange with the stale entry. */
        boolean standsIn;
        private boolean keep = true;
        private CachedResponse response;
        private byte[] bytes;
        private Object status;
        private String contentType;
        private Object headers;

        Fetch(Message message, RequestKeys.Request request) {
            this.message = message;
            this.request = request;
        }

        @Override
        public CachedResponse fetch(Optional<CachedResponse> stale) {
            sent = true;
            Exchange ex = message.getExchange();
            ex.put(FETCH, this);
            try {
                message.getInterceptorChain().doIntercept(message);
            } finally {
                ex.remove(FETCH);
            }
            Exception failure = ex.get(Exception.class);
            if (failure == null) {
                failure = message.getContent(Exception.class);
            }
            if (response != null) {
                return response;
            }
            if (bytes != null) {
                // read by CXF's in chain: a fault if it ended in an exception (a SOAP fault, or a
                // response the client could not read: neither is stored)
                return Responses.read(bytes, status, contentType, headers,
                        request.policy().value() == ValueRepresentation.EVENTS,
                        failure != null || ex.getInFaultMessage() != null);
            }
            if (failure != null) {
                throw failure instanceof RuntimeException ? (RuntimeException) failure
                        : new Fault(failure);
            }
            return CachedResponse.builder(new byte[0]).status(200)
                    .notCacheable("no response the cache could read").build();
        }

        @Override
        public CachedResponse passThrough() {
            keep = false;
            return fetch(Optional.empty());
        }

        @Override
        public boolean replayableToWaiters(CachedResponse r) {
            return Responses.replayable(r);
        }

        @Override
        public CachedResponse fromShared(CachedResponse shared) {
            return Responses.fromShared(shared);
        }

        @Override
        public void onOutcome(CacheOutcome o) {
            standsIn = sent && o.kind() == CacheOutcome.Kind.STALE
                    && o.reason().orElse(null) == Reason.STALE_IF_ERROR;
        }

        /** Keeps what the in chain is about to read. */
        void capture(Message in) throws IOException {
            Object type = in.get(Message.CONTENT_TYPE);
            status = in.get(Message.RESPONSE_CODE);
            contentType = type == null ? null : type.toString();
            InputStream body = in.getContent(InputStream.class);
            boolean multipart = contentType != null
                    && contentType.toLowerCase(Locale.ROOT).contains("multipart/");
            if (!keep || body == null || multipart) {
                response = CachedResponse.builder(new byte[0]).status(status instanceof Integer
                        ? (Integer) status : 200).notCacheable(multipart
                        ? "MTOM/SwA response (attachments are not cached)"
                        : "passed through").build();
                return;
            }
            bytes = body.readAllBytes();
            headers = in.get(Message.PROTOCOL_HEADERS);
            in.setContent(InputStream.class, new ByteArrayInputStream(bytes));
        }
    }

    /** Before CXF prepares the transport: answers a hit, or runs the miss through the engine. */
    private final class Out extends AbstractPhaseInterceptor<Message> {
        Out() {
            super(Phase.PREPARE_SEND);
            addBefore(MessageSenderInterceptor.class.getName());
        }

        @Override
        public void handleMessage(Message message) {
            call(message);
        }
    }

    /** First in the in chain: keeps the bytes of the response a miss is waiting for. */
    private static final class Capture extends AbstractPhaseInterceptor<Message> {
        Capture() {
            super(Phase.RECEIVE);
        }

        @Override
        public void handleMessage(Message message) {
            Exchange ex = message.getExchange();
            Object f = ex == null ? null : ex.remove(FETCH);
            if (!(f instanceof Fetch)) {
                return;
            }
            try {
                ((Fetch) f).capture(message);
            } catch (IOException e) {
                throw new Fault(e);
            }
        }
    }
}
