package io.github.wscache.axis.internal;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.copy.Copiers;
import io.github.wscache.core.policy.OperationPolicy;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.client.Stub;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.transport.http.HTTPAuthenticator;

/**
 * The application-object level for generated stubs and RPC clients: one call becomes an
 * {@link Invocation} (service, endpoint, operation = method name, the request bean as the
 * parameter, the caller's identity) and goes through {@link ResponseCache#call}, which copies
 * the result for every caller.
 *
 * <p>A call is handed straight to the stub (where the message level, when installed, caches it)
 * when the operation is not cacheable, when its policy asks for a message-level representation,
 * or when its declared result type cannot be copied safely ({@link Copiers#isCopyable}). When
 * the object level does cache it, the message level is switched off for that call, so the
 * response is not stored twice.
 */
public final class StubCalls {
    private static final ConcurrentHashMap<Method, String[]> NAMES = new ConcurrentHashMap<>();

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
        String operation = method.getName();
        String service = client == null ? null : Names.service(client.getAxisService());
        String endpoint = endpoint(client);
        OperationPolicy p = cache.policy().resolve(service, endpoint, operation);
        if (!cachesObjects(p, method.getReturnType())) {
            return target.call();
        }
        Invocation.Builder b = Invocation.builder(operation).service(service).endpoint(endpoint);
        String[] names = NAMES.computeIfAbsent(method, StubCalls::parameterNames);
        for (int i = 0; i < args.length; i++) {
            b.parameter(names[i], args[i]);
        }
        if (client != null) {
            identity(client.getOptions(), b);
        }
        return cache.call(b.build(), () -> CachingTransportSender.bypassing(target::call));
    }

    /** Whether the object level caches results of this operation and type. */
    public static boolean cachesObjects(OperationPolicy p, Class<?> resultType) {
        return p.cacheable() && !p.value().isMessageLevel()
                && (p.readOnly() || resultType.isPrimitive() || Copiers.isCopyable(resultType));
    }

    static String endpoint(ServiceClient client) {
        if (client == null) {
            return null;
        }
        Options o = client.getOptions();
        return o.getTo() == null ? null : o.getTo().getAddress();
    }

    /** Adds the HTTP {@code Authorization} or authenticator of {@code options} to the key. */
    public static void identity(Options options, Invocation.Builder b) {
        String authorization = null;
        Object headers = options.getProperty(HTTPConstants.HTTP_HEADERS);
        if (headers instanceof List) {
            for (Object o : (List<?>) headers) {
                if (o instanceof NamedValue
                        && "Authorization".equalsIgnoreCase(((NamedValue) o).getName())) {
                    authorization = ((NamedValue) o).getValue();
                }
            }
        } else if (headers instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) headers).entrySet()) {
                if ("Authorization".equalsIgnoreCase(String.valueOf(e.getKey()))
                        && e.getValue() != null) {
                    authorization = e.getValue().toString();
                }
            }
        }
        Object auth = options.getProperty(HTTPConstants.AUTHENTICATE);
        if (auth instanceof HTTPAuthenticator) {
            HTTPAuthenticator a = (HTTPAuthenticator) auth;
            String basic = "authenticator " + a.getUsername() + ':' + a.getPassword() + '@'
                    + a.getDomain();
            authorization = authorization == null ? basic : authorization + '\n' + basic;
        }
        if (authorization != null) {
            b.authorization(authorization);
        }
    }
}
