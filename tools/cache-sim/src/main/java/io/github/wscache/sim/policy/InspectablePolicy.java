package io.github.wscache.sim.policy;

import java.util.function.LongConsumer;

/**
 * A policy whose steps are separate and whose contents can be seen: a lookup ({@link #hit}), an
 * insertion ({@link #admit}) on a miss, and what the cluster schemes of paper 003 do to a peer's
 * cache, look into it without recording an access ({@link #contains}), take a document from it
 * ({@link #remove}) and list it ({@link #forEachKey}). A {@link #request} is a lookup followed,
 * on a miss of a cacheable document, by an insertion.
 */
public abstract class InspectablePolicy extends CachePolicy {

    InspectablePolicy(long capacity) {
        super(capacity);
    }

    @Override
    public final boolean request(long key, int size, int cost, long nowMicros,
            boolean cacheable) {
        if (hit(key, nowMicros)) {
            return true;
        }
        if (cacheable) {
            admit(key, size, cost, nowMicros);
        }
        return false;
    }

    /** Looks {@code key} up; on a hit, records the access as the policy does. */
    public abstract boolean hit(long key, long nowMicros);

    /** Offers a document that just missed; the policy may refuse it. */
    public abstract void admit(long key, int size, int cost, long nowMicros);

    /** Returns whether {@code key} is held, without recording an access. */
    public abstract boolean contains(long key);

    /** Removes {@code key}; returns whether it was held. */
    public abstract boolean remove(long key);

    /** Calls {@code action} with every key held. */
    public abstract void forEachKey(LongConsumer action);
}
