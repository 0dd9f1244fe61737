package io.github.wscache.core;

import io.github.wscache.core.internal.KeyBytes;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.SharedTierSetting;
import io.github.wscache.core.spi.SharedTier;
import io.github.wscache.core.spi.SharedTierFactory;
import java.util.LinkedHashSet;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The flows' side of a {@link SharedTier} (the second level a farm shares, behind the local
 * {@link Store}): makes the tier's request for a key, and keeps the tier's contract for the
 * flows: whatever the tier does, a call goes on (a throwing tier is counted as an error and
 * answers a miss). Without a tier every method is a no-op and {@link #request} returns
 * {@code null}, so the flows are unchanged.
 */
final class TierLink {
    /** How many policies' texts {@link #policyTexts} keeps before it starts over. */
    static final int POLICY_TEXTS = 1024;

    private final SharedTier tier;
    private final Stats stats;
    /**
     * Each policy's text in the key's byte form, made once instead of on every lookup (it
     * formats durations and sizes and sorts two sets). Keyed by equal policies, whose texts are
     * equal; cleared when a long run of policy reloads has filled it.
     */
    private final ConcurrentHashMap<OperationPolicy, byte[]> policyTexts =
            new ConcurrentHashMap<>();

    /** Links the tier (or none); its farm-wide invalidations drop {@code store}'s entries. */
    TierLink(SharedTier tier, Stats stats, Store store) {
        this.tier = tier;
        this.stats = stats;
        if (tier != null) {
            tier.bind(new SharedTier.Listener() {
                @Override
                public void operationInvalidated(String operation) {
                    store.removeIf(k -> k.operation().equals(operation));
                }

                @Override
                public void endpointInvalidated(String operation, String endpoint) {
                    store.removeIf(k -> k.operation().equals(operation)
                            && endpoint.equals(k.endpoint()));
                }

                @Override
                public void allInvalidated() {
                    store.invalidateAll();
                }
            });
        }
    }

    /**
     * Opens the tier a policy names through the first {@link SharedTierFactory} on the class
     * path (the context class loader's, then cache-core's) that knows its scheme.
     *
     * @throws io.github.wscache.core.policy.PolicyException at the setting's place in the file
     *     when no factory knows the scheme (cache-redis is missing) or the factory refuses it
     *     (its address, or its signing key file: missing, unreadable, too short a key)
     */
    static SharedTier open(SharedTierSetting setting) {
        Set<ClassLoader> loaders = new LinkedHashSet<>();
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null) {
            loaders.add(context);
        }
        loaders.add(TierLink.class.getClassLoader());
        String broken = null;
        for (ClassLoader loader : loaders) {
            try {
                for (SharedTierFactory f : ServiceLoader.load(SharedTierFactory.class, loader)) {
                    if (f.schemes().contains(setting.scheme())) {
                        try {
                            return f.open(setting);
                        } catch (IllegalArgumentException e) {
                            throw setting.error("'sharedTier' " + setting.uri()
                                    + " cannot be used: " + e.getMessage());
                        }
                    }
                }
            } catch (ServiceConfigurationError e) {
                broken = e.getMessage();
            }
        }
        throw setting.error("'sharedTier' " + setting.uri() + " needs cache-redis on the class"
                + " path (io.github.wscache:cache-redis, the version of cache-core); add it, or"
                + " remove 'sharedTier' to give every JVM its own cache only"
                + (broken == null ? "" : " (a shared tier provider failed to load: " + broken
                        + ")"));
    }

    /** Returns the salt of identity hashes the farm shares, or {@code null} without a tier. */
    byte[] identitySalt() {
        return tier == null ? null : tier.identitySalt();
    }

    boolean present() {
        return tier != null;
    }

    /**
     * Returns the tier's request for a key, or {@code null} when there is no tier or the key has
     * no stable form (logged once per operation: its entries stay in this JVM's store).
     */
    SharedTier.Request request(Invocation inv, OperationPolicy p, CacheKey key) {
        if (tier == null) {
            return null;
        }
        byte[] bytes = key.sharedForm(policyText(p));
        if (bytes == null) {
            stats.logOnce("unshareable:" + inv.operation(), "wscache: a parameter of "
                    + inv.operation() + " has no stable byte form, so its entries stay in this"
                    + " JVM and are not shared (use strings, numbers, enums, flat beans or"
                    + " key: serialized)", null);
            return null;
        }
        return new SharedTier.Request(inv.service(), inv.operation(), bytes, key.isMessageLevel(),
                key.endpoint());
    }

    /** Returns what a key's byte form holds of {@code p}: it changes whenever {@code p} does. */
    private byte[] policyText(OperationPolicy p) {
        byte[] text = policyTexts.get(p);
        if (text == null) {
            text = KeyBytes.text(p + " volatile " + new TreeSet<>(p.volatileElements())
                    + " identity " + new TreeSet<>(p.identityHeaders()));
            if (policyTexts.size() >= POLICY_TEXTS) {
                policyTexts.clear();
            }
            policyTexts.put(p, text);
        }
        return text;
    }

    /** Looks a request up; a miss when the request is {@code null} or the tier failed. */
    SharedTier.Lookup lookup(SharedTier.Request r, Counters c, Invocation inv, CacheKey key) {
        if (r == null) {
            return SharedTier.Lookup.miss(false);
        }
        try {
            return tier.lookup(r);
        } catch (RuntimeException e) {
            stats.error(c, inv, key, "the shared tier's lookup failed", e);
            return SharedTier.Lookup.miss(false);
        }
    }

    void store(SharedTier.Request r, Object value, long freshNanos, long retainNanos,
            Counters c, Invocation inv, CacheKey key) {
        if (r == null) {
            return;
        }
        try {
            tier.store(r, value, freshNanos, retainNanos);
        } catch (RuntimeException e) {
            stats.error(c, inv, key, "the shared tier's store failed", e);
        }
    }

    void release(SharedTier.Request r, Counters c, Invocation inv, CacheKey key) {
        if (r == null) {
            return;
        }
        try {
            tier.release(r);
        } catch (RuntimeException e) {
            stats.error(c, inv, key, "the shared tier's lease release failed", e);
        }
    }

    void invalidate(String operation) {
        if (tier != null) {
            try {
                tier.invalidate(operation);
            } catch (RuntimeException e) {
                stats.logOnce("tier-invalidate", "wscache: the shared tier's invalidation of "
                        + operation + " failed", e);
            }
        }
    }

    void invalidate(String operation, String endpoint) {
        if (tier != null) {
            try {
                tier.invalidate(operation, endpoint);
            } catch (RuntimeException e) {
                stats.logOnce("tier-invalidate", "wscache: the shared tier's invalidation of "
                        + operation + " failed", e);
            }
        }
    }

    void invalidateAll() {
        if (tier != null) {
            try {
                tier.invalidateAll();
            } catch (RuntimeException e) {
                stats.logOnce("tier-invalidate-all",
                        "wscache: the shared tier's invalidation of every entry failed", e);
            }
        }
    }

    void close() {
        if (tier != null) {
            try {
                tier.close();
            } catch (RuntimeException e) {
                stats.logOnce("tier-close", "wscache: closing the shared tier failed", e);
            }
        }
    }
}
