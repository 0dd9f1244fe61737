package io.github.wscache.composition;

import io.github.wscache.http.HttpFarmNode;
import io.github.wscache.jsonws.JsonService;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.redis.RedisTier;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A side whose service is cache-http's {@link JsonService} (cache-http's and cache-edge's): keys
 * are paths under it that echo the caller, a held key is one of its gated paths, and the other
 * JVM's tier is built as {@link HttpFarmNode#tier} builds it.
 */
abstract class JsonServiceSide extends FarmSide {
    private static final AtomicInteger KEYS = new AtomicInteger(1000);

    final String redisUri;
    final JsonService service;
    private final String keyPath;
    private final String heldPath;

    /**
     * @param keyPath the path whose answers echo the caller ({@code who}, {@code page})
     * @param heldPath the path held while told to ({@code gated}, {@code gatedpage})
     */
    JsonServiceSide(String redisUri, JsonService service, NodeProcess other, String keyPath,
            String heldPath) {
        super(other);
        this.redisUri = redisUri;
        this.service = service;
        this.keyPath = keyPath;
        this.heldPath = heldPath;
    }

    @Override
    public String key() {
        return keyPath + "/" + KEYS.incrementAndGet();
    }

    @Override
    public String heldKey() {
        return heldPath + "/" + KEYS.incrementAndGet();
    }

    @Override
    public String staleKey() {
        return "sie/" + KEYS.incrementAndGet();
    }

    /** Every request of a {@code sie/N} key answers 503. */
    @Override
    public void fail() {
        service.down(true);
    }

    @Override
    public void reset() {
        service.down(false);
    }

    @Override
    public long calls(String key) {
        return service.count(key);
    }

    @Override
    public void hold() {
        service.holdGated();
    }

    @Override
    public void release() {
        service.releaseGated();
    }

    @Override
    public int held() {
        return service.heldGated();
    }

    @Override
    public RedisTier tier(String namespace) {
        return HttpFarmNode.tier(redisUri, namespace);
    }

    @Override
    public void close() {
        try {
            other.close();
        } finally {
            service.close();
        }
    }
}
