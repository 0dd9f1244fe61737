package io.github.wscache.axis.internal;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.policy.OperationPolicy;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.axiom.om.OMElement;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.client.Stub;
import org.apache.axis2.context.ServiceContext;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The application-object level for generated stubs and RPC clients: one call becomes an
 * {@link Invocation} (service, endpoint, the operation named as its WSDL names it — the request
 * bean's element, else the method name, see {@link OperationNames} — the request bean as the
 * parameter, the caller's identity as {@link Identities} maps it) and goes through
 * {@link ResponseCache#call}, which copies the result for every caller.
 *
 * <p>A call is handed straight to the stub (where the message level, when installed, caches it)
 * when the operation is not cacheable, when its policy asks for a message-level representation,
 * or when its declared result type cannot be copied safely under the cache's registry
 * ({@link CopierRegistry#isCopyable}). When the object level does cache it, the message level is
 * switched off for that call, so the response is not stored twice.
 */
public final class StubCalls {
    private static final Logger LOG = LoggerFactory.getLogger(StubCalls.class);
    private static final ConcurrentHashMap<Method, String[]> NAMES = new ConcurrentHashMap<>();
    private static volatile boolean loggedHeaders;

    private StubCalls() {
    }

    private static String[] parameterNames(Method method) {
        java.lang.reflect.Parameter[] params = method.getParameters();
        String[] names = new String[params.length];
        for (int i = 0; i < names.length; i++) {
            names[i] = params[i].isNamePresent() ? params[i].getName() : "arg" + i;
        }
        return names;
    }

    /** A call of the real stub method. */
    @FunctionalInterface
    public interface Target {
        /** Calls the stub. */
        Object call() throws Exception;
    }

    /** Returns whether {@code method} is a stub operation that may be cached. */
    public static boolean isOperation(Method method) {
        return Modifier.isPublic(method.getModifiers()) && !Modifier.isStatic(method.getModifiers())
                && method.getReturnType() != void.class && method.getParameterCount() > 0
                && method.getDeclaringClass() != Object.class
                && !Stub.class.equals(method.getDeclaringClass())
                && !method.getName().startsWith("start") && !method.getName().startsWith("_");
    }

    /** Runs one stub call through the object-level cache. */
    public static Object call(ResponseCache cache, ServiceClient client, Method method,
            Object[] args, Target target) throws Exception {
        if (!isOperation(method)) {
            return target.call();
        }
        String service = client == null ? null : Names.service(client.getAxisService());
        if (service != null) {
            cache.declareOperations(service,
                    () -> OperationNames.all(client.getAxisService()));
        }
        String endpoint = endpoint(client);
        String element = args.length == 1 ? OperationNames.elementName(args[0]) : null;
        Invocation.Builder b = OperationNames.builder(method.getName(), element, null)
                .service(service).endpoint(endpoint);
        // the policy found here is the one the cache uses for the full invocation below
        OperationPolicy p = cache.policyFor(b.build());
        if (!cachesObjects(cache.copiers(), p, method.getReturnType())) {
            return target.call();
        }
        b.parameters(NAMES.computeIfAbsent(method, StubCalls::parameterNames), args);
        if (client != null && !identity(client, p, b)) {
            return target.call();
        }
        b.resultType(method.getReturnType());
        return cache.call(b.build(), () -> CachingTransportSender.bypassing(target::call),
                o -> Outcomes.publish(client, o));
    }

    /**
     * Whether the object level caches results of this operation and declared type: the policy
     * caches it at the object level and the cache's {@link CopierRegistry#choose} has a copier
     * for the type.
     */
    public static boolean cachesObjects(CopierRegistry copiers, OperationPolicy p,
            Class<?> resultType) {
        return p.cacheable() && !p.value().isMessageLevel()
                && (resultType.isPrimitive() || copiers.choose(p, resultType).copier()
                        .isPresent());
    }

    static String endpoint(ServiceClient client) {
        if (client == null) {
            return null;
        }
        Options o = client.getOptions();
        return o.getTo() == null ? null : o.getTo().getAddress();
    }

    /**
     * Adds the caller's identity as the message level sees it ({@link Identities}): the client's
     * options, its managed session cookie and the SOAP headers it adds to every request.
     * Returns {@code false} when the client's SOAP headers cannot be read, so the call must not
     * be cached at this level (the message level, which sees the envelope, still may).
     */
    public static boolean identity(ServiceClient client, OperationPolicy p, Invocation.Builder b) {
        Iterator<OMElement> headers = Identities.clientHeaders(client);
        if (headers == null) {
            if (!loggedHeaders) {
                loggedHeaders = true;
                LOG.warn("wscache: cannot read the SOAP headers of a ServiceClient; its calls are "
                        + "not cached at the object level (logged once)");
            }
            return false;
        }
        Options o = client.getOptions();
        ServiceContext sc = client.getServiceContext();
        Object cookie = sc == null ? null : sc.getProperty(HTTPConstants.COOKIE_STRING);
        // as the transport reads a property: the options, then the service context and its
        // parents (a header or authenticator set there reaches the wire too)
        Function<String, Object> property = name -> {
            Object v = o.getProperty(name);
            return v != null || sc == null ? v : sc.getProperty(name);
        };
        Identities.addTo(b, property, o, cookie, headers, p.identityHeaders());
        if (o.isManageSession() && cookie == null && !p.sharedAcrossUsers()) {
            // the answer may open this caller's session: at this level the cache cannot see
            // a Set-Cookie, so it must neither share such an answer nor hand it one
            b.bypass("the client manages a session and has none yet");
        }
        return true;
    }
}
