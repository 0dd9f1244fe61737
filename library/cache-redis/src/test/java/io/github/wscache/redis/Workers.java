package io.github.wscache.redis;

import io.github.wscache.testkit.Waits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Threads that call caches in a loop until stopped, each counting its calls and its wrong
 * answers: a farm under load while a test breaks Redis. A phase of the run lasts until every
 * worker has made a number of calls in it and the phase's condition holds (bounded by
 * {@link #PHASE_LIMIT}), never for a span of time, so that each phase is seen by every worker
 * however loaded the machine is.
 *
 * <pre>{@code
 * try (Workers w = Workers.start(6, (worker, i) -> cache.call(...).equals(expected))) {
 *     w.phase("with Redis up", 100, () -> true);
 *     redis.kill();
 *     w.phase("with Redis down, the breaker open", 100, () -> tier.stats().breakerOpens() > 0);
 *     assertThat(w.stop()).isZero();   // no exception, no wrong answer
 * }
 * }</pre>
 */
final class Workers implements AutoCloseable {
    /** How long a phase may take before the test fails. */
    static final Duration PHASE_LIMIT = Duration.ofSeconds(60);

    /** Worker {@code worker}'s {@code i}-th call; returns whether its answer was right. */
    @FunctionalInterface
    interface Call {
        boolean call(int worker, long i) throws Exception;
    }

    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLongArray calls;
    private final ExecutorService pool;
    private final List<Future<Long>> wrong = new ArrayList<>();

    private Workers(int n, Call call) {
        this.calls = new AtomicLongArray(n);
        this.pool = Executors.newFixedThreadPool(n);
        for (int w = 0; w < n; w++) {
            int worker = w;
            wrong.add(pool.submit(() -> {
                long bad = 0;
                for (long i = 0; running.get(); i++) {
                    bad += call.call(worker, i) ? 0 : 1;
                    calls.incrementAndGet(worker);
                }
                return bad;
            }));
        }
    }

    /** Starts {@code n} workers on {@code call}. */
    static Workers start(int n, Call call) {
        return new Workers(n, call);
    }

    /**
     * Waits until every worker has made {@code n} more calls than now and {@code condition}
     * holds; returns the fewest calls a worker made in the phase.
     */
    long phase(String what, int n, BooleanSupplier condition) {
        return phase(what, n, condition, () -> "");
    }

    /** {@link #phase(String, int, BooleanSupplier)}; a failure tells {@code state} too. */
    long phase(String what, int n, BooleanSupplier condition, Supplier<String> state) {
        long[] start = snapshot();
        try {
            Waits.until("every worker made " + n + " calls " + what, () -> {
                if (wrong.stream().anyMatch(Future::isDone)) {
                    return true; // a worker threw: no use waiting
                }
                for (int w = 0; w < start.length; w++) {
                    if (calls.get(w) - start[w] < n) {
                        return false;
                    }
                }
                return condition.getAsBoolean();
            }, PHASE_LIMIT);
        } catch (AssertionError e) {
            long[] now = snapshot();
            for (int w = 0; w < now.length; w++) {
                now[w] -= start[w];
            }
            throw new AssertionError(e.getMessage() + "; calls in the phase "
                    + Arrays.toString(now) + "; " + state.get(), e);
        }
        for (Future<Long> f : wrong) {
            if (f.isDone()) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    throw new AssertionError("a worker's call threw " + what, e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted " + what, e);
                }
                throw new AssertionError("a worker stopped " + what);
            }
        }
        long[] end = snapshot();
        long fewest = Long.MAX_VALUE;
        for (int w = 0; w < end.length; w++) {
            fewest = Math.min(fewest, end[w] - start[w]);
        }
        return fewest;
    }

    private long[] snapshot() {
        long[] s = new long[calls.length()];
        for (int w = 0; w < s.length; w++) {
            s[w] = calls.get(w);
        }
        return s;
    }

    /**
     * Stops the workers and returns their wrong answers in all.
     *
     * @throws ExecutionException when a call threw
     */
    long stop() throws Exception {
        running.set(false);
        long bad = 0;
        for (Future<Long> f : wrong) {
            bad += f.get(30, TimeUnit.SECONDS);
        }
        return bad;
    }

    @Override
    public void close() {
        running.set(false);
        pool.shutdownNow();
    }
}
