package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.xml.XmlRecording;
import io.github.wscache.redis.internal.ValueCodec;
import io.github.wscache.testkit.ManualClock;
import io.github.wscache.testkit.RedisServer;
import io.github.wscache.testkit.Waits;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
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
        List<ResponseCache> n = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            // the service is held until all 100 callers wait: the lease must outlast that
            n.add(node(tier().leaseTime(Duration.ofMinutes(2)).leaseWait(Duration.ofMinutes(1))));
        }

        // the one call that reaches the service is held until every other miss overlaps it
        assertThat(stampede(n, 100, "stampede")).hasSize(100)
                .containsOnly("results for stampede");

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

        Waits.until("nodes 1 and 2 dropped their entries of search", () ->
                n.get(1).stats("search").entryCount() == 0
                        && n.get(2).stats("search").entryCount() == 0);
        assertThat(n.get(1).stats("spell").entryCount()).isEqualTo(1);
        n.get(1).call(search("news"), () -> service("news"));
        n.get(2).call(search("news"), () -> service("news"));
        assertThat(serviceCalls).hasValue(2); // node 1 loaded again, node 2 hit its entry
        assertThat(tiers.get(1).stats().invalidationsReceived()).isEqualTo(1);
    }

    @Test
    void invalidatingAnEndpointOnOneNode_dropsThatEndpointsEntriesOnly_onEveryNode()
            throws Exception {
        String cart = "http://shop/cart";
        String item = "http://shop/items/7";
        assertThat(KeyLayout.bucket(cart)).as("two buckets").isNotEqualTo(KeyLayout.bucket(item));
        List<ResponseCache> n = nodes(3);
        for (ResponseCache c : n) {
            c.call(at(cart), () -> service("cart"));
            c.call(at(item), () -> service("item"));
        }
        assertThat(serviceCalls).hasValue(2);

        n.get(0).invalidate("search", cart);

        Waits.until("nodes 1 and 2 dropped the cart's entry", () ->
                n.get(1).stats("search").entryCount() == 1
                        && n.get(2).stats("search").entryCount() == 1);
        assertThat(tiers.get(1).stats().invalidationsReceived()).isEqualTo(1);
        n.get(1).call(at(item), () -> service("item"));
        assertThat(serviceCalls).as("the item's entry stayed on node 1").hasValue(2);
        n.get(1).call(at(cart), () -> service("cart"));
        n.get(2).call(at(cart), () -> service("cart"));
        assertThat(serviceCalls).as("the cart loaded once for the farm").hasValue(3);
        ResponseCache newcomer = node(tier());
        newcomer.call(at(item), () -> service("item"));
        assertThat(serviceCalls).as("the item's entry stayed in Redis").hasValue(3);
        assertThat(newcomer.stats().hits()).isEqualTo(1);
    }

    private static Invocation at(String endpoint) {
        return Invocation.builder("search").service("Search").endpoint(endpoint)
                .parameter("q", "x").build();
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

        Waits.until("node 0 dropped its entries", () -> n.get(0).stats().entryCount() == 0);
        n.get(0).call(search("x"), () -> service("x"));
        assertThat(serviceCalls).hasValue(2);
    }

    @Test
    void aSharedHitFillsTheNodesStoreForTheRemainingLifetimeOnly() throws Exception {
        // each node's own store keeps time by its clock; the entry's time left in Redis is what
        // Redis says (PTTL), so the test ages the entry there instead of waiting
        ManualClock clock0 = new ManualClock();
        ManualClock clock1 = new ManualClock();
        ResponseCache n0 = node(POLICY, tier(), clock0);
        ResponseCache n1 = node(POLICY, tier(), clock1);
        Invocation brief = Invocation.builder("brief").service("Search").parameter("q", "b")
                .build();
        n0.call(brief, () -> service("b")); // ttl 2 s
        byte[] entryKey = redis.onlyEntryKey(namespace);
        assertThat(redis.raw().pttl(entryKey)).isBetween(1L, 2000L);
        // 1.2 s of the entry's 2 s gone in Redis: 0.8 s left
        assertThat(redis.raw().pexpire(entryKey, 800)).isEqualTo(1);

        n1.call(brief, () -> service("b")); // from Redis, at most 0.8 s left
        assertThat(serviceCalls).hasValue(1);
        assertThat(tiers.get(1).stats().hits()).isEqualTo(1);
        n1.call(brief, () -> service("b")); // now in node 1's own store
        assertThat(tiers.get(1).stats().hits()).isEqualTo(1);
        // the farm's entry expires in Redis (its 0.8 s are up) while node 1's clock moves on
        assertThat(redis.raw().del(entryKey)).isEqualTo(1);
        clock1.advance(Duration.ofMillis(1100));

        // with a full lifetime node 1 would still hold it; it expired with the farm's entry
        n1.call(brief, () -> service("b"));
        assertThat(serviceCalls).hasValue(2);
        assertThat(n1.stats().hits()).isEqualTo(2); // the shared hit, then its own store once
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

    @Test
    void anEntryKeyHoldingAnotherRedisTypeIsACountedMissNotTheCallersError() {
        ResponseCache a = node(tier());
        ResponseCache b = node(tier());
        a.call(search("typed"), () -> service("typed"));
        byte[] entryKey = redis.onlyEntryKey(namespace);
        redis.raw().del(entryKey);
        redis.raw().hset(entryKey, "field".getBytes(StandardCharsets.UTF_8),
                "value".getBytes(StandardCharsets.UTF_8));

        assertThat(b.call(search("typed"), () -> service("typed")))
                .isEqualTo("results for typed");

        assertThat(tiers.get(1).stats().errors()).isPositive();
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
        try (RedisServer own = RedisServer.start()) {
            List<ResponseCache> n = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                n.add(node(RedisTier.builder().uri(own.uri()).namespace("faults")
                        .timeout(Duration.ofMillis(50))
                        .circuitBreaker(3, Duration.ofMillis(200))));
            }
            // two workers per node over 50 keys, each invalidating spell every 10th call
            AtomicLongArray invalidations = new AtomicLongArray(3);
            try (Workers workers = Workers.start(6, (w, i) -> {
                ResponseCache c = n.get(w % 3);
                String q = "q" + ((w + i) % 50);
                String r = c.call(search(q), () -> "results for " + q);
                if ((w + i) % 10 == 0) {
                    invalidations.incrementAndGet(w % 3);
                    c.invalidate("spell");
                }
                return r.equals("results for " + q);
            })) {
                // each phase lasts until every worker has made 100 calls in it (every key twice
                // at least, 10 invalidations), and what the phase is about has happened
                long up = workers.phase("with Redis up", 100, () -> true);
                own.kill();
                long down = workers.phase("with Redis killed, every tier's breaker opened",
                        100, () -> tiers.stream().allMatch(t -> t.stats().breakerOpens() > 0));
                // nothing reaches Redis while it is down: an invalidation sent from here on is
                // after the restart
                long[] sent = tiers.stream().mapToLong(t -> t.stats().invalidationsSent())
                        .toArray();
                own.restart();
                long back = workers.phase("with Redis back, every tier subscribed again,"
                        + " sending, its breaker closed", 100, () -> {
                            for (int t = 0; t < 3; t++) {
                                RedisTierStats s = tiers.get(t).stats();
                                if (s.resubscriptions() == 0 || s.invalidationsSent() == sent[t]
                                        || tiers.get(t).isBreakerOpen()) {
                                    return false;
                                }
                            }
                            return true;
                        }, () -> "tiers " + tiers.stream().map(t -> t.stats() + " breaker open "
                                + t.isBreakerOpen()).toList());
                assertThat(workers.stop()).as("wrong answers").isZero(); // and no exception

                assertThat(up).as("calls per worker, Redis up")
                        .isGreaterThanOrEqualTo(100);
                assertThat(down).as("calls per worker, Redis down")
                        .isGreaterThanOrEqualTo(100);
                assertThat(back).as("calls per worker, Redis back")
                        .isGreaterThanOrEqualTo(100);
                for (int t = 0; t < 3; t++) {
                    RedisTierStats s = tiers.get(t).stats();
                    long lost = invalidations.get(t) - s.invalidationsSent();
                    // 2 workers x 100 calls with Redis down: 10 invalidations each, the first
                    // of which may have reached Redis before it died
                    assertThat(lost).as("tier %d: invalidations lost; %s", t, s)
                            .isGreaterThanOrEqualTo(18);
                    // each lost invalidation is an error; the breaker opened after 3 failures in
                    // a row, and each later opening took one failure more
                    assertThat(s.errors()).as("tier %d: %s", t, s).isGreaterThanOrEqualTo(lost);
                    assertThat(s.breakerOpens()).as("tier %d: %s", t, s).isPositive();
                    assertThat(s.errors()).as("tier %d: %s", t, s)
                            .isGreaterThanOrEqualTo(2 + s.breakerOpens());
                    // one subscription lost with the server, one made again with it
                    assertThat(s.resubscriptions()).as("tier %d: %s", t, s).isEqualTo(1);
                }
            }

            // after the restart the farm shares again
            n.get(0).call(search("after"), () -> service("after"));
            n.get(1).call(search("after"), () -> service("after"));
            assertThat(serviceCalls).hasValue(1);
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
        // the first call's lookup and store each failed at once (connection refused), counted;
        // the other four were hits in the node's own store and did not ask Redis
        RedisTierStats stats = tiers.get(0).stats();
        assertThat(stats.errors()).as("%s", stats).isEqualTo(2);
        assertThat(stats.skipped()).as("%s", stats).isZero();
        assertThat(c.stats().errors()).isZero(); // a tier failure is a miss, not a cache error
    }
}
