package io.github.wscache.core;

import io.github.wscache.core.policy.KeyStrategy;
import io.github.wscache.core.policy.OperationPolicy;

/**
 * Benchmark access to the package-private key derivation of cache-core ({@code Keys}), so that a
 * key strategy can be measured alone, without a cache lookup around it. It lives in cache-core's
 * package inside the benchmarks jar (a split package, fine for a non-modular jar).
 *
 * <pre>{@code
 * CacheKey key = new KeyProbe(KeyStrategy.AUTO).key(invocation);
 * }</pre>
 */
public final class KeyProbe {
    private final Keys keys = new Keys();
    private final OperationPolicy policy;

    /** Creates a probe deriving keys with {@code strategy}. */
    public KeyProbe(KeyStrategy strategy) {
        this.policy = OperationPolicy.builder().cacheable(true).key(strategy).build();
    }

    /** Returns the key the cache derives for {@code invocation}. */
    public CacheKey key(Invocation invocation) {
        return keys.create(invocation, policy, false);
    }

    /**
     * Returns a key of {@code invocation} with {@code parameters} as its parameter part, for
     * strategies wscache does not have (Kryo bytes of plain parameters) and for measuring what
     * the parameter part adds to a key ({@code parameters = null}).
     */
    public static CacheKey withParameters(Invocation invocation, Object parameters) {
        return new CacheKey(invocation.service(), invocation.endpoint(), invocation.operation(),
                0, 0, parameters, invocation.vary(), false);
    }
}
