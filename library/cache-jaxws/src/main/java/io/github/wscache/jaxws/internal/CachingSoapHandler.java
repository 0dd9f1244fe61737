package io.github.wscache.jaxws.internal;

import io.github.wscache.core.CacheOutcome;
import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.Exchange;
import io.github.wscache.core.Reason;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.ValueRepresentation;
import io.github.wscache.core.xml.XmlRecording;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.ws.WebServiceException;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;
import java.io.IOException;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The message-level cache of a JAX-WS client: a standard client-side {@link SOAPHandler}, so it
 * runs on any JAX-WS implementation.
 *
 * <p>The JAX-WS handler model splits a call in two (the request outbound, the response
 * inbound, possibly far apart), while the engine's {@link ResponseCache#exchange} wants the
 * network exchange as one blocking {@link Exchange#fetch}. So:
 * <ol>
 *   <li>Outbound, the request becomes an invocation ({@link RequestKeys}). A fresh entry
 *       ({@link ResponseCache#getIfFresh}) answers on the calling thread: the handler replaces
 *       the message with the cached response and returns {@code false}, which the JAX-WS
 *       handler model (JAX-WS 2.x/3.x/4.0 §9.3.2.1) turns into the response of the call; nothing
 *       is sent.</li>
 *   <li>Otherwise the exchange runs on a cache thread ({@link Pending}). When the engine asks it
 *       to fetch (this call leads its key), the calling thread is told to go on and the runtime
 *       sends the request as without the cache; the fetch waits for the response. When another
 *       call of the same key is already fetching, the engine makes this one wait for it (single
 *       flight) and hands it that response, which this handler answers with as with a hit.</li>
 *   <li>Inbound (a response or a SOAP fault), the response is captured ({@link Responses}) and
 *       handed to the waiting fetch; the engine decides whether to store it.</li>
 *   <li>When the call ends without an inbound message (the connection failed, an HTTP error
 *       without a SOAP body), {@link #close} fails the fetch: the runtime throws to its caller
 *       exactly what it throws without the cache, and the waiters of the key send their own
 *       requests.</li>
 * </ol>
 * A failure of the cache's own work (keying, replaying) never fails the call: the request is
 * sent as without the cache, and the failure is logged once.
 */
public final class CachingSoapHandler implements SOAPHandler<SOAPMessageContext> {
    private static final Logger LOG = LoggerFactory.getLogger(CachingSoapHandler.class);
    private static final String PENDING = CachingSoapHandler.class.getName() + ".pending";
    /**
     * The exchange of the last call this thread sent, until its response or failure is known: a
     * runtime that tells the handler neither makes the thread's next call end it (a failure).
     */
    private static final ThreadLocal<Pending> CURRENT = new ThreadLocal<>();
    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final ExecutorService EXCHANGES = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "wscache-jaxws-" + THREADS.incrementAndGet());
        t.setDaemon(true);
        return t;
    });

    static final boolean CXF =
            present("org.apache.cxf.jaxws.context.WrappedMessageContext");
    /** Set while the object level ({@link ObjectCalls}) caches this thread's call. */
    private static final ThreadLocal<Boolean> OBJECTS = new ThreadLocal<>();
    /**
     * How long a fetch waits at most for the runtime to deliver the response or tell the call
     * failed, on a runtime that may do neither (see {@link #close}).
     */
    private static final long MAX_WAIT_NANOS = java.util.concurrent.TimeUnit.MINUTES.toNanos(5);

    private final ResponseCache cache;
    private final Supplier<? extends Collection<String>> operations;
    /**
     * Stands for this port's HTTP session, which a handler cannot see (see Identities), and on
     * CXF for what its later interceptors add ({@link CxfRequests#addUnseen}).
     */
    private final String session = UUID.randomUUID().toString();
    private volatile boolean loggedKeyFailure;
    private volatile boolean loggedReplayFailure;

    /**
     * A handler for one port; give every port its own (a maintained session is per port).
     *
     * @param operations every operation name of the port's WSDL, for
     *     {@link ResponseCache#declareOperations}, or {@code null} to read them from the WSDL the
     *     runtime names ({@code MessageContext.WSDL_DESCRIPTION})
     */
    public CachingSoapHandler(ResponseCache cache,
            Supplier<? extends Collection<String>> operations) {
        this.cache = Objects.requireNonNull(cache, "cache");
        this.operations = operations;
    }

    /** Whether {@code type} can be loaded by this module's class loader. */
    static boolean present(String type) {
        try {
            Class.forName(type, false, CachingSoapHandler.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Returns the cache this handler uses. */
    public ResponseCache cache() {
        return cache;
    }

    @Override
    public Set<QName> getHeaders() {
        return Set.of();
    }

    @Override
    public boolean handleMessage(SOAPMessageContext ctx) {
        if (Boolean.TRUE.equals(ctx.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
            return outbound(ctx);
        }
        inbound(ctx);
        return true;
    }

    @Override
    public boolean handleFault(SOAPMessageContext ctx) {
        if (!Boolean.TRUE.equals(ctx.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY))) {
            inbound(ctx);
        }
        return true;
    }

    @Override
    public void close(MessageContext ctx) {
        Pending p = pending(ctx);
        CURRENT.remove();
        if (p != null) {
            p.abandon();
        }
    }

    /** A call the object level caches, made by its loader. */
    @FunctionalInterface
    interface Call {
        /** Calls the port. */
        Object run() throws Throwable;
    }

    /**
     * Runs {@code call} (the object level's loader, on the calling thread, as JAX-WS runs a
     * synchronous call's outbound handlers) with this handler leaving it alone: the object
     * level stores its result, the message is not stored again.
     */
    static Object leavingToObjects(Call call) throws Throwable {
        Boolean previous = OBJECTS.get();
        OBJECTS.set(Boolean.TRUE);
        try {
            return call.run();
        } finally {
            if (previous == null) {
                OBJECTS.remove();
            } else {
                OBJECTS.set(previous);
            }
        }
    }

    /** Whether the object level caches the call this thread is making. */
    static boolean objectLevelCalls() {
        return OBJECTS.get() != null;
    }

    private boolean outbound(SOAPMessageContext ctx) {
        if (OBJECTS.get() != null) {
            return true;
        }
        RequestKeys.Request request;
        try {
            request = RequestKeys.of(ctx, cache, session, operations);
        } catch (SOAPException | RuntimeException e) {
            if (!loggedKeyFailure) {
                loggedKeyFailure = true;
                LOG.warn("wscache: cannot derive a cache key for a request to {}; such calls go "
                        + "to the service (logged once)",
                        ctx.get(jakarta.xml.ws.BindingProvider.ENDPOINT_ADDRESS_PROPERTY), e);
            }
            return true;
        }
        Pending stale = CURRENT.get();
        if (stale != null) {
            // an earlier call of this thread ended and no one said so: it failed
            CURRENT.remove();
            stale.abandon();
        }
        if (request == null || !request.policy().cacheable()) {
            return true;
        }
        Optional<CachedResponse> hit = cache.getIfFresh(request.invocation());
        if (hit.isPresent() && Responses.replayable(hit.get())) {
            return respond(ctx, hit.get(), request);
        }
        Pending p = new Pending(request);
        EXCHANGES.execute(p);
        CachedResponse answer = p.awaitTurn();
        if (p.sending()) {
            ctx.put(PENDING, p);
            ctx.setScope(PENDING, MessageContext.Scope.HANDLER);
            CURRENT.set(p);
            if (CXF) {
                CxfHooks.onFailure(ctx, p::abandon);
            }
            return true;
        }
        return answer == null || respond(ctx, answer, request);
    }

    /**
     * Answers the call with {@code r}; returns what the outbound {@code handleMessage} returns:
     * {@code false} when the request was replaced by the response (the JAX-WS runtime turns it
     * into the call's response), {@code true} when a recording was replayed into CXF's data
     * binding (which stopped the call's out chain), or when it cannot answer (the call is then
     * sent as without the cache).
     */
    private boolean respond(SOAPMessageContext ctx, CachedResponse r,
            RequestKeys.Request request) {
        try {
            if (CXF && r.body() instanceof XmlRecording
                    && CxfHooks.replay(ctx, (XmlRecording) r.body(), r.status())) {
                return true;
            }
            answer(ctx, r, request);
            return false;
        } catch (SOAPException | IOException | XMLStreamException | RuntimeException e) {
            if (!loggedReplayFailure) {
                loggedReplayFailure = true;
                LOG.warn("wscache: cannot replay a cached response of {}; the call goes to the "
                        + "service (logged once)", request.invocation(), e);
            }
            cache.recordError(request.invocation(), "replaying a cached response failed", e);
            return true;
        }
    }

    /** Puts {@code r} in the context as the call's message, with its status. */
    private static void answer(SOAPMessageContext ctx, CachedResponse r,
            RequestKeys.Request request) throws SOAPException, IOException {
        ctx.setMessage(Responses.message(r, request.soap12()));
        ctx.put(MessageContext.HTTP_RESPONSE_CODE, r.status());
        ctx.setScope(MessageContext.HTTP_RESPONSE_CODE, MessageContext.Scope.APPLICATION);
    }

    private void inbound(SOAPMessageContext ctx) {
        // only the call's own context: a response is never handed to another call's exchange
        Object o = ctx.get(PENDING);
        Pending p = o instanceof Pending ? (Pending) o : null;
        if (p == null || !p.sending()) {
            return;
        }
        CachedResponse r;
        try {
            r = Responses.capture(ctx.getMessage(), ctx.get(MessageContext.HTTP_RESPONSE_CODE),
                    ctx.get(MessageContext.HTTP_RESPONSE_HEADERS),
                    p.request.policy().value() == ValueRepresentation.EVENTS);
        } catch (SOAPException | IOException | RuntimeException e) {
            cache.recordError(p.request.invocation(), "capturing a response failed", e);
            p.abandon();
            return;
        }
        if (CURRENT.get() == p) {
            CURRENT.remove();
        }
        CachedResponse standIn = p.deliver(r);
        if (standIn != null) {
            standIn(ctx, p, standIn);
        }
    }

    /**
     * The service failed with a message the runtime hands to handlers (a SOAP fault: on Metro,
     * not on CXF, which has read it as a fault already) and the engine let the stale entry
     * stand in for it ({@code stale-if-error}): the call gets the stale response in place of
     * the fault. If it cannot be made, the caller gets the fault, as without the cache.
     */
    private void standIn(SOAPMessageContext ctx, Pending p, CachedResponse stale) {
        if (CXF) {
            return;
        }
        try {
            answer(ctx, stale, p.request);
        } catch (SOAPException | IOException | RuntimeException e) {
            // the caller gets the fault, as without the cache
            cache.recordError(p.request.invocation(), "a stale response could not stand in for "
                    + "a failure of the service", e);
        }
    }

    private static Pending pending(MessageContext ctx) {
        Object p = ctx.get(PENDING);
        if (p instanceof Pending) {
            return (Pending) p;
        }
        return CURRENT.get();
    }

    /**
     * One call that was no hit: {@link ResponseCache#exchange} on a cache thread, bridged to the
     * calling thread (which sends) and to the inbound handler (which delivers the response).
     */
    private final class Pending implements Exchange<WebServiceException>, Runnable {
        final RequestKeys.Request request;
        private boolean sending;
        private boolean finished;
        private CachedResponse response;
        private WebServiceException failure;
        private CachedResponse result;
        /** Whether the engine let a stale entry stand in for this call's failure. */
        private boolean standsIn;

        Pending(RequestKeys.Request request) {
            this.request = request;
        }

        @Override
        public void run() {
            CachedResponse r = null;
            try {
                r = cache.exchange(request.invocation(), this);
            } catch (RuntimeException | Error e) {
                // the service's failure: the call that sent has it from the runtime; waiters send
                r = null;
            } finally {
                synchronized (this) {
                    result = r;
                    finished = true;
                    notifyAll();
                }
            }
        }

        @Override
        public CachedResponse fetch(Optional<CachedResponse> stale) {
            synchronized (this) {
                sending = true;
                notifyAll();
                boolean interrupted = false;
                long deadline = System.nanoTime() + MAX_WAIT_NANOS;
                while (response == null && failure == null) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        failure = new WebServiceException("wscache: no response in "
                                + MAX_WAIT_NANOS / 1_000_000_000L + "s");
                        break;
                    }
                    try {
                        java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                if (failure != null) {
                    throw failure;
                }
                return response;
            }
        }

        @Override
        public boolean replayableToWaiters(CachedResponse r) {
            return Responses.replayable(r);
        }

        @Override
        public void onOutcome(CacheOutcome o) {
            synchronized (this) {
                standsIn = response != null && o.kind() == CacheOutcome.Kind.STALE
                        && o.reason().orElse(null) == Reason.STALE_IF_ERROR;
            }
        }

        @Override
        public CachedResponse fromShared(CachedResponse shared) {
            return Responses.fromShared(shared);
        }

        /** Waits until this call must send (fetch) or has its answer; returns the answer. */
        synchronized CachedResponse awaitTurn() {
            boolean interrupted = false;
            while (!sending && !finished) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return sending ? null : result;
        }

        synchronized boolean sending() {
            return sending && response == null && failure == null;
        }

        /**
         * Hands the response to the fetch and waits until the engine has dealt with it; returns
         * the stale response the engine let stand in for it, or {@code null}.
         */
        CachedResponse deliver(CachedResponse r) {
            synchronized (this) {
                if (response != null || failure != null) {
                    return null;
                }
                response = r;
                notifyAll();
                boolean interrupted = false;
                while (!finished) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                return standsIn ? result : null;
            }
        }

        /** The call ended without a response this handler saw: the fetch fails. */
        synchronized void abandon() {
            if (response == null && failure == null) {
                failure = new WebServiceException("wscache: the call ended without a response");
                notifyAll();
            }
        }
    }
}
