package io.github.wscache.core;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

/**
 * One load per key at a time, for both flows: the first caller of a key {@linkplain #join joins}
 * as the leader and loads; concurrent callers of the same key get the leader's flight and
 * {@linkplain Flight#await wait} for it, then take what it left: its failure, the fact that it
 * stored an entry (the object flow reads and copies it), or a value it hands to waiters (the
 * message flow: the stored response, or an unstored one the integration can replay). Failures
 * are never stored; a waiter rethrows the leader's failure as {@linkplain Flight#failureCopy
 * its own copy}, so no two callers share one mutable {@code Throwable}.
 *
 * <p>Thread-safe. A flight is removed when its leader {@linkplain #land lands}, whatever
 * happened, so the next caller of the key starts a new one.
 */
final class SingleFlight {
    private final ConcurrentHashMap<CacheKey, Flight> flights = new ConcurrentHashMap<>();

    /** Returns a new flight that the caller leads, or the flight another caller leads. */
    Flight join(CacheKey key) {
        Flight mine = new Flight();
        Flight other = flights.putIfAbsent(key, mine);
        return other == null ? mine : other.asWaiter();
    }

    /**
     * Returns a flight the caller leads alone: no other caller of the key waits for it (a key
     * whose responses are not being stored, {@link ResponseCache.Builder#hitForMiss}).
     */
    Flight alone() {
        return new Flight();
    }

    /** Ends a flight the caller leads and wakes its waiters; call in {@code finally}. */
    void land(CacheKey key, Flight flight) {
        flights.remove(key, flight.leading);
        flight.leading.done.countDown();
    }

    /** One load of one key, as seen by its leader or by a waiter. */
    static final class Flight {
        private final Flight leading;
        private final Thread owner;
        private final CountDownLatch done;
        private volatile Throwable failure;
        private volatile boolean stored;
        private volatile Object forWaiters;

        private Flight() {
            this.leading = this;
            this.owner = Thread.currentThread();
            this.done = new CountDownLatch(1);
        }

        private Flight(Flight leading) {
            this.leading = leading;
            this.owner = leading.owner;
            this.done = leading.done;
        }

        private Flight asWaiter() {
            return new Flight(this);
        }

        /** Whether the caller leads this flight and must load, then {@link #land}. */
        boolean isLeader() {
            return leading == this;
        }

        /** Whether the caller itself leads it further up its stack (a re-entrant load). */
        boolean isReentrant() {
            return !isLeader() && owner == Thread.currentThread();
        }

        /**
         * Waits until the leader has landed; {@code false} when interrupted (the interrupt is
         * kept), and the waiter then goes on alone.
         */
        boolean await() {
            try {
                done.await();
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        /** The leader's load threw. */
        void failed(Throwable t) {
            leading.failure = t;
        }

        /** The leader's load succeeded; {@code forWaiters} is what waiters may take, or null. */
        void succeeded(boolean storedEntry, Object forWaiters) {
            leading.stored = storedEntry;
            leading.forWaiters = forWaiters;
        }

        boolean hasFailed() {
            return leading.failure != null;
        }

        /** Whether the leader stored an entry for the key. */
        boolean stored() {
            return leading.stored;
        }

        /** What the leader left for its waiters, or {@code null}. */
        Object forWaiters() {
            return leading.forWaiters;
        }

        /**
         * Returns the leader's failure as this waiter's own copy (Java serialization of the
         * whole throwable, causes included), or the same instance when it cannot be copied.
         */
        Throwable failureCopy() {
            Throwable t = leading.failure;
            try {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
                try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                    out.writeObject(t);
                }
                try (ObjectInputStream in = new LoaderAwareInput(bytes.toByteArray(),
                        t.getClass().getClassLoader())) {
                    Object copy = in.readObject();
                    return copy.getClass() == t.getClass() ? (Throwable) copy : t;
                }
            } catch (IOException | ClassNotFoundException | RuntimeException e) {
                return t;
            }
        }

        /** Throws {@code t} whatever its declared type: the caller's {@code X} is its type. */
        @SuppressWarnings("unchecked")
        static <X extends Throwable> X sneaky(Throwable t) throws X {
            throw (X) t;
        }
    }

    /** Resolves classes with the failure's own class loader first (containers have several). */
    private static final class LoaderAwareInput extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderAwareInput(byte[] bytes, ClassLoader loader) throws IOException {
            super(new ByteArrayInputStream(bytes));
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(java.io.ObjectStreamClass desc)
                throws IOException, ClassNotFoundException {
            if (loader != null) {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    return super.resolveClass(desc);
                }
            }
            return super.resolveClass(desc);
        }
    }
}
