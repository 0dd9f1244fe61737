package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.xml.XmlRecording;
import io.github.wscache.redis.internal.ValueCodec;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Several {@link ResponseCache}s, each with its own store, sharing a real {@code redis-server}
 * on loopback through {@link RedisTier}: entries, invalidations, leases, identity partitions,
 * signed entries and the allow-list, a Redis killed and restarted during a run. The service is
 * a loader that counts its calls; the counts are exact.
 */
class RedisTierTest extends RedisFixture {
    private static final Policy POLICY = policy(SEARCH_AND_SPELL + """
              - service: Search
                operation: brief
                ttl: 2s
              - service: Search
                operation: page
                ttl: 1h
                value: events
            """);
    private static final AtomicInteger NAMESPACES = new AtomicInteger();

    @RegisterExtension
    static final LocalRedis redis = LocalRedis.perClass();

    private String namespace;

    private RedisTier.Builder tier() {
        if (namespace == null) {
            namespace = "test" + NAMESPACES.incrementAndGet();
        }
        // generous timeouts: these tests count service calls exactly, and a loaded CI machine
        // must not turn a slow answer into a miss; the fault test sets its own
        return RedisTier.builder().uri(redis.uri()).namespace(namespace)
                .timeout(Duration.ofMillis(1000));
    }

    private ResponseCache node(RedisTier.Builder b) {
        return node(POLICY, b);
    }

    private List<ResponseCache> nodes(int n) {
        List<ResponseCache> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(node(tier()));
        }
        return list;
    }

    @Test
    void anEntryStoredByOneNodeIsAHitOnTheOthers() {
        List<ResponseCache> n = nodes(3);

        assertThat(n.get(0).call(search("redis"), () -> service("redis")))
                .isEqualTo("results for redis");
        assertThat(n.get(1).call(search("redis"), () -> service("redis")))
                .isEqualTo("results for redis");
        assertThat(n.get(2).call(search("redis"), () -> service("redis")))
                .isEqualTo("results for redis");
        assertThat(n.get(2).call(search("redis"), () -> service("redis")))
                .isEqualTo("results for redis");

        assertThat(serviceCalls).hasValue(1);
        assertThat(tiers.get(0).stats().stores()).isEqualTo(1);
        assertThat(tiers.get(1).stats().hits()).isEqualTo(1);
        assertThat(tiers.get(2).stats().hits()).isEqualTo(1); // the 2nd call: its own store
        assertThat(n.get(2).stats().hits()).isEqualTo(2);
        assertThat(n.get(2).stats().loads()).isZero();
    }

    @Test
    void oneHundredConcurrentMissesOverThreeNodesCallTheServiceOnce() throws Exception {
        List<ResponseCache> n = nodes(3);
        ExecutorService pool = Executors.newFixedThreadPool(100);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                ResponseCache c = n.get(i % 3);
                results.add(pool.submit(() -> {
                    start.await();
                    return c.call(search("stampede"), () -> {
                        Thread.sleep(300); // a slow service: every miss overlaps this call
                        return service("stampede");
                    });
                }));
            }
            start.countDown();
            for (Future<String> f : results) {
                assertThat(f.get(30, TimeUnit.SECONDS)).isEqualTo("results for stampede");
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(serviceCalls).as("service calls; tiers %s; caches %s",
                tiers.stream().map(RedisTier::stats).toList(),
                n.stream().map(ResponseCache::stats).toList()).hasValue(1);
        long leases = tiers.stream().mapToLong(t -> t.stats().leasesAcquired()).sum();
        long waits = tiers.stream().mapToLong(t -> t.stats().leaseWaits()).sum();
        assertThat(leases).isEqualTo(1);
        assertThat(waits).isEqualTo(2); // one local leader per other node
    }

    @Test
    void invalidateOnOneNodeReachesEveryNode() throws Exception {
        List<ResponseCache> n = nodes(3);
        for (ResponseCache c : n) {
            c.call(search("news"), () -> service("news"));
            c.call(spell("nwes"), () -> "news");
        }
        assertThat(serviceCalls).hasValue(1);

        n.get(0).invalidate("search");

        awaitUntil(() -> n.get(1).stats("search").entryCount() == 0
                && n.get(2).stats("search").entryCount() == 0);
        assertThat(n.get(1).stats("spell").entryCount()).isEqualTo(1);
        n.get(1).call(search("news"), () -> service("news"));
        n.get(2).call(search("news"), () -> service("news"));
        assertThat(serviceCalls).hasValue(2); // node 1 loaded again, node 2 hit its entry
        assertThat(tiers.get(1).stats().invalidationsReceived()).isEqualTo(1);
    }

    private static Invocation spell(String phrase) {
        return Invocation.builder("spell").service("Search").parameter("p", phrase).build();
    }

    @Test
    void invalidateAllOnOneNodeReachesEveryNode() throws Exception {
        List<ResponseCache> n = nodes(2);
        n.get(0).call(search("x"), () -> service("x"));
        n.get(1).call(search("x"), () -> service("x"));

        n.get(1).invalidateAll();

        awaitUntil(() -> n.get(0).stats().entryCount() == 0);
        n.get(0).call(search("x"), () -> service("x"));
        assertThat(serviceCalls).hasValue(2);
    }

    @Test
    void aSharedHitFillsTheNodesStoreForTheRemainingLifetimeOnly() throws Exception {
        List<ResponseCache> n = nodes(2);
        Invocation brief = Invocation.builder("brief").service("Search").parameter("q", "b")
                .build();
        n.get(0).call(brief, () -> service("b")); // ttl 2 s
        Thread.sleep(1200);

        n.get(1).call(brief, () -> service("b")); // from Redis, 0.8 s left
        assertThat(serviceCalls).hasValue(1);
        Thread.sleep(1100);

        // with a full lifetime node 1 would still hold it; it expired with the farm's entry
        n.get(1).call(brief, () -> service("b"));
        assertThat(serviceCalls).hasValue(2);
    }

    @Test
    void identityPartitionsHoldAcrossNodes() {
        List<ResponseCache> n = nodes(2);
        Invocation alice = Invocation.builder("search").service("Search").parameter("q", "mail")
                .authorization("Basic YWxpY2U6c2VjcmV0").build();
        Invocation bob = Invocation.builder("search").service("Search").parameter("q", "mail")
                .authorization("Basic Ym9iOnNlY3JldA==").build();

        assertThat(n.get(0).call(alice, () -> "alice's mail")).isEqualTo("alice's mail");
        assertThat(n.get(1).call(bob, () -> "bob's mail")).isEqualTo("bob's mail");
        assertThat(n.get(1).call(alice, () -> "loaded again")).isEqualTo("alice's mail");
        assertThat(n.get(0).call(bob, () -> "loaded again")).isEqualTo("bob's mail");
        assertThat(n.get(0).call(search("mail"), () -> "anonymous")).isEqualTo("anonymous");
    }

    @Test
    void signedMode_aTamperedEntryIsRejectedAndTheServiceCalled() {
        byte[] key = "a farm key of 32 bytes, not this".getBytes(StandardCharsets.UTF_8);
        ResponseCache a = node(tier().signingKey(key));
        ResponseCache b = node(tier().signingKey(key));
        a.call(search("signed"), () -> service("signed"));
        byte[] entryKey = redis.onlyEntryKey(namespace);
        byte[] entry = redis.raw().get(entryKey);
        byte[] forged = new String(entry, StandardCharsets.ISO_8859_1)
                .replace("results for signed", "results forged!!!")
                .getBytes(StandardCharsets.ISO_8859_1);
        assertThat(forged).isNotEqualTo(entry);
        redis.raw().set(entryKey, forged);

        assertThat(b.call(search("signed"), () -> service("signed")))
                .isEqualTo("results for signed");

        assertThat(serviceCalls).hasValue(2);
        assertThat(tiers.get(1).stats().rejected()).isEqualTo(1);
        assertThat(tiers.get(1).stats().hits()).isZero();
    }

    @Test
    void signedMode_anEntryMovedToAnotherKeyIsRejected() {
        byte[] key = "a farm key of 32 bytes, not this".getBytes(StandardCharsets.UTF_8);
        ResponseCache a = node(tier().signingKey(key));
        ResponseCache b = node(tier().signingKey(key));
        a.call(search("one"), () -> service("one"));
        byte[] oneKey = redis.onlyEntryKey(namespace);
        a.call(search("two"), () -> service("two"));
        for (byte[] k : redis.entryKeys(namespace)) {
            if (!java.util.Arrays.equals(k, oneKey)) {
                // "two" now holds the signed entry of "one"
                redis.raw().set(k, redis.raw().get(oneKey));
            }
        }

        assertThat(b.call(search("two"), () -> service("two"))).isEqualTo("results for two");
        assertThat(tiers.get(1).stats().rejected()).isEqualTo(1);
    }

    /** Sets a flag when Java serialization instantiates it: it must never happen. */
    static final class Gadget implements Serializable {
        private static final long serialVersionUID = 1L;
        static final AtomicBoolean READ = new AtomicBoolean();

        private void readObject(ObjectInputStream in) throws IOException,
                ClassNotFoundException {
            in.defaultReadObject();
            READ.set(true);
        }
    }

    @Test
    void aForeignEntryOfAClassOutsideTheAllowListIsNeverDeserialized() throws Exception {
        ResponseCache a = node(tier());
        ResponseCache b = node(tier());
        a.call(search("foreign"), () -> service("foreign"));
        byte[] entryKey = redis.onlyEntryKey(namespace);
        ValueCodec permissive = new ValueCodec(null, List.of("io.github.wscache.redis.*"),
                List.of());
        redis.raw().set(entryKey, permissive.encode(entryKey, new Gadget(), false, 3_600_000,
                3_600_000));

        assertThat(b.call(search("foreign"), () -> service("foreign")))
                .isEqualTo("results for foreign");

        assertThat(Gadget.READ).isFalse();
        assertThat(tiers.get(1).stats().rejected()).isEqualTo(1);
        assertThat(serviceCalls).hasValue(2);
    }

    /** An application result type. */
    record Result(String query, List<String> titles) implements Serializable {
    }

    @Test
    void objectsOfClassesOutsideTheAllowListStayInTheirNode() throws Exception {
        ResponseCache a = node(tier());
        ResponseCache b = node(tier());
        Callable<Result> load = () -> {
            serviceCalls.incrementAndGet();
            return new Result("q", List.of("one", "two"));
        };

        a.call(search("typed"), load::call);
        Result r = b.call(search("typed"), load::call);

        assertThat(r).isEqualTo(new Result("q", List.of("one", "two")));
        assertThat(serviceCalls).hasValue(2);
        assertThat(tiers.get(0).stats().notShareable()).isEqualTo(1);
    }

    @Test
    void objectsOfAllowedClassesAreSharedAndEachCallerGetsItsOwnCopy() {
        ResponseCache a = node(tier().allowClasses("io.github.wscache.redis.*"));
        ResponseCache b = node(tier().allowClasses("io.github.wscache.redis.*"));
        List<String> titles = new ArrayList<>(List.of("one", "two"));

        a.call(search("typed"), () -> {
            serviceCalls.incrementAndGet();
            return new Result("q", titles);
        });
        Result first = b.call(search("typed"), () -> new Result("wrong", List.of()));
        first.titles().add("changed by a caller");
        Result second = b.call(search("typed"), () -> new Result("wrong", List.of()));

        assertThat(serviceCalls).hasValue(1);
        assertThat(second).isEqualTo(new Result("q", List.of("one", "two")));
        assertThat(tiers.get(1).stats().hits()).isEqualTo(1);
    }

    @Test
    void messageLevelRecordingsAreSharedInTheirByteForm() throws Exception {
        List<ResponseCache> n = nodes(2);
        byte[] xml = ("<soap:Envelope xmlns:soap='http://schemas.xmlsoap.org/soap/envelope/'>"
                + "<soap:Body><r:page xmlns:r='urn:r'>caf\u00e9 &amp; more</r:page></soap:Body>"
                + "</soap:Envelope>").getBytes(StandardCharsets.UTF_8);
        XmlRecording recording = XmlRecording.parse(xml);
        Invocation page = Invocation.builder("page").service("Search").parameter("u", "/x")
                .build();

        n.get(0).exchange(page, stale -> {
            serviceCalls.incrementAndGet();
            return CachedResponse.builder(recording).contentType("text/xml")
                    .header("ETag", "\"v1\"").build();
        });
        CachedResponse got = n.get(1).exchange(page, stale -> {
            throw new AssertionError("the service was called");
        });

        assertThat(serviceCalls).hasValue(1);
        assertThat(got.body()).isInstanceOf(XmlRecording.class);
        assertThat(((XmlRecording) got.body()).toBytes()).isEqualTo(recording.toBytes());
        assertThat(got.header("ETag")).contains("\"v1\"");
        assertThat(got.contentType()).isEqualTo("text/xml");
        Optional<CachedResponse> fresh = n.get(1).getIfFresh(page);
        assertThat(fresh).isPresent();
    }

    @Test
    void redisKilledAndRestartedDuringARunLosesNoCall() throws Exception {
        RedisServer own = RedisServer.start();
        try {
            List<ResponseCache> n = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                n.add(node(RedisTier.builder().uri(own.uri()).namespace("faults")
                        .timeout(Duration.ofMillis(50))
                        .circuitBreaker(3, Duration.ofMillis(200))));
            }
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicInteger calls = new AtomicInteger();
            ExecutorService pool = Executors.newFixedThreadPool(6);
            List<Future<Integer>> workers = new ArrayList<>();
            for (int w = 0; w < 6; w++) {
                ResponseCache c = n.get(w % 3);
                int seed = w;
                workers.add(pool.submit(() -> {
                    int wrong = 0;
                    for (int i = seed; running.get(); i++) {
                        String q = "q" + (i % 50);
                        String r = c.call(search(q), () -> "results for " + q);
                        wrong += r.equals("results for " + q) ? 0 : 1;
                        calls.incrementAndGet();
                        if (i % 10 == 0) {
                            c.invalidate("spell");
                        }
                    }
                    return wrong;
                }));
            }
            Thread.sleep(500);
            own.kill();
            Thread.sleep(1000);
            own.restart();
            Thread.sleep(1500);
            running.set(false);
            for (Future<Integer> f : workers) {
                assertThat(f.get(10, TimeUnit.SECONDS)).isZero(); // no exception, no wrong value
            }
            pool.shutdownNow();
            long errors = tiers.stream().mapToLong(t -> t.stats().errors()).sum();
            assertThat(errors).isPositive();
            assertThat(calls.get()).isGreaterThan(100);

            // after the restart the farm shares again
            n.get(0).call(search("after"), () -> service("after"));
            n.get(1).call(search("after"), () -> service("after"));
            assertThat(serviceCalls).hasValue(1);
        } finally {
            own.close();
        }
    }

    @Test
    void aRedisThatIsDownMakesATierThatAnswersMisses() throws Exception {
        RedisServer gone = RedisServer.start();
        String uri = gone.uri();
        gone.close();
        ResponseCache c = node(RedisTier.builder().uri(uri).timeout(Duration.ofMillis(50)));

        for (int i = 0; i < 5; i++) {
            assertThat(c.call(search("down"), () -> service("down")))
                    .isEqualTo("results for down");
        }

        assertThat(serviceCalls).hasValue(1); // the node's own store still works
        assertThat(tiers.get(0).stats().errors() + tiers.get(0).stats().skipped())
                .isPositive();
        assertThat(c.stats().errors()).isZero(); // a tier failure is a miss, not a cache error
    }
}
