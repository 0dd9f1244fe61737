package io.github.wscache.jaxws.internal;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.OperationPolicy;
import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebService;
import jakarta.xml.ws.AsyncHandler;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Holder;
import jakarta.xml.ws.Response;
import jakarta.xml.ws.handler.Handler;
import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import javax.xml.namespace.QName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The application-object level of a JAX-WS port: a proxy with the port's interfaces whose
 * operation calls go through {@link ResponseCache#call}, which keeps the returned object and
 * gives every caller its own copy (the per-type copier the policy's {@code value} picks). Keys:
 * the service (the WSDL's, from the runtime), the endpoint, the operation as the WSDL names it
 * ({@code @WebMethod(operationName)}), every argument under its {@code @WebParam} name, and the
 * caller's identity from the port's request context (HTTP Basic user and password, request
 * headers, a maintained session — the port stands for it) and from what the runtime keeps
 * outside it: on CXF ({@link CxfPorts}) its HTTP conduit's credentials, and with SOAP headers in
 * its header list, WS-Security settings or interceptors of the application's the port stands for
 * the caller; on Metro ({@link MetroPorts}) the port stands for the caller when it sends SOAP
 * headers of its own ({@code setOutboundHeaders}).
 *
 * <p>A call goes to the port as it is — where the message-level handler, which this level
 * installs, caches it if the policy says {@code xml} or {@code events} — when the operation is
 * not cacheable, its policy asks for a message-level representation, its result type has no
 * safe copier, it has {@code Holder} (out) parameters or is asynchronous, or the port has
 * handlers of the application's: those may add credentials at the message level, which the
 * object level cannot see (logged once). When this level caches a call, the handler leaves it.
 */
public final class ObjectCalls implements InvocationHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ObjectCalls.class);
    /** What each method's declaration says, read once per method (annotations are slow). */
    private static final Map<Method, Declared> METHODS = new ConcurrentHashMap<>();
    /** Whether CXF is on the class path: its ports carry credentials outside their context. */
    private static final boolean CXF =
            CachingSoapHandler.present("org.apache.cxf.frontend.ClientProxy");
    /** A port of a runtime that keeps nothing of its caller outside the request context. */
    private static final RuntimePort PLAIN = (b, address, caller) -> { };

    private final Object port;
    private final ResponseCache cache;
    private final String session = UUID.randomUUID().toString();
    private volatile String service;
    private volatile boolean loggedHandlers;
    /** What the port's runtime keeps of the caller; {@code null} until the first call. */
    private volatile RuntimePort runtime;

    private ObjectCalls(Object port, ResponseCache cache) {
        this.port = port;
        this.cache = cache;
    }

    /** A proxy with the interfaces of {@code port} caching its results. */
    @SuppressWarnings("unchecked")
    public static <T> T wrap(T port, ResponseCache cache) {
        Class<?>[] interfaces = port.getClass().getInterfaces();
        boolean sei = false;
        for (Class<?> i : interfaces) {
            sei |= i.isAnnotationPresent(WebService.class);
        }
        if (!sei || !(port instanceof BindingProvider)) {
            throw new IllegalArgumentException("port must be a BindingProvider implementing a "
                    + "@WebService interface: " + port.getClass().getName());
        }
        return (T) Proxy.newProxyInstance(port.getClass().getClassLoader(), interfaces,
                new ObjectCalls(port, cache));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        Object[] a = args == null ? new Object[0] : args;
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "equals" -> proxy == a[0];
                case "hashCode" -> System.identityHashCode(proxy);
                default -> "wscache object level of " + port;
            };
        }
        Declared d = METHODS.computeIfAbsent(method, Declared::of);
        if (d.operation == null || !cacheableArguments(a)) {
            return direct(method, a);
        }
        Invocation.Builder b = Invocation.builder(d.operation);
        String s = service();
        if (s != null) {
            b.service(s);
            cache.declareOperations(s, () -> Operations.of(port.getClass()));
        }
        Map<String, Object> request = ((BindingProvider) port).getRequestContext();
        Object address = request.get(BindingProvider.ENDPOINT_ADDRESS_PROPERTY);
        if (address instanceof String) {
            b.endpoint((String) address);
        }
        OperationPolicy p = cache.policyFor(b.build());
        if (!p.cacheable() || p.value().isMessageLevel() || method.getReturnType() == void.class
                || !method.getReturnType().isPrimitive()
                        && cache.copiers().choose(p, method.getReturnType()).copier().isEmpty()) {
            return direct(method, a);
        }
        if (hasOwnHandlers()) {
            if (!loggedHandlers) {
                loggedHandlers = true;
                LOG.warn("wscache: a port with JAX-WS handlers of its own is not cached at the "
                        + "object level (they may add credentials it cannot see); the message "
                        + "level still caches what its policy says (logged once)");
            }
            return direct(method, a);
        }
        b.parameters(d.parameters, a);
        Identities.addContext(b, request::get, session);
        RuntimePort r = runtime;
        if (r == null) {
            r = runtimeOf(port);
            runtime = r;
        }
        r.addTo(b, address, session);
        b.resultType(method.getReturnType());
        return cache.call(b.build(),
                () -> CachingSoapHandler.leavingToObjects(() -> direct(method, a)));
    }

    /** The reader of what {@code port}'s runtime (CXF, Metro) keeps of its caller. */
    private static RuntimePort runtimeOf(Object port) {
        RuntimePort r = CXF ? CxfPorts.clientOf(port) : null;
        if (r == null) {
            r = MetroPorts.portOf(port);
        }
        return r == null ? PLAIN : r;
    }

    private Object direct(Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(port, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * A method as its declaration says: the operation's name as the WSDL writes it
     * ({@code @WebMethod(operationName)}), or {@code null} when the method is no synchronous
     * operation of a {@code @WebService} interface; its parameters' part names.
     */
    private record Declared(String operation, String[] parameters) {
        static Declared of(Method method) {
            return new Declared(isOperation(method) ? ObjectCalls.operation(method) : null,
                    parameterNames(method));
        }
    }

    private static boolean isOperation(Method method) {
        Class<?> type = method.getDeclaringClass();
        if (!type.isAnnotationPresent(WebService.class)) {
            return false;
        }
        WebMethod wm = method.getAnnotation(WebMethod.class);
        if (wm != null && wm.exclude()) {
            return false;
        }
        Class<?> result = method.getReturnType();
        return !Response.class.isAssignableFrom(result) && !Future.class.isAssignableFrom(result);
    }

    /** Out parameters and asynchronous handlers are the port's to fill: not cached here. */
    private static boolean cacheableArguments(Object[] args) {
        for (Object arg : args) {
            if (arg instanceof Holder || arg instanceof AsyncHandler) {
                return false;
            }
        }
        return true;
    }

    private static String operation(Method method) {
        WebMethod wm = method.getAnnotation(WebMethod.class);
        return wm == null || wm.operationName().isEmpty() ? method.getName()
                : wm.operationName();
    }

    private static String[] parameterNames(Method method) {
        Annotation[][] annotations = method.getParameterAnnotations();
        String[] names = new String[annotations.length];
        for (int i = 0; i < names.length; i++) {
            names[i] = "arg" + i;
            for (Annotation an : annotations[i]) {
                if (an instanceof WebParam && !((WebParam) an).name().isEmpty()) {
                    names[i] = ((WebParam) an).name();
                }
            }
        }
        return names;
    }

    /** The WSDL service's local name, as the runtime knows it; null when it cannot tell. */
    private String service() {
        String s = service;
        if (s == null) {
            QName name = ServiceNames.of(port);
            if (name != null) {
                s = name.getLocalPart();
                service = s;
            }
        }
        return s;
    }

    private boolean hasOwnHandlers() {
        for (Handler<?> h : ((BindingProvider) port).getBinding().getHandlerChain()) {
            if (!(h instanceof CachingSoapHandler)) {
                return true;
            }
        }
        return false;
    }
}
