package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.testkit.Gate;
import io.github.wscache.testkit.RedisServer;
import io.github.wscache.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.util.SafeEncoder;

/**
 * The set-up of the tests of caches that share a Redis: the caches of a test ("nodes", each
 * with its own store) on a policy and a {@link RedisTier}, kept in {@link #caches} and
 * {@link #tiers} in the order they were built and closed after the test; a service that counts
 * its calls in {@link #serviceCalls}; the policies the tests share; and a throw-away
 * {@code redis-server} with a raw client ({@link LocalRedis}), started for a test class or for
 * each test.
 */
abstract class RedisFixture {
    /** A policy that keeps Search's {@code search} an hour. */
    static final String SEARCH = """
            operations:
              - service: Search
                operation: search
                ttl: 1h
            """;
    /** {@link #SEARCH} and Search's {@code spell}, kept an hour too. */
    static final String SEARCH_AND_SPELL = SEARCH + """
              - service: Search
                operation: spell
                ttl: 1h
            """;

    final List<ResponseCache> caches = new ArrayList<>();
    final List<RedisTier> tiers = new ArrayList<>();
    final AtomicInteger serviceCalls = new AtomicInteger();

    @AfterEach
    void closeCaches() {
        caches.forEach(ResponseCache::close);
    }

    /** Reads {@code yaml} as the policy file {@code wscache.yaml}. */
    static Policy policy(String yaml) {
        return Policy.parse(yaml, "wscache.yaml");
    }

    /** A node: a cache with its own store on {@code policy}, sharing through {@code tier}. */
    ResponseCache node(Policy policy, RedisTier.Builder tier) {
        RedisTier t = tier.build();
        ResponseCache c = ResponseCache.builder().policy(policy).sharedTier(t).build();
        tiers.add(t);
        caches.add(c);
        return c;
    }

    /**
     * A node whose own store keeps time by {@code clock} (a test's {@code ManualClock}); its
     * entries' lifetimes in Redis are Redis's.
     */
    ResponseCache node(Policy policy, RedisTier.Builder tier, InstantSource clock) {
        RedisTier t = tier.build();
        ResponseCache c = ResponseCache.builder().policy(policy).sharedTier(t).clock(clock)
                .build();
        tiers.add(t);
        caches.add(c);
        return c;
    }

    /** A node with the shared tier, if any, that {@code policy} names (the cache owns it). */
    ResponseCache node(Policy policy) {
        ResponseCache c = ResponseCache.builder().policy(policy).build();
        caches.add(c);
        return c;
    }

    /** A call of {@code Search.search(q)}. */
    static Invocation search(String q) {
        return Invocation.builder("search").service("Search").parameter("q", q).build();
    }

    /** The service: counts the call and answers {@code "results for " + q}. */
    String service(String q) {
        serviceCalls.incrementAndGet();
        return "results for " + q;
    }

    /**
     * Calls {@code search(q)} from {@code threads} threads over {@code nodes} (round robin), all
     * missing at once, and returns their answers. The service holds the one call that reaches it
     * at a {@link Gate} until every other caller is seen waiting: each other node's first caller
     * for the lease ({@code leaseWaits}, one per node), every other caller in cache-core's single
     * flight. The tiers' leases must outlast the wait (a generous {@code leaseTime} and
     * {@code leaseWait}).
     */
    List<String> stampede(List<ResponseCache> nodes, int threads, String q) throws Exception {
        Gate held = new Gate();
        List<Thread> callers = new CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "stampede-" + callers.size());
            callers.add(t);
            return t;
        });
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                ResponseCache c = nodes.get(i % nodes.size());
                results.add(pool.submit(() -> c.call(search(q), () -> {
                    held.pass();
                    return service(q);
                })));
            }
            held.awaitEntered(1);
            int others = nodes.size() - 1;
            Waits.until(others + " other nodes wait for the lease", () -> tiers.stream()
                    .mapToLong(t -> t.stats().leaseWaits()).sum() == others);
            Waits.untilParkedIn(callers, threads - nodes.size(), "SingleFlight$Flight", "await");
            held.release();
            List<String> answers = new ArrayList<>();
            for (Future<String> f : results) {
                answers.add(f.get(30, TimeUnit.SECONDS));
            }
            return answers;
        } finally {
            held.release();
            pool.shutdownNow();
        }
    }

    /** Calls each cache's {@code operation} of Search once with a key of its own. */
    static void warmUp(String operation, ResponseCache... caches) {
        for (ResponseCache c : caches) {
            c.call(Invocation.builder(operation).service("Search")
                    .parameter("q", "warm-up " + System.identityHashCode(c)).build(),
                    () -> "warm");
        }
    }

    /**
     * A {@link RedisServer} on loopback with a raw client on it, for a test class (a static
     * {@code @RegisterExtension} field, {@link #perClass}) or for each test (an instance field,
     * {@link #perTest}); stopped, and emptied after each test if asked, once the test's caches
     * are closed (JUnit runs an extension's after-callbacks after the {@code @AfterEach}
     * methods).
     */
    static final class LocalRedis implements BeforeAllCallback, AfterAllCallback,
            BeforeEachCallback, AfterEachCallback {
        private final boolean perTest;
        private final boolean flush;
        private RedisServer server;
        private JedisPooled raw;

        private LocalRedis(boolean perTest, boolean flush) {
            this.perTest = perTest;
            this.flush = flush;
        }

        /** A server started before the class's first test and stopped after its last. */
        static LocalRedis perClass() {
            return new LocalRedis(false, false);
        }

        /** A server started before each test and stopped after it. */
        static LocalRedis perTest() {
            return new LocalRedis(true, false);
        }

        /** This server, emptied ({@code FLUSHALL}) after each test's caches are closed. */
        LocalRedis flushedAfterEachTest() {
            return new LocalRedis(perTest, true);
        }

        @Override
        public void beforeAll(ExtensionContext context) {
            if (!perTest) {
                start();
            }
        }

        @Override
        public void beforeEach(ExtensionContext context) {
            if (perTest) {
                start();
            }
        }

        @Override
        public void afterEach(ExtensionContext context) {
            if (flush) {
                raw.flushAll();
            }
            if (perTest) {
                stop();
            }
        }

        @Override
        public void afterAll(ExtensionContext context) {
            if (!perTest) {
                stop();
            }
        }

        private void start() {
            server = RedisServer.start();
            raw = new JedisPooled("127.0.0.1", server.port());
        }

        private void stop() {
            raw.close();
            server.close();
        }

        String uri() {
            return server.uri();
        }

        int port() {
            return server.port();
        }

        /** A client on the server, beside the tiers': to read, forge and configure. */
        JedisPooled raw() {
            return raw;
        }

        /**
         * Holds every client's writes in Redis ({@code CLIENT PAUSE WRITE}, for a minute at
         * most): each waits there, unanswered, while reads go on; {@link #releaseWrites} lets
         * them run, all before any client's next command. For a test that runs a command of its
         * own between a client's reads and its write.
         */
        void holdWrites() {
            raw.sendCommand(Protocol.Command.CLIENT, "PAUSE", "60000", "WRITE");
        }

        /** Lets the writes {@link #holdWrites} held run ({@code CLIENT UNPAUSE}). */
        void releaseWrites() {
            raw.sendCommand(Protocol.Command.CLIENT, "UNPAUSE");
        }

        /** Returns how many clients wait in Redis with a {@code command} held. */
        long held(String command) {
            String clients = SafeEncoder.encode((byte[]) raw.sendCommand(Protocol.Command.CLIENT,
                    "LIST"));
            return clients.lines().filter(c -> c.contains(" flags=b ")
                    && c.contains(" cmd=" + command + " ")).count();
        }

        /** The keys of the entries (not the leases) of Search in {@code namespace}. */
        List<byte[]> entryKeys(String namespace) {
            List<byte[]> keys = new ArrayList<>();
            for (byte[] k : raw.keys((namespace + ":Search/*").getBytes(StandardCharsets.UTF_8))) {
                if (!new String(k, StandardCharsets.UTF_8).endsWith(":lease")) {
                    keys.add(k);
                }
            }
            return keys;
        }

        /** The key of the one entry of Search in {@code namespace}; fails if it is not one. */
        byte[] onlyEntryKey(String namespace) {
            List<byte[]> keys = entryKeys(namespace);
            assertThat(keys).hasSize(1);
            return keys.get(0);
        }
    }
}
