package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.testkit.Gate;
import io.github.wscache.testkit.RedisServer;
import io.github.wscache.testkit.TestOrigin;
import io.github.wscache.testkit.Waits;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two JVMs, each with its own {@link ResponseCache} and {@link RedisTier}, on one real
 * {@code redis-server}: this test's JVM and a second one ({@link TwoJvmNode}, started with this
 * class path and driven over its standard input and output). Both load from one back-end, an
 * HTTP server on loopback in this JVM that counts the requests reaching it; the counts are
 * exact. Checks that entries, invalidations, leases and identity partitions cross the process
 * boundary, not only between caches of one JVM ({@link RedisTierTest}).
 */
class TwoJvmTest {
    /** Generous: a JVM starts in 2 to 5 s on the loaded two-core build machine. */
    private static final Duration START = Duration.ofSeconds(60);
    /** Any other answer of the other JVM; a broken one fails the test after this, not hangs. */
    private static final Duration ANSWER = Duration.ofSeconds(30);
    private static final AtomicInteger NAMESPACES = new AtomicInteger();

    private static RedisServer redis;
    private static Backend backend;
    private static OtherJvm other;

    private String namespace;
    private RedisTier tier;
    private ResponseCache cache;
    private final AtomicInteger loads = new AtomicInteger();

    @BeforeAll
    static void startRedisAndBackend() throws IOException {
        redis = RedisServer.start();
        backend = new Backend();
    }

    @AfterAll
    static void stopEverything() {
        try {
            if (other != null) {
                other.close();
            }
        } finally {
            backend.close();
            redis.close();
        }
    }

    @BeforeEach
    void openBothJvmsOnANewNamespace() throws Exception {
        namespace = "twojvm" + NAMESPACES.incrementAndGet();
        backend.reset(namespace);
        if (other == null || !other.isAlive()) {
            other = OtherJvm.start(redis.uri(), backend.uri());
        }
        other.forgetAnswers(); // late ones of a test that failed
        other.ask("OPEN " + namespace, START);
        tier = TwoJvmNode.tier(redis.uri(), namespace).build();
        cache = TwoJvmNode.cache(tier);
    }

    @AfterEach
    void closeThisJvmsCache() {
        backend.openGate();
        cache.close();
    }

    /** A call in this JVM, with the same loader as the other JVM's. */
    private String call(String operation, String query, String user) throws IOException {
        return cache.call(TwoJvmNode.invocation(operation, query, user), () -> {
            loads.incrementAndGet();
            return TwoJvmNode.fetch(backend.uri(), namespace, operation, query, user);
        });
    }

    @Test
    void anEntryLoadedInOneJvmIsServedInTheOtherWithoutABackEndCall() throws Exception {
        assertThat(other.ask("CALL search alpha -")).isEqualTo("loaded search alpha for - #1");
        assertThat(call("search", "alpha", "-")).isEqualTo("search alpha for - #1");
        assertThat(loads).hasValue(0);
        assertThat(tier.stats().hits()).isEqualTo(1);

        // and the other way round
        assertThat(call("search", "beta", "-")).isEqualTo("search beta for - #2");
        assertThat(other.ask("CALL search beta -")).isEqualTo("cached search beta for - #2");
        assertThat(other.stats().hits()).isEqualTo(1);

        assertThat(backend.calls()).hasValue(2);
        assertThat(loads).hasValue(1);
    }

    @Test
    void anInvalidationInOneJvmEmptiesTheOtherJvmsOwnStore() throws Exception {
        assertThat(call("search", "news", "-")).isEqualTo("search news for - #1");
        assertThat(other.ask("CALL search news -")).isEqualTo("cached search news for - #1");
        assertThat(other.ask("CALL spell nwes -")).isEqualTo("loaded spell nwes for - #2");
        assertThat(other.ask("ENTRIES search")).isEqualTo("1"); // in its own store now

        cache.invalidate("search");

        awaitUntil("the other JVM dropped its entry of search",
                () -> other.ask("ENTRIES search").equals("0"));
        assertThat(other.ask("ENTRIES spell")).isEqualTo("1"); // another operation stays
        assertThat(other.ask("CALL search news -")).isEqualTo("loaded search news for - #3");
        assertThat(call("search", "news", "-")).isEqualTo("search news for - #3");

        // and the other way round: this JVM's own store has #3
        other.ask("INVALIDATE search");

        awaitUntil("this JVM dropped its entry of search",
                () -> cache.stats("search").entryCount() == 0);
        assertThat(call("search", "news", "-")).isEqualTo("search news for - #4");
        assertThat(other.ask("CALL search news -")).isEqualTo("cached search news for - #4");

        assertThat(backend.calls()).hasValue(4);
        assertThat(tier.stats().invalidationsReceived()).isEqualTo(1);
    }

    @Test
    void concurrentMissesInBothJvmsCallTheBackEndOnce() throws Exception {
        int threads = 20;
        backend.closeGate(); // the first request waits: every miss in both JVMs overlaps it
        assertThat(other.ask("STORM search storm " + threads)).isEqualTo("");
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch started = new CountDownLatch(threads);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                results.add(pool.submit(() -> {
                    started.countDown();
                    go.await();
                    return call("search", "storm", "-");
                }));
            }
            assertThat(started.await(ANSWER.toSeconds(), TimeUnit.SECONDS)).isTrue();
            other.send("GO");
            go.countDown();

            // one JVM holds the lease and its request waits in the back-end; the other JVM's
            // miss has found the lease taken and waits for the entry: only then does the
            // back-end answer, so the lease is what kept the other JVM's miss away from it
            AtomicReference<String> seen = new AtomicReference<>();
            awaitUntil(() -> "one JVM has the lease, the other waits for it; seen: " + seen, () -> {
                Counts o = other.stats();
                RedisTierStats t = tier.stats();
                seen.set("back-end calls " + backend.calls() + ", this JVM's leases "
                        + t.leasesAcquired() + " and lease waits " + t.leaseWaits()
                        + ", the other's " + o);
                return backend.calls().get() == 1
                        && t.leasesAcquired() + o.leases() == 1
                        && t.leaseWaits() + o.waits() == 1
                        && t.leasesAcquired() + t.leaseWaits() == 1;
            });
            backend.openGate();

            TreeSet<String> values = new TreeSet<>();
            for (Future<String> f : results) {
                values.add(f.get(ANSWER.toSeconds(), TimeUnit.SECONDS));
            }
            assertThat(values).containsExactly("search storm for - #1");
            assertThat(other.await("STORM", ANSWER))
                    .isEqualTo(threads + " search storm for - #1");
        } finally {
            backend.openGate();
            pool.shutdownNow();
            pool.awaitTermination(ANSWER.toSeconds(), TimeUnit.SECONDS);
        }

        assertThat(backend.calls()).hasValue(1);
        assertThat(tier.stats().leasesAcquired() + other.stats().leases()).isEqualTo(1);
    }

    @Test
    void identityPartitionsHoldAcrossJvms() throws Exception {
        assertThat(call("search", "mail", "alice")).isEqualTo("search mail for alice #1");
        assertThat(other.ask("CALL search mail bob")).isEqualTo("loaded search mail for bob #2");
        assertThat(other.ask("CALL search mail alice"))
                .isEqualTo("cached search mail for alice #1");
        assertThat(call("search", "mail", "bob")).isEqualTo("search mail for bob #2");
        assertThat(other.ask("CALL search mail -")).isEqualTo("loaded search mail for - #3");

        assertThat(backend.calls()).hasValue(3);
        assertThat(loads).hasValue(1);
    }

    private static void awaitUntil(String what, BooleanSupplier condition) {
        awaitUntil(() -> what, condition);
    }

    /**
     * Waits until {@code condition} holds, for {@link #ANSWER} at most ({@link Waits}:
     * milliseconds when all is well); a failure tells {@code what} and the other JVM's log.
     */
    private static void awaitUntil(Supplier<String> what, BooleanSupplier condition) {
        try {
            Waits.until("the condition", condition, ANSWER);
        } catch (AssertionError e) {
            throw new AssertionError("not within " + ANSWER.toSeconds() + " s: " + what.get()
                    + "; the other JVM's log:\n" + other.log(), e);
        }
    }

    /**
     * The back-end of both JVMs: answers {@code GET /?ns=&op=&q=&user=} with
     * {@code "op q for user #n"}, n counting every request of the current test's namespace
     * that reached it (a late request of an earlier test is answered, not counted). With the
     * gate closed, requests wait until it opens (counted on arrival).
     */
    private static final class Backend implements AutoCloseable {
        private final TestOrigin origin = TestOrigin.start();
        private final AtomicInteger calls = new AtomicInteger();
        private volatile String namespace = "";
        private volatile Gate gate = Gate.open();

        Backend() {
            origin.handleAll(request -> {
                Map<String, String> q = new HashMap<>();
                for (String pair : request.query().split("&")) {
                    String[] kv = pair.split("=", 2);
                    q.put(kv[0], URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
                }
                int n = q.get("ns").equals(namespace) ? calls.incrementAndGet() : -1;
                try {
                    gate.pass();
                } catch (IllegalStateException e) {
                    return TestOrigin.Response.of(503, "held too long");
                }
                return TestOrigin.Response.of(200, q.get("op") + " " + q.get("q") + " for "
                        + q.get("user") + " #" + n);
            });
        }

        URI uri() {
            return URI.create(origin.base() + "/");
        }

        AtomicInteger calls() {
            return calls;
        }

        void reset(String ns) {
            namespace = ns;
            calls.set(0);
            openGate();
        }

        void closeGate() {
            if (gate.isOpen()) {
                gate = new Gate(Duration.ofSeconds(60));
            }
        }

        void openGate() {
            gate.release();
        }

        @Override
        public void close() {
            openGate();
            origin.close();
        }
    }

    /** The other JVM's lease and L2 counters. */
    private record Counts(long leases, long waits, long hits) {
    }

    /** The second JVM, a {@link TwoJvmNode} ({@link NodeProcess}), and its commands. */
    private static final class OtherJvm implements AutoCloseable {
        private final NodeProcess node;

        private OtherJvm(NodeProcess node) {
            this.node = node;
        }

        static OtherJvm start(String redisUri, URI backend) {
            return new OtherJvm(NodeProcess.start(TwoJvmNode.class, redisUri,
                    backend.toString()));
        }

        void forgetAnswers() {
            node.forgetAnswers();
        }

        boolean isAlive() {
            return node.isAlive();
        }

        void send(String command) {
            node.send(command);
        }

        /** Sends a command and returns its answer (without the command's name). */
        String ask(String command) {
            return ask(command, ANSWER);
        }

        String ask(String command, Duration timeout) {
            String name = command.split(" ", 2)[0];
            node.send(command);
            return node.await(name.equals("STORM") ? "READY" : name, timeout);
        }

        String await(String name, Duration timeout) {
            return node.await(name, timeout);
        }

        String log() {
            return node.log();
        }

        Counts stats() {
            String[] w = ask("STATS").split(" ");
            return new Counts(Long.parseLong(w[0]), Long.parseLong(w[1]), Long.parseLong(w[2]));
        }

        @Override
        public void close() {
            node.close();
        }
    }
}
