package io.github.wscache.spring.ws;

import io.github.wscache.core.CacheOutcome;
import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.Exchange;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.ValueRepresentation;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.DirectFieldAccessor;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.ws.FaultAwareWebServiceMessage;
import org.springframework.ws.WebServiceMessage;
import org.springframework.ws.client.WebServiceClientException;
import org.springframework.ws.client.WebServiceIOException;
import org.springframework.ws.client.WebServiceTransportException;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.ws.client.support.interceptor.ClientInterceptor;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.soap.SoapVersion;
import org.springframework.ws.transport.FaultAwareWebServiceConnection;
import org.springframework.ws.transport.TransportException;
import org.springframework.ws.transport.WebServiceConnection;
import org.springframework.ws.transport.WebServiceMessageSender;
import org.springframework.ws.transport.context.TransportContext;
import org.springframework.ws.transport.context.TransportContextHolder;
import org.springframework.ws.transport.http.ClientHttpRequestMessageSender;
import org.springframework.ws.transport.http.HttpUrlConnectionMessageSender;

/**
 * The message-level cache of a Spring Web Services {@link WebServiceTemplate}: a
 * {@link ClientInterceptor} that answers a hit without sending (it sets the response and ends
 * the chain, as the interceptor contract allows) and stores what the service answers, by the
 * policy's entry for the operation ({@code value: bytes} or {@code events}, the recorded parse
 * events of the payload replayed into the template's unmarshaller). The decisions (freshness,
 * storage, identity, single flight, stale serving, the shared tier) are cache-core's, as for
 * every integration.
 *
 * <pre>{@code
 * WebServiceTemplate template = new WebServiceTemplate(marshaller);
 * WsCacheInterceptor.install(template, cache);
 * KeywordSearchResponse r = (KeywordSearchResponse) template.marshalSendAndReceive(
 *         "http://catalog.example/services/CatalogService", new KeywordSearch("java", 1));
 * }</pre>
 * The starter installs it on every template built by Boot's {@code WebServiceTemplateBuilder}.
 *
 * <p><b>How it sends.</b> A cached response was never sent, so it has no HTTP status; the
 * template asks a connection for its status to tell a fault, and a connection that was not used
 * has none to give (most throw). So {@link #install} turns the template's
 * {@code checkConnectionForFault} off and this interceptor sends every request itself, on the
 * template's connection, with the template's own rules as they were set: an HTTP error
 * (not a SOAP fault) throws {@link WebServiceTransportException}, an I/O failure
 * {@link WebServiceIOException}, a SOAP fault reaches the template's fault handling — the same
 * exceptions as without the cache. Two differences: a template subclass's {@code handleError} is
 * not called (the default's exception is thrown), and a SOAP fault in a {@code 200} response is
 * handled as a fault. Interceptors set after {@link #install} are not run; install it last.
 *
 * <p><b>Who calls.</b> The same rules as cache-axis and cache-jaxws: HTTP credentials already on
 * the connection's request, WS-Security tokens and credential-like SOAP headers partition the
 * entries; credentials set on the sender's HTTP client cannot be seen, so each such sender is a
 * caller of its own unless a {@link CallerIdentity} says who calls (see there). On a connection
 * whose request fields cannot be read ({@code JdkHttpClientMessageSender}'s, and
 * {@code HttpUrlConnectionMessageSender}'s, which hide {@code Authorization}) a call is
 * bypassed, counted with the reason, unless the operation is {@code sharedAcrossUsers}.
 *
 * <p>Thread-safe: one instance serves every call of its template.
 */
public final class WsCacheInterceptor implements ClientInterceptor {
    private static final Logger LOG = LoggerFactory.getLogger(WsCacheInterceptor.class);

    private final ResponseCache cache;
    private final WebServiceTemplate template;
    private final CallerIdentity identity;
    private final boolean checkConnectionForError;
    private final boolean checkConnectionForFault;
    private volatile boolean loggedKeyFailure;
    private volatile boolean loggedReplayFailure;

    private WsCacheInterceptor(ResponseCache cache, WebServiceTemplate template,
            CallerIdentity identity) {
        this.cache = cache;
        this.template = template;
        this.identity = identity;
        this.checkConnectionForError = flag(template, "checkConnectionForError");
        this.checkConnectionForFault = flag(template, "checkConnectionForFault");
    }

    /**
     * Caches the calls of {@code template} in {@code cache}; see the class description for what
     * changes on the template. Installing twice has no further effect.
     *
     * @return the template
     */
    public static WebServiceTemplate install(WebServiceTemplate template, ResponseCache cache) {
        return install(template, cache, null);
    }

    /**
     * Like {@link #install(WebServiceTemplate, ResponseCache)}, with who calls when the
     * credentials are on the sender's HTTP client.
     *
     * @param identity who calls, or {@code null} for each such sender a caller of its own
     * @return the template
     */
    public static WebServiceTemplate install(WebServiceTemplate template, ResponseCache cache,
            CallerIdentity identity) {
        Objects.requireNonNull(template, "template");
        Objects.requireNonNull(cache, "cache");
        ClientInterceptor[] old = template.getInterceptors();
        ClientInterceptor[] all = old == null ? new ClientInterceptor[0] : old;
        for (ClientInterceptor i : all) {
            if (i instanceof WsCacheInterceptor) {
                return template;
            }
        }
        WsCacheInterceptor mine = new WsCacheInterceptor(cache, template, identity);
        ClientInterceptor[] with = Arrays.copyOf(all, all.length + 1);
        with[all.length] = mine;
        template.setInterceptors(with);
        template.setCheckConnectionForFault(false);
        return template;
    }

    private static boolean flag(WebServiceTemplate template, String name) {
        try {
            Object v = new DirectFieldAccessor(template).getPropertyValue(name);
            return !(v instanceof Boolean) || (Boolean) v;
        } catch (RuntimeException e) {
            return true; // Spring-WS's default
        }
    }

    /** Returns the cache this interceptor uses. */
    public ResponseCache cache() {
        return cache;
    }

    @Override
    public boolean handleRequest(MessageContext context) throws WebServiceClientException {
        TransportContext transport = TransportContextHolder.getTransportContext();
        WebServiceConnection connection = transport == null ? null : transport.getConnection();
        if (connection == null) {
            return true;
        }
        SoapRequest.Request request = null;
        try {
            request = SoapRequest.of(context, connection, cache, client(context, connection));
        } catch (URISyntaxException | RuntimeException e) {
            if (!loggedKeyFailure) {
                loggedKeyFailure = true;
                LOG.warn("wscache: cannot derive a cache key for a request to {}; such calls go "
                        + "to the service (logged once)", uri(connection), e);
            }
        }
        if (request == null || !request.policy().cacheable()) {
            return !pass(context, connection);
        }
        Optional<CachedResponse> hit = cache.getIfFresh(request.invocation());
        if (hit.isPresent() && answer(context, hit.get(), request)) {
            return false;
        }
        Call call = new Call(context, connection,
                request.policy().value() == ValueRepresentation.EVENTS);
        CachedResponse r;
        try {
            r = cache.exchange(request.invocation(), call);
        } catch (IOException e) {
            throw translate(e);
        }
        if (call.sent && call.kind != CacheOutcome.Kind.STALE) {
            if (call.response != null) {
                context.setResponse(call.response);
            }
            return false;
        }
        if (answer(context, r, request)) {
            return false;
        }
        // another call's response could not be made a message here: this call sends its own
        return !pass(context, connection);
    }

    /** Sends the request as the template would; true when the context has its response. */
    private boolean pass(MessageContext context, WebServiceConnection connection) {
        try {
            WebServiceMessage response = send(context, connection);
            if (response != null) {
                context.setResponse(response);
            }
            return true;
        } catch (IOException e) {
            throw translate(e);
        }
    }

    private WebServiceMessage send(MessageContext context, WebServiceConnection connection)
            throws IOException {
        connection.send(context.getRequest());
        if (checkConnectionForError && connection.hasError()) {
            boolean fault = checkConnectionForFault
                    && connection instanceof FaultAwareWebServiceConnection f && f.hasFault()
                    && context.getRequest() instanceof FaultAwareWebServiceMessage;
            if (!fault) {
                throw new HttpError(connection.getErrorMessage());
            }
        }
        return connection.receive(template.getMessageFactory());
    }

    private static RuntimeException translate(IOException e) {
        if (e instanceof HttpError) {
            return new WebServiceTransportException(e.getMessage());
        }
        if (e instanceof TransportException) {
            WebServiceTransportException t = new WebServiceTransportException(
                    "Could not use transport: " + e.getMessage());
            t.initCause(e);
            return t;
        }
        return new WebServiceIOException("I/O error: " + e.getMessage(), e);
    }

    /** Sets {@code r} as the response; false when it cannot be made a message. */
    private boolean answer(MessageContext context, CachedResponse r,
            SoapRequest.Request request) {
        if (!SoapResponses.replayable(r)) {
            return false;
        }
        try {
            context.setResponse(SoapResponses.message(r, template.getMessageFactory(),
                    request.soap12() ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11, true));
            return true;
        } catch (IOException | RuntimeException e) {
            if (!loggedReplayFailure) {
                loggedReplayFailure = true;
                LOG.warn("wscache: cannot replay a cached response of {}; the call goes to the "
                        + "service (logged once)", request.invocation(), e);
            }
            cache.recordError(request.invocation(), "replaying a cached response failed", e);
            return false;
        }
    }

    /** What stands for credentials set on the HTTP client of the sender of this request. */
    private String client(MessageContext context, WebServiceConnection connection)
            throws URISyntaxException {
        if (identity != null) {
            return identity.of(context);
        }
        URI uri = connection.getUri();
        WebServiceMessageSender[] senders = template.getMessageSenders();
        for (WebServiceMessageSender s : senders == null ? new WebServiceMessageSender[0]
                : senders) {
            if (s.supports(uri, WebServiceMessageSender.UriSource.APPLICATION)) {
                return hidesCredentials(s) ? s.getClass().getName() + '@'
                        + Integer.toHexString(System.identityHashCode(s)) : null;
            }
        }
        return null;
    }

    /**
     * Whether a sender may carry credentials the cache cannot see: all but the plain
     * {@code HttpURLConnection} ones, whose only credentials are the JVM's one
     * {@code Authenticator} (the same for every template).
     */
    private static boolean hidesCredentials(WebServiceMessageSender s) {
        if (s.getClass() == HttpUrlConnectionMessageSender.class) {
            return false;
        }
        return !(s instanceof ClientHttpRequestMessageSender c
                && c.getRequestFactory().getClass() == SimpleClientHttpRequestFactory.class);
    }

    private static Object uri(WebServiceConnection connection) {
        try {
            return connection.getUri();
        } catch (URISyntaxException | RuntimeException e) {
            return "(no URI)";
        }
    }

    @Override
    public boolean handleResponse(MessageContext context) {
        return true;
    }

    @Override
    public boolean handleFault(MessageContext context) {
        return true;
    }

    @Override
    public void afterCompletion(MessageContext context, Exception ex) {
        // nothing held past the call
    }

    /** An HTTP error that is not a SOAP fault: the template's own handling throws for it. */
    private static final class HttpError extends IOException {
        private static final long serialVersionUID = 1L;

        HttpError(String message) {
            super(message);
        }
    }

    /** One call that was no hit: sent on this thread when the engine asks it to fetch. */
    private final class Call implements Exchange<IOException> {
        private final MessageContext context;
        private final WebServiceConnection connection;
        private final boolean record;
        boolean sent;
        WebServiceMessage response;
        CacheOutcome.Kind kind;

        Call(MessageContext context, WebServiceConnection connection, boolean record) {
            this.context = context;
            this.connection = connection;
            this.record = record;
        }

        @Override
        public CachedResponse fetch(Optional<CachedResponse> stale) throws IOException {
            // SOAP has no conditional request: a stale entry is fetched again
            sent = true;
            response = send(context, connection);
            if (response == null) {
                return CachedResponse.builder(new byte[0]).status(202)
                        .notCacheable("no response (one-way)").build();
            }
            return SoapResponses.capture(response, connection, record);
        }

        @Override
        public boolean replayableToWaiters(CachedResponse r) {
            return SoapResponses.replayable(r);
        }

        @Override
        public void onOutcome(CacheOutcome outcome) {
            kind = outcome.kind();
        }
    }
}
