package io.github.wscache.axis;

import io.github.wscache.axis.internal.StubCalls;
import io.github.wscache.axis.internal.StubInterceptor;
import io.github.wscache.core.ResponseCache;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Objects;
import org.apache.axis2.AxisFault;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.client.Stub;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.rpc.client.RPCServiceClient;

/**
 * Caching stubs: application-object caching for generated Axis2 stubs and RPC clients.
 *
 * <p>Each operation call is keyed by the operation's key strategy with the request bean as the
 * parameter, and a hit returns a copy of the cached result made by the operation's copier, with
 * no XML involved at all. An operation whose result type cannot be copied safely, or whose policy
 * value is {@code events} or {@code xml}, is handed to the stub unchanged, where the
 * message-level cache ({@link WsCache}) caches it when installed.
 *
 * <ul>
 *   <li>{@link #proxy(Class, Object)}: stubs generated with {@code unpackClasses=true}
 *       implement an interface; the caching stub is a {@link Proxy} of it.</li>
 *   <li>{@link #subclass(Class, ConfigurationContext, String)}: default (packed) stubs implement
 *       none; the caching stub is an instance of a generated subclass (ByteBuddy).</li>
 *   <li>{@link #rpc(RPCServiceClient)}: a wrapper of an {@code RPCServiceClient}.</li>
 * </ul>
 *
 * <pre>{@code
 * ResponseCache cache = WsCache.install(context, policy);      // message level as well
 * CachingStubs stubs = CachingStubs.using(cache);
 * GoogleSearchServiceStub packed =
 *         stubs.subclass(GoogleSearchServiceStub.class, context, endpoint);
 * GoogleSearchService unpacked = stubs.proxy(GoogleSearchService.class,
 *         new io.github.wscache.google.unpacked.GoogleSearchServiceStub(context, endpoint));
 * }</pre>
 *
 * <p>Thread-safe; the stubs it returns are as thread-safe as the stubs they wrap.
 */
public final class CachingStubs {
    private final ResponseCache cache;

    private CachingStubs(ResponseCache cache) {
        this.cache = cache;
    }

    /** Returns a factory of stubs that cache with {@code cache}. */
    public static CachingStubs using(ResponseCache cache) {
        return new CachingStubs(Objects.requireNonNull(cache, "cache"));
    }

    /** Returns the cache of the stubs this factory makes. */
    public ResponseCache cache() {
        return cache;
    }

    /**
     * Returns a caching proxy of {@code stub} that implements {@code serviceInterface}, for
     * stubs generated with {@code unpackClasses=true}.
     *
     * @throws IllegalArgumentException if {@code serviceInterface} is not an interface
     */
    public <T> T proxy(Class<T> serviceInterface, T stub) {
        Objects.requireNonNull(stub, "stub");
        if (!serviceInterface.isInterface()) {
            throw new IllegalArgumentException("serviceInterface must be an interface: "
                    + serviceInterface.getName());
        }
        ServiceClient client = stub instanceof Stub ? ((Stub) stub)._getServiceClient() : null;
        InvocationHandler handler = (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                switch (method.getName()) {
                    case "equals":
                        return proxy == args[0];
                    case "hashCode":
                        return System.identityHashCode(proxy);
                    default:
                        return "caching " + stub;
                }
            }
            return invoke(client, stub, method, args);
        };
        return serviceInterface.cast(Proxy.newProxyInstance(serviceInterface.getClassLoader(),
                new Class<?>[] {serviceInterface}, handler));
    }

    private Object invoke(ServiceClient client, Object stub, Method method, Object[] args)
            throws Throwable {
        try {
            return StubCalls.call(cache, client, method, args == null ? new Object[0] : args,
                    () -> {
                        try {
                            return method.invoke(stub, args);
                        } catch (InvocationTargetException e) {
                            Throwable cause = e.getCause();
                            if (cause instanceof Exception) {
                                throw (Exception) cause;
                            }
                            throw e;
                        }
                    });
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * Returns a new caching stub of the generated class {@code stubClass} (a default, packed
     * stub without an interface), created with its {@code (ConfigurationContext, String)}
     * constructor. Use it as the stub itself: options, timeouts and
     * {@code _getServiceClient()} work as usual.
     *
     * @throws IllegalArgumentException if the class cannot be subclassed
     * @throws AxisFault if the stub's constructor fails
     */
    public <S extends Stub> S subclass(Class<S> stubClass, ConfigurationContext context,
            String endpoint) throws AxisFault {
        return StubInterceptor.create(stubClass, cache, context, endpoint);
    }

    /** Returns a caching wrapper of {@code client}. */
    public CachingRpcClient rpc(RPCServiceClient client) {
        return new CachingRpcClient(client, cache);
    }
}
