package io.github.wscache.axis;

import io.github.wscache.axis.internal.CachingTransportSender;
import io.github.wscache.axis.internal.StubCalls;
import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.OperationPolicy;
import java.util.Objects;
import javax.xml.namespace.QName;
import org.apache.axis2.AxisFault;
import org.apache.axis2.client.Options;
import org.apache.axis2.rpc.client.RPCServiceClient;

/**
 * An {@link RPCServiceClient} whose results are cached as application objects. Operations are
 * named by the local part of their QName; the arguments are the key's parameters
 * ({@code arg0, arg1, ...}). As for {@link CachingStubs}, results whose type cannot be copied
 * safely and message-level policies go to the client unchanged (and to the message-level cache,
 * when installed).
 *
 * <pre>{@code
 * CachingRpcClient rpc = CachingStubs.using(cache).rpc(new RPCServiceClient(context, null));
 * rpc.getOptions().setTo(new EndpointReference(endpoint));
 * String s = rpc.invoke(new QName(ns, "doSpellingSuggestion"),
 *         new Object[] {key, "britney speers"}, String.class);
 * }</pre>
 *
 * <p>As thread-safe as the wrapped client (an {@code RPCServiceClient} is not: use one per
 * thread).
 */
public final class CachingRpcClient {
    private final RPCServiceClient client;
    private final ResponseCache cache;

    CachingRpcClient(RPCServiceClient client, ResponseCache cache) {
        this.client = Objects.requireNonNull(client, "client");
        this.cache = Objects.requireNonNull(cache, "cache");
    }

    /** Returns the wrapped client. */
    public RPCServiceClient client() {
        return client;
    }

    /** Returns the client's options. */
    public Options getOptions() {
        return client.getOptions();
    }

    /**
     * Calls an operation that returns one value of {@code returnType}, from the cache when the
     * policy allows it.
     *
     * @throws AxisFault what the client throws
     */
    public <T> T invoke(QName operation, Object[] args, Class<T> returnType) throws AxisFault {
        Object result = call(operation, args, returnType, () -> {
            Object[] r = client.invokeBlocking(operation, args, new Class<?>[] {returnType});
            client.cleanupTransport();
            return r == null || r.length == 0 ? null : r[0];
        });
        return returnType.cast(result);
    }

    /**
     * Calls an operation as {@link RPCServiceClient#invokeBlocking(QName, Object[], Class[])}
     * does, from the cache when the policy allows it.
     *
     * @throws AxisFault what the client throws
     */
    public Object[] invokeBlocking(QName operation, Object[] args, Class<?>[] returnTypes)
            throws AxisFault {
        return (Object[]) call(operation, args, Object[].class, () -> {
            Object[] r = client.invokeBlocking(operation, args, returnTypes);
            client.cleanupTransport();
            return r;
        });
    }

    private Object call(QName operation, Object[] args, Class<?> resultType,
            CachingTransportSender.Call<Object, AxisFault> target) throws AxisFault {
        String op = operation.getLocalPart();
        String endpoint = client.getOptions().getTo() == null ? null
                : client.getOptions().getTo().getAddress();
        Invocation.Builder b = Invocation.builder(op).endpoint(endpoint);
        OperationPolicy p = cache.policyFor(b.build());
        if (!StubCalls.cachesObjects(cache.copiers(), p, resultType)) {
            return target.run();
        }
        b.parameters(args);
        if (!StubCalls.identity(client, p, b)) {
            return target.run();
        }
        b.resultType(resultType);
        return cache.call(b.build(), () -> CachingTransportSender.bypassing(target));
    }
}
