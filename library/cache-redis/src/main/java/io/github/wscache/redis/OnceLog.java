package io.github.wscache.redis;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A tier's warnings that would otherwise repeat on every call (a Redis that is down fails every
 * lookup): each cause is logged once as a warning, then at debug level. A bounded number of
 * causes is remembered ({@value #MAX_LOGGED} for a tier), so causes made of varying text cannot
 * grow the set without bound; beyond that everything goes to debug. Logs as {@link RedisTier},
 * the logger operators configure. Thread-safe.
 */
final class OnceLog {
    private static final Logger LOG = LoggerFactory.getLogger(RedisTier.class);
    /** The causes a tier remembers. */
    static final int MAX_LOGGED = 1_000;

    private final Set<String> logged = ConcurrentHashMap.newKeySet();
    private final int maxCauses;

    /** A log that remembers at most {@code maxCauses} causes. */
    OnceLog(int maxCauses) {
        this.maxCauses = maxCauses;
    }

    /**
     * Logs {@code message} as a warning if {@code cause} was not logged before, else at debug
     * level; returns whether it warned.
     */
    boolean warnOnce(String cause, String message, Throwable t) {
        if (logged.size() < maxCauses && logged.add(cause)) {
            LOG.warn(message, t);
            return true;
        }
        LOG.debug(message, t);
        return false;
    }
}
