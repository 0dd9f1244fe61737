package io.github.wscache.jaxws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.redis.RedisTier;
import io.github.wscache.redis.TierEntries;
import io.github.wscache.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A farm of two JVMs sharing a Redis tier (Debian's {@code redis-server}), each a JAX-WS client
 * generated from google-ws's WSDL with cache-jaxws's handler installed
 * ({@link JaxWsFarmNode}), in front of google-ws's Axis2 server, which counts the requests that
 * reach it. Runs on CXF and, in this module's {@code metro} execution, on Eclipse Metro (both
 * JVMs: the other one is started with this JVM's class path); composition-tests' matrix runs the
 * CXF column with more cells.
 */
@Timeout(120)
class TwoJvmFarmTest {
    private static final Duration ANSWER = Duration.ofSeconds(60);
    private static final String OPERATION = "doSpellingSuggestion";
    private static final AtomicInteger NAMESPACES = new AtomicInteger();

    static RedisServer redis;
    static GoogleServer server;
    static NodeProcess other;
    private final List<ResponseCache> opened = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        redis = RedisServer.start();
        server = GoogleServer.start(0);
        other = NodeProcess.start(JaxWsFarmNode.class, redis.uri(), server.endpoint());
    }

    @AfterAll
    static void stop() throws Exception {
        other.close();
        server.close();
        redis.close();
    }

    @AfterEach
    void closeCaches() {
        opened.forEach(ResponseCache::close);
        opened.clear();
    }

    private ResponseCache open(String value, RedisTier tier) {
        ResponseCache cache = JaxWsFarmNode.open(tier, value);
        opened.add(cache);
        return cache;
    }

    private static String namespace() {
        return "jaxws-farm-" + NAMESPACES.incrementAndGet();
    }

    private static long calls() {
        return server.requestCount(OPERATION);
    }

    @ParameterizedTest(name = "value: {0}")
    @ValueSource(strings = {"xml", "events"})
    void anAnswerTheOtherJvmLoadedIsAHitHereForItsUserOnly(String value) {
        String ns = namespace();
        long before = calls();
        other.ask("OPEN " + ns + " " + value, ANSWER);
        String alices = other.ask("CALL whoami alice", ANSWER);
        assertThat(alices).as("alice's answer, made for her").contains("Authorization=Basic");
        assertThat(calls() - before).isEqualTo(1);

        RedisTier tier = JaxWsFarmNode.tier(redis.uri(), ns);
        ResponseCache here = open(value, tier);
        String endpoint = server.endpoint();
        assertThat(JaxWsFarmNode.call(here, endpoint, "whoami", "alice"))
                .as("this JVM's first call, from the tier").isEqualTo(alices);
        assertThat(calls() - before).as("requests for the farm").isEqualTo(1);
        assertThat(here.stats().hits()).isEqualTo(1);

        String bobs = JaxWsFarmNode.call(here, endpoint, "whoami", "bob");
        assertThat(bobs).as("bob's answer, not alice's").isNotEqualTo(alices);
        assertThat(calls() - before).as("bob's call reached the service").isEqualTo(2);
        assertThat(other.ask("CALL whoami bob", ANSWER))
                .as("bob's answer in the other JVM, from the tier").isEqualTo(bobs);
        assertThat(calls() - before).isEqualTo(2);
        assertThat(here.stats().errors()).isZero();
    }

    @ParameterizedTest(name = "value: {0}")
    @ValueSource(strings = {"xml", "events"})
    void concurrentMissesInBothJvmsCallTheServiceOnce(String value) throws Exception {
        String ns = namespace();
        String phrase = "farm-" + ns;
        long before = calls();
        other.ask("OPEN " + ns + " " + value, ANSWER);
        ResponseCache here = open(value, JaxWsFarmNode.tier(redis.uri(), ns));
        String endpoint = server.endpoint();
        int threads = 8;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<String>> calls = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                calls.add(pool.submit(() -> {
                    go.await();
                    return JaxWsFarmNode.call(here, endpoint, phrase, "-");
                }));
            }
            other.send("PAR " + phrase + " - " + threads);
            go.countDown();
            Set<String> answers = new TreeSet<>();
            for (Future<String> f : calls) {
                answers.add(f.get());
            }
            answers.add(other.await("PAR", ANSWER));
            assertThat(answers).as("one answer in both JVMs").hasSize(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(calls() - before).as("requests for 16 concurrent calls in two JVMs")
                .isEqualTo(1);
        assertThat(here.stats().errors()).isZero();
    }

    @ParameterizedTest(name = "value: {0}")
    @ValueSource(strings = {"xml", "events"})
    void aDamagedEntryInRedisIsACountedMissNeverAnExceptionInTheCall(String value) {
        String ns = namespace();
        String endpoint = server.endpoint();
        long before = calls();
        other.ask("OPEN " + ns + " " + value, ANSWER);
        String original = other.ask("CALL damaged-" + ns + " alice", ANSWER);
        TierEntries.Entry entry = TierEntries.onlyEntry(redis.port(), ns);
        TierEntries.replace(redis.port(), entry.key(),
                Arrays.copyOf(entry.bytes(), entry.bytes().length / 2));

        RedisTier tier = JaxWsFarmNode.tier(redis.uri(), ns);
        ResponseCache here = open(value, tier);
        assertThat(JaxWsFarmNode.call(here, endpoint, "damaged-" + ns, "alice"))
                .as("the service's answer in place of the damaged entry").isEqualTo(original);
        assertThat(calls() - before).as("a miss").isEqualTo(2);
        assertThat(here.stats().errors() + tier.stats().rejected()).as("counted once")
                .isEqualTo(1);
        other.ask("OPEN " + ns + " " + value, ANSWER); // a new local store: the tier's entry
        assertThat(other.ask("CALL damaged-" + ns + " alice", ANSWER))
                .as("the replaced entry, from the tier").isEqualTo(original);
        assertThat(calls() - before).isEqualTo(2);
    }
}
