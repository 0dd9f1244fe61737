package io.github.wscache.axis;

import io.github.wscache.axis.internal.Installer;
import io.github.wscache.axis.internal.Outcomes;
import io.github.wscache.core.CacheOutcome;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.internal.DefaultCaches;
import io.github.wscache.core.policy.Policy;
import java.util.Objects;
import java.util.Optional;
import org.apache.axis2.AxisFault;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.client.Stub;
import org.apache.axis2.context.ConfigurationContext;

/**
 * Installs the message-level cache into Axis2 clients and finds the caches installed.
 *
 * <p>The message-level cache wraps the HTTP transport sender: every request-response call to an
 * operation the policy names is answered from the cache when a fresh entry exists, without any
 * network I/O; the stub then deserializes the cached response as usual (recorded parse events
 * replayed into the ADB deserializer for {@code value: events} and for the default
 * {@code value: auto}, or the response bytes re-parsed for {@code value: xml}). SOAP faults,
 * HTTP statuses other than 200, MTOM/SwA responses, one-way operations and operations the
 * policy does not name pass through.
 *
 * <p>Three ways to install:
 * <ol>
 *   <li>No code: put the {@code cache-axis} jar and a {@code wscache.yaml} on the class path, or
 *       start the JVM with {@code -Dwscache.policy=/path/to/wscache.yaml}. Every
 *       {@code ConfigurationContext} of the JVM then caches with one shared cache,
 *       {@link #defaultCache()}.</li>
 *   <li>One line per configuration context: {@link #install(ConfigurationContext, Policy)}.</li>
 *   <li>Per client: {@link #install(ServiceClient, ResponseCache)} or
 *       {@link #install(Stub, ResponseCache)}, leaving the other clients of the context alone.</li>
 * </ol>
 *
 * <pre>{@code
 * ConfigurationContext context =
 *         ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
 * ResponseCache cache = WsCache.install(context, Policy.load(Path.of("wscache.yaml")));
 * GoogleSearchServiceStub stub = new GoogleSearchServiceStub(context, endpoint);
 * stub.doSpellingSuggestion(request);   // from the service
 * stub.doSpellingSuggestion(request);   // from the cache
 * System.out.println(cache.stats("doSpellingSuggestion"));
 * }</pre>
 *
 * <p>Thread-safe. Installing replaces the sender of the shared transport description, so
 * install before the context is used concurrently.
 */
public final class WsCache {
    /** The system property that names the policy file of the zero-code install. */
    public static final String POLICY_PROPERTY = DefaultCaches.POLICY_PROPERTY;

    private WsCache() {
    }

    /**
     * Caches every client of {@code context} with a new cache following {@code policy}.
     *
     * @return the cache, for statistics and invalidation
     */
    public static ResponseCache install(ConfigurationContext context, Policy policy) {
        Objects.requireNonNull(policy, "policy");
        return install(context, ResponseCache.builder().policy(policy).build());
    }

    /**
     * Caches every client of {@code context} with {@code cache} (which may be shared with other
     * contexts); replaces a cache installed before.
     *
     * @return {@code cache}
     * @throws IllegalArgumentException if the context has no http or https transport sender
     */
    public static ResponseCache install(ConfigurationContext context, ResponseCache cache) {
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(cache, "cache");
        if (Installer.wrap(context.getAxisConfiguration(), cache) == 0) {
            throw new IllegalArgumentException(
                    "the configuration context has no http or https transport sender to cache");
        }
        return cache;
    }

    /**
     * Caches the calls of one client with {@code cache}, through a transport description of its
     * own ({@code Options.setTransportOut}); other clients of its context are not affected.
     *
     * @return {@code cache}
     * @throws AxisFault if the context has no sender for the client's transport
     */
    public static ResponseCache install(ServiceClient client, ResponseCache cache)
            throws AxisFault {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(cache, "cache");
        String transport = "http";
        if (client.getOptions().getTo() != null
                && client.getOptions().getTo().getAddress() != null
                && client.getOptions().getTo().getAddress().startsWith("https:")) {
            transport = "https";
        }
        Installer.wrap(client.getServiceContext().getConfigurationContext(),
                client.getOptions(), transport, cache);
        return cache;
    }

    /**
     * Caches the calls of one generated stub with {@code cache}; see
     * {@link #install(ServiceClient, ResponseCache)}.
     *
     * @return {@code cache}
     * @throws AxisFault if the context has no sender for the stub's transport
     */
    public static ResponseCache install(Stub stub, ResponseCache cache) throws AxisFault {
        return install(stub._getServiceClient(), cache);
    }

    /**
     * Returns what the cache did with the last call made through {@code client} (a hit, a
     * miss and whether it was stored, a bypass and its typed reason), at the message or the
     * object level; empty when the client has made no call through a cache. A
     * {@link ServiceClient}, like a stub, is used by one thread at a time, so this is its own
     * last call's outcome.
     *
     * <pre>{@code
     * String s = stub.doSpellingSuggestion(request).get_return();
     * boolean hit = WsCache.lastOutcome(stub._getServiceClient())
     *         .filter(o -> o.kind() == CacheOutcome.Kind.HIT).isPresent();
     * }</pre>
     */
    public static Optional<CacheOutcome> lastOutcome(ServiceClient client) {
        return Outcomes.last(client);
    }

    /** Stops caching the clients of {@code context}; entries stay in the cache. */
    public static void uninstall(ConfigurationContext context) {
        Installer.unwrap(context.getAxisConfiguration());
    }

    /** Returns the cache installed into {@code context}, if any. */
    public static Optional<ResponseCache> cacheFor(ConfigurationContext context) {
        return Installer.cacheOf(context.getAxisConfiguration());
    }

    /**
     * Returns the cache of the zero-code install: the one cache per JVM of the policy named by
     * {@code -Dwscache.policy} or found as {@code wscache.yaml} on the class path; empty when
     * there is no such policy.
     *
     * @throws io.github.wscache.core.policy.PolicyException if that policy is wrong
     */
    public static Optional<ResponseCache> defaultCache() {
        return DefaultCaches.current();
    }
}
