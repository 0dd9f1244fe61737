package io.github.wscache.http;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.SharedBody;
import io.github.wscache.http.HttpFarmNode.Answer;
import io.github.wscache.jsonws.JsonService;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.redis.RedisTier;
import io.github.wscache.redis.TierEntries;
import io.github.wscache.redis.internal.ValueCodec;
import io.github.wscache.testkit.RedisServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * cache-http on a farm: two JVMs, each with its own {@link CachingHttpClient}, cache and
 * {@link RedisTier}, on one real {@code redis-server}, in front of one JSON service on Tomcat that
 * counts the requests reaching it. Every value representation and body handler shares its entries
 * through the tier; another user never gets the first user's answer; an entry under the key that
 * is not cache-http's (another integration's, another version's, a damaged one) is a counted
 * miss, never an exception in the caller's call.
 */
class HttpFarmTest {
    /** The Cache-Status of a hit the farm's shared tier answered (its typed reason's detail). */
    private static final String FROM_TIER = "wscache; hit; detail=\"from the shared tier\"";
    private static final long ANSWER_SECONDS = 60;
    private static final AtomicInteger NAMESPACES = new AtomicInteger();
    private static final AtomicInteger ITEMS = new AtomicInteger(1000);

    private static RedisServer redis;
    private static JsonService service;
    private static URI api;
    private static HttpClient network;
    private static final Duration ANSWER = Duration.ofSeconds(ANSWER_SECONDS);
    private static NodeProcess other;

    private String namespace;

    @BeforeAll
    static void start() throws IOException {
        redis = RedisServer.start();
        service = new JsonService();
        api = service.uri("");
        network = HttpClient.newHttpClient();
        other = NodeProcess.start(HttpFarmNode.class, redis.uri(), api.toString());
    }

    @AfterAll
    static void stop() {
        try {
            other.close();
        } finally {
            service.close();
            redis.close();
        }
    }

    @BeforeEach
    void newNamespace() {
        namespace = "httpfarm" + NAMESPACES.incrementAndGet();
    }

    private CachingHttpClient client(String value) {
        return HttpFarmNode.client(HttpFarmNode.tier(redis.uri(), namespace), api, value,
                network);
    }

    private static String item() {
        return "items/" + ITEMS.incrementAndGet();
    }

    @ParameterizedTest(name = "value: {0}, handler: {1}")
    @CsvSource({"xml, string", "xml, json", "events, string", "events, json", "auto, string",
            "auto, json", "reflection, json"})
    void anAnswerLoadedInOneJvm_isAnL2HitInTheOther_bothWays(String value, String handler)
            throws Exception {
        other.ask("OPEN " + namespace + " " + value, ANSWER);
        CachingHttpClient here = client(value);
        try {
            String first = item();
            Answer loaded = Answer.parse(other.ask("GET " + first + " - " + handler, ANSWER));
            assertThat(loaded.cacheStatus()).startsWith("wscache; fwd=miss").endsWith("stored");
            Answer shared = HttpFarmNode.get(here, api, first, "-", handler);
            assertThat(shared.cacheStatus()).isEqualTo(FROM_TIER);
            assertThat(shared.body()).isEqualTo(loaded.body()).contains("item " + first
                    .substring(6));
            assertThat(service.count(first)).as("back-end calls for one farm").isEqualTo(1);

            String second = item();
            Answer here1 = HttpFarmNode.get(here, api, second, "-", handler);
            Answer there = Answer.parse(other.ask("GET " + second + " - " + handler, ANSWER));
            assertThat(there.cacheStatus()).isEqualTo(FROM_TIER);
            assertThat(there.body()).isEqualTo(here1.body());
            assertThat(service.count(second)).isEqualTo(1);
            assertThat(here.cache().stats().errors()).isZero();
        } finally {
            here.cache().close();
        }
    }

    @Test
    void anotherUser_neverGetsTheFirstUsersAnswer_theSameUserGetsItFromTheFarm()
            throws Exception {
        other.ask("OPEN " + namespace + " events", ANSWER);
        CachingHttpClient here = client("events");
        try {
            int before = service.count("me");
            Answer ann = Answer.parse(other.ask("GET me ann string", ANSWER));
            Answer bob = HttpFarmNode.get(here, api, "me", "bob", "string");
            assertThat(bob.body()).doesNotContain(basic("ann")).contains(basic("bob"));
            assertThat(bob.cacheStatus()).startsWith("wscache; fwd=miss");
            Answer annHere = HttpFarmNode.get(here, api, "me", "ann", "string");
            assertThat(annHere.cacheStatus()).isEqualTo(FROM_TIER);
            assertThat(annHere.body()).isEqualTo(ann.body()).contains(basic("ann"));
            Answer anonymous = HttpFarmNode.get(here, api, "me", "-", "string");
            assertThat(anonymous.body()).doesNotContain(basic("ann")).doesNotContain(basic("bob"));
            assertThat(service.count("me") - before).isEqualTo(3);
        } finally {
            here.cache().close();
        }
    }

    @Test
    void concurrentMissesInBothJvms_callTheServiceOnce() throws Exception {
        other.ask("OPEN " + namespace + " events", ANSWER);
        RedisTier tier = HttpFarmNode.tier(redis.uri(), namespace);
        CachingHttpClient here = HttpFarmNode.client(tier, api, "events", network);
        String path = "gated/" + ITEMS.incrementAndGet();
        service.holdGated();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            other.send("PAR " + path + " 8 json");
            List<Future<Answer>> mine = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                mine.add(pool.submit(() -> HttpFarmNode.get(here, api, path, "-", "json")));
            }
            // one JVM's leader holds the farm's lease and its request waits in the service; the
            // other JVM's leader waits for the lease: only then may the service answer
            String[] seen = new String[1];
            awaitUntil(() -> "one JVM holds the lease and the other waits; seen " + seen[0],
                    () -> {
                        String[] o = other.ask("STATS", ANSWER).split(" ");
                        long leases = tier.stats().leasesAcquired() + Long.parseLong(o[0]);
                        long waits = tier.stats().leaseWaits() + Long.parseLong(o[1]);
                        seen[0] = "service calls " + service.count(path) + ", leases " + leases
                                + ", lease waits " + waits;
                        return service.count(path) == 1 && leases == 1 && waits == 1;
                    });
            service.releaseGated();
            String theirs = other.await("PAR", ANSWER);
            for (Future<Answer> f : mine) {
                Answer a = f.get(ANSWER_SECONDS, TimeUnit.SECONDS);
                assertThat(a.status()).isEqualTo(200);
                assertThat(a.body()).isEqualTo(theirs).contains(path);
            }
            assertThat(service.count(path)).as("service calls for 16 callers on 2 JVMs")
                    .isEqualTo(1);
        } finally {
            service.releaseGated();
            pool.shutdownNow();
            here.cache().close();
        }
    }

    /** Waits until {@code done} holds, checking every 20 ms, at most a minute. */
    private static void awaitUntil(java.util.function.Supplier<String> what,
            java.util.concurrent.Callable<Boolean> done) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ANSWER_SECONDS);
        while (!done.call()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not reached in time: " + what.get());
            }
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }

    private static String basic(String user) {
        return java.util.Base64.getEncoder().encodeToString((user + ":pw")
                .getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"another integration's XML", "another integration's form",
            "another version of cache-http's form", "another entry format version",
            "a damaged entry", "not an entry at all"})
    void anEntryThatIsNotCacheHttps_isACountedMiss_neverAnExceptionInTheCall(String what)
            throws Exception {
        String path = item();
        CachingHttpClient writer = client("events");
        Answer original;
        try {
            original = HttpFarmNode.get(writer, api, path, "-", "json");
        } finally {
            writer.cache().close();
        }
        assertThat(service.count(path)).isEqualTo(1);
        replaceTheEntry(what);

        RedisTier tier = HttpFarmNode.tier(redis.uri(), namespace);
        CachingHttpClient reader = HttpFarmNode.client(tier, api, "events", network);
        try {
            Answer answer = HttpFarmNode.get(reader, api, path, "-", "json");
            assertThat(answer.status()).isEqualTo(200);
            assertThat(answer.body()).isEqualTo(original.body());
            assertThat(answer.cacheStatus()).startsWith("wscache; fwd=miss");
            assertThat(service.count(path)).as("the entry was a miss").isEqualTo(2);
            assertThat(reader.cache().stats().errors() + tier.stats().rejected())
                    .as("counted").isPositive();
        } finally {
            reader.cache().close();
        }
        // the answer that went to the service replaced the entry for the farm
        CachingHttpClient third = client("events");
        try {
            assertThat(HttpFarmNode.get(third, api, path, "-", "json").cacheStatus())
                    .isEqualTo(FROM_TIER);
            assertThat(service.count(path)).isEqualTo(2);
        } finally {
            third.cache().close();
        }
    }

    /** Replaces the namespace's one entry in Redis, keeping its time to live. */
    private void replaceTheEntry(String what) throws Exception {
        TierEntries.Entry found = TierEntries.onlyEntry(redis.port(), namespace);
        byte[] key = found.key();
        byte[] entry = found.bytes();
        ValueCodec codec = new ValueCodec(null, ValueCodec.DEFAULT_ALLOWED, List.of());
        byte[] replaced = switch (what) {
            case "another integration's XML" -> codec.encode(key, CachedResponse.builder(
                    "<r>xml</r>".getBytes(StandardCharsets.UTF_8)).status(200)
                    .contentType("text/xml").build(), true, 60_000, 60_000);
            case "another integration's form" -> codec.encode(key, CachedResponse.builder(
                    new SharedBody("jaxws-events", 1, new byte[] {1, 2, 3})).status(200)
                    .build(), true, 60_000, 60_000);
            case "another version of cache-http's form" -> codec.encode(key,
                    CachedResponse.builder(new SharedBody(CachingHttpClient.SHARED_FORM,
                            CachingHttpClient.SHARED_VERSION + 1, "{}".getBytes(
                                    StandardCharsets.UTF_8))).status(200).build(), true,
                    60_000, 60_000);
            case "another entry format version" -> {
                byte[] b = entry.clone();
                b[2] = 99;
                yield b;
            }
            case "a damaged entry" -> Arrays.copyOf(entry, entry.length / 2);
            default -> "GARBAGE".getBytes(StandardCharsets.UTF_8);
        };
        TierEntries.replace(redis.port(), key, replaced);
    }
}
