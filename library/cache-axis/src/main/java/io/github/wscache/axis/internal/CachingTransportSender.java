package io.github.wscache.axis.internal;

import io.github.wscache.core.CacheOutcome;
import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.Reason;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.ValueRepresentation;
import io.github.wscache.core.xml.XmlRecording;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.OperationContext;
import org.apache.axis2.description.HandlerDescription;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.description.TransportOutDescription;
import org.apache.axis2.kernel.TransportSender;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.wsdl.WSDLConstants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The message-level cache: a decorator of Axis2's HTTP {@link TransportSender}.
 *
 * <p>Flow of one request-response call (the site's Axis2 guide and Architecture page): the In
 * message context already exists when the sender runs ({@code OutInAxisOperation.send} adds it
 * before {@code AxisEngine.send}). The request becomes an {@code Invocation}
 * ({@link RequestKeys}) and goes through {@link ResponseCache#exchange}. On a hit the In
 * context is set up from the cached response ({@link Responses#apply}) and the sender returns
 * without network I/O. On a miss the
 * real sender runs; the response stream it leaves on the operation context
 * ({@code TRANSPORT_IN}) is read into bytes, replaced by a {@code ByteArrayInputStream} so Axis2
 * proceeds as usual, and captured. Concurrent misses of one key wait for the first
 * (single flight in the engine) and set up their own In contexts from its response, also when
 * it was not stored (a SOAP fault, an error page): the service's answer to the same request,
 * so Axis2 raises the same fault for every waiter after one request. Only MTOM/SwA multipart
 * responses and responses without a body cannot be replayed; their waiters call the service.
 *
 * <p>The cache is transparent, also in how a call fails: when the response stream fails while
 * it is read (a body cut short, a read timeout), the failure is not wrapped; Axis2 gets a
 * {@link BrokenBody} stream that replays the bytes received and then throws the same exception,
 * so the stub's parse fails exactly as it does without the cache. A failure of the sender itself
 * (connection refused, no answer in time) propagates unchanged to the caller and its waiters.
 *
 * <p>A stale REST GET entry with validators is revalidated by a conditional request sent through
 * Axis2's own HTTP transport with the client's settings ({@link RestRevalidation}); a
 * revalidation that fails in any way is counted as an error and the call is made in full.
 *
 * <p>Passed through untouched: server-side contexts, one-way operations (no In context),
 * requests without a target address, REST methods other than GET, and calls made on behalf of a
 * caching stub that caches the application object itself.
 */
public final class CachingTransportSender implements TransportSender {
    private static final Logger LOG = LoggerFactory.getLogger(CachingTransportSender.class);
    private static final ThreadLocal<Boolean> BYPASS = new ThreadLocal<>();
    /** What the cache is told of a call it does not keep: nothing of the response is read. */
    private static final CachedResponse PASSED_THROUGH = CachedResponse.builder(null)
            .notCacheable("the operation is not cached: passed through").build();

    private final TransportSender delegate;
    private final ResponseCache cache;
    private final RestRevalidation revalidation = new RestRevalidation();
    private volatile boolean loggedKeyFailure;
    private volatile boolean loggedApplyFailure;

    /** Wraps {@code delegate}; {@link #init} is forwarded to it. */
    public CachingTransportSender(TransportSender delegate, ResponseCache cache) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.cache = Objects.requireNonNull(cache, "cache");
    }

    /** Returns the wrapped sender. */
    public TransportSender delegate() {
        return delegate;
    }

    /** Returns the cache this sender uses. */
    public ResponseCache cache() {
        return cache;
    }

    /** Returns {@code sender} without any caching wrapper around it. */
    public static TransportSender unwrap(TransportSender sender) {
        TransportSender s = sender;
        while (s instanceof CachingTransportSender) {
            s = ((CachingTransportSender) s).delegate;
        }
        return s;
    }

    /**
     * Runs {@code call} with the message level switched off on this thread: the object level
     * caches the result of that call itself.
     */
    public static <T, X extends Throwable> T bypassing(Call<T, X> call) throws X {
        Boolean previous = BYPASS.get();
        BYPASS.set(Boolean.TRUE);
        try {
            return call.run();
        } finally {
            if (previous == null) {
                BYPASS.remove();
            } else {
                BYPASS.set(previous);
            }
        }
    }

    /** A call that may throw. */
    @FunctionalInterface
    public interface Call<T, X extends Throwable> {
        /** Runs the call. */
        T run() throws X;
    }

    @Override
    public InvocationResponse invoke(MessageContext mc) throws AxisFault {
        OperationContext oc = mc.getOperationContext();
        if (mc.isServerSide() || oc == null || BYPASS.get() != null) {
            return delegate.invoke(mc);
        }
        MessageContext in = oc.getMessageContext(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        if (in == null) {
            return delegate.invoke(mc);
        }
        Outcomes.clear(mc);
        RequestKeys.Request request;
        try {
            request = RequestKeys.of(mc, cache);
        } catch (AxisFault | RuntimeException e) {
            if (!loggedKeyFailure) {
                loggedKeyFailure = true;
                LOG.warn("wscache: cannot derive a cache key for a request to {}; such calls go "
                        + "to the service (logged once)", mc.getTo(), e);
            }
            request = null;
        }
        if (request == null) {
            return delegate.invoke(mc);
        }
        if (!request.policy.cacheable()) {
            // counted as a bypass, and the response goes to Axis2 untouched: a call the cache
            // does not keep must cost no more than without the cache, so it is not buffered,
            // scanned or recorded
            cache.exchange(request.invocation, new io.github.wscache.core.Exchange<AxisFault>() {
                @Override
                public CachedResponse fetch(Optional<CachedResponse> stale) throws AxisFault {
                    delegate.invoke(mc);
                    return PASSED_THROUGH;
                }

                @Override
                public void onOutcome(CacheOutcome o) {
                    Outcomes.publish(mc, o);
                }
            });
            return InvocationResponse.CONTINUE;
        }
        boolean events = request.policy.value() != ValueRepresentation.XML;
        Fetch fetch = new Fetch(mc, in, request, events);
        CachedResponse r = cache.exchange(request.invocation, fetch);
        CacheOutcome outcome = fetch.outcome;
        if (outcome != null && outcome.kind() == CacheOutcome.Kind.STALE
                && outcome.reason().orElse(null) == Reason.STALE_IF_ERROR) {
            // the service failed this call's own exchange and the engine let the stale entry
            // stand in for it (stale-if-error): Axis2 gets it as a hit, not the failure
            in.setProcessingFault(false);
            in.setEnvelope(null);
        } else if (outcome != null && outcome.exchanged()
                && outcome.kind() != CacheOutcome.Kind.REVALIDATED) {
            // this call's own exchange answered: Axis2 has the response on its contexts, and a
            // recording of it when the payload was recorded
            ownReplay(r, request, in);
            return InvocationResponse.CONTINUE;
        }
        if (!replayable(r)) {
            // waiters get only what Fetch calls replayable; this is a revalidation of this
            // call's own that came back without a body: let the service answer the call
            return delegate.invoke(mc);
        }
        if (request.restGet) {
            mc.setDoingREST(true);
        }
        try {
            Responses.apply(r, mc, in);
        } catch (RuntimeException e) {
            // a cached response that cannot be handed back never fails the call
            if (!loggedApplyFailure) {
                loggedApplyFailure = true;
                LOG.warn("wscache: cannot replay a cached response of {}; the call goes to the "
                        + "service (logged once)", request.invocation, e);
            }
            in.setEnvelope(null);
            return delegate.invoke(mc);
        }
        return InvocationResponse.CONTINUE;
    }

    private void ownReplay(CachedResponse r, RequestKeys.Request request, MessageContext in)
            throws AxisFault {
        try {
            Responses.replayOwn(r, in);
        } catch (AxisFault | RuntimeException e) {
            // Axis2 parses the bytes it has, as without the cache
            in.setEnvelope(null);
            cache.recordError(request.invocation, "replaying a fresh recording to its own caller "
                    + "failed; Axis2 parses the response bytes", e);
        }
    }

    /** One network exchange on behalf of the cache: a miss or a revalidation. */
    private final class Fetch implements io.github.wscache.core.Exchange<AxisFault> {
        final MessageContext out;
        final MessageContext in;
        final RequestKeys.Request request;
        final boolean events;
        CacheOutcome outcome;

        Fetch(MessageContext out, MessageContext in, RequestKeys.Request request,
                boolean events) {
            this.out = out;
            this.in = in;
            this.request = request;
            this.events = events;
        }

        @Override
        public CachedResponse fetch(Optional<CachedResponse> stale) throws AxisFault {
            if (stale.isPresent() && request.restGet) {
                try {
                    CachedResponse notModified = revalidation.send(delegate, out, stale.get());
                    if (notModified != null) {
                        return notModified;
                    }
                    return capture();
                } catch (AxisFault | RuntimeException e) {
                    // whatever went wrong, the uncached call would not have met it: call plainly
                    cache.recordError(request.invocation, "revalidating a stale REST entry "
                            + "failed; fetching it in full", e);
                }
            }
            delegate.invoke(out);
            return capture();
        }

        /**
         * A key asked for fewer than {@code minUses} times: Axis2 reads the response from the
         * network as without the cache; nothing is buffered, scanned or recorded.
         */
        @Override
        public CachedResponse passThrough() throws AxisFault {
            delegate.invoke(out);
            return PASSED_THROUGH;
        }

        private CachedResponse capture() throws AxisFault {
            OperationContext oc = out.getOperationContext();
            Object stream = oc.getProperty(MessageContext.TRANSPORT_IN);
            byte[] bytes = null;
            BrokenBody broken = null;
            if (stream instanceof InputStream) {
                ByteArrayOutputStream received = new ByteArrayOutputStream();
                InputStream s = (InputStream) stream;
                try {
                    s.transferTo(received);
                } catch (IOException e) {
                    broken = new BrokenBody(received.toByteArray(), e);
                }
                closeQuietly(s);
                bytes = received.toByteArray();
                oc.setProperty(MessageContext.TRANSPORT_IN, broken != null ? broken.open()
                        : new ByteArrayInputStream(bytes));
            }
            Object status = out.getProperty(HTTPConstants.MC_HTTP_STATUS_CODE);
            Object headers = out.getProperty(MessageContext.TRANSPORT_HEADERS);
            CachedResponse r = Responses.capture(bytes,
                    status instanceof Integer ? (Integer) status : 200,
                    (String) in.getProperty(Constants.Configuration.CONTENT_TYPE),
                    headers instanceof Map ? (Map<?, ?>) headers : null, events);
            if (broken != null) {
                // what Axis2 will parse fails as it would without the cache; never kept
                CachedResponse.Builder b = CachedResponse.builder(broken).status(r.status())
                        .contentType(r.contentType()).headers(r.headers())
                        .notCacheable("the response stream failed: " + broken);
                r.perUserOnlyReason().ifPresent(b::perUserOnly);
                r = b.build();
            }
            return r;
        }

        @Override
        public boolean replayableToWaiters(CachedResponse response) {
            return replayable(response);
        }

        @Override
        public void onOutcome(CacheOutcome o) {
            outcome = o;
            Outcomes.publish(out, o);
        }
    }

    /**
     * Whether a response can set up another caller's In context: a recording, a failed stream,
     * or non-empty XML bytes. Not an MTOM/SwA multipart message or a response without a body:
     * waiters of those call the service themselves.
     */
    static boolean replayable(CachedResponse r) {
        Object body = r.body();
        if (body instanceof XmlRecording || body instanceof BrokenBody) {
            return true;
        }
        String type = r.contentType();
        return body instanceof byte[] && ((byte[]) body).length > 0
                && (type == null || !type.toLowerCase(Locale.ROOT).startsWith("multipart/"));
    }

    private static void closeQuietly(InputStream s) {
        try {
            s.close();
        } catch (IOException e) {
            // the body was read (or its failure kept); closing it changes nothing for the caller
            LOG.debug("wscache: closing a response stream failed", e);
        }
    }

    @Override
    public void cleanup(MessageContext msgContext) throws AxisFault {
        delegate.cleanup(msgContext);
    }

    @Override
    public void init(ConfigurationContext confContext, TransportOutDescription transportOut)
            throws AxisFault {
        delegate.init(confContext, transportOut);
    }

    @Override
    public void stop() {
        delegate.stop();
    }

    @Override
    public void init(HandlerDescription handlerDesc) {
        delegate.init(handlerDesc);
    }

    @Override
    public void flowComplete(MessageContext msgContext) {
        delegate.flowComplete(msgContext);
    }

    @Override
    public HandlerDescription getHandlerDesc() {
        return delegate.getHandlerDesc();
    }

    @Override
    public String getName() {
        return delegate.getName();
    }

    @Override
    public Parameter getParameter(String name) {
        return delegate.getParameter(name);
    }
}
