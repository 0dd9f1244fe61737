package io.github.wscache.axis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.SharedBody;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.service.GoogleSearchServiceImpl;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.redis.RedisTier;
import io.github.wscache.redis.TierEntries;
import io.github.wscache.redis.internal.ValueCodec;
import io.github.wscache.testkit.RedisServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * cache-axis on a farm: two JVMs, each with its own Axis2 client configuration, its own
 * {@link ResponseCache} and its own {@link RedisTier}, on one real {@code redis-server}, in front
 * of one Google fixture service on Tomcat (in this JVM) that counts the requests reaching it.
 * At the message level (recorded events, XML bytes) and the object level (caching stubs, the ADB
 * bean in Kryo's form) an answer one JVM loaded is an L2 hit in the other; another user never
 * gets the first user's answer; an entry under the key that is not cache-axis's (cache-http's
 * form, another entry format version, a damaged one) is a counted miss, never an exception in
 * the caller's call, and the service's answer replaces it.
 */
class AxisFarmTest extends GoogleFixture {
    private static final Duration ANSWER = Duration.ofSeconds(30);
    private static final String OPERATION = "doSpellingSuggestion";
    private static final AtomicInteger NAMESPACES = new AtomicInteger();
    private static final AtomicInteger PHRASES = new AtomicInteger(1000);

    private static RedisServer redis;
    private static NodeProcess other;

    /** The refusals this test provokes are logged as warnings: shown only when it fails. */
    @RegisterExtension
    final QuietUnlessFailed quiet = new QuietUnlessFailed();

    private final List<ResponseCache> opened = new ArrayList<>();
    private String namespace;

    @BeforeAll
    static void startFarm() {
        // GoogleFixture's @BeforeAll has started the service
        redis = RedisServer.start();
        other = NodeProcess.start(AxisFarmNode.class, redis.uri(), google.server.endpoint());
    }

    @AfterAll
    static void stopFarm() {
        try {
            other.close();
        } finally {
            redis.close();
        }
    }

    @BeforeEach
    void newNamespace() {
        namespace = "axisfarm" + NAMESPACES.incrementAndGet();
    }

    @AfterEach
    void closeCaches() {
        WsCache.uninstall(google.context);
        opened.forEach(ResponseCache::close);
        // a failed test's late answers must not be read by the next one
        other.forgetAnswers();
    }

    /** A new cache of this JVM on {@code tier}, replacing the one installed before. */
    private ResponseCache open(RedisTier tier, String level) {
        WsCache.uninstall(google.context);
        ResponseCache cache = AxisFarmNode.open(google.context, tier, level);
        opened.add(cache);
        return cache;
    }

    private ResponseCache open(String level) {
        return open(AxisFarmNode.tier(redis.uri(), namespace), level);
    }

    private static String call(ResponseCache cache, String level, String phrase, String user)
            throws Exception {
        return AxisFarmNode.call(google.context, cache, level, google.server.endpoint(), phrase,
                user);
    }

    private static long requests() {
        return google.server.requestCount(OPERATION);
    }

    private static String phrase() {
        return "farm" + PHRASES.incrementAndGet();
    }

    @ParameterizedTest(name = "value: {0}, anonymous")
    @CsvSource({"events", "xml", "object"})
    void anAnswerLoadedInOneJvm_isAnL2HitInTheOther_bothWays(String level) throws Exception {
        other.ask("OPEN " + namespace + " " + level, ANSWER);
        ResponseCache here = open(level);

        String first = phrase();
        String expected = GoogleFixtures.spellingResponse(first).get_return();
        String loaded = other.ask("CALL " + first + " -", ANSWER);
        assertThat(loaded).isEqualTo(expected);
        assertThat(requests()).isEqualTo(1);
        assertThat(call(here, level, first, "-")).isEqualTo(expected);
        assertThat(requests()).as("service requests for one farm").isEqualTo(1);
        assertThat(here.stats().hits()).as("an L2 hit").isEqualTo(1);

        String second = phrase();
        String mine = call(here, level, second, "-");
        assertThat(mine).isEqualTo(GoogleFixtures.spellingResponse(second).get_return());
        assertThat(other.ask("CALL " + second + " -", ANSWER)).isEqualTo(mine);
        assertThat(requests()).isEqualTo(2);
        assertThat(here.stats().errors()).isZero();
    }

    @ParameterizedTest(name = "value: {0}, two users")
    @CsvSource({"events", "xml", "object"})
    void anotherUser_neverGetsTheFirstUsersAnswer_theSameUserGetsItFromTheFarm(String level)
            throws Exception {
        String whoami = GoogleSearchServiceImpl.WHOAMI;
        other.ask("OPEN " + namespace + " " + level, ANSWER);
        ResponseCache here = open(level);
        String ann = AxisFarmNode.basic("ann");
        String bob = AxisFarmNode.basic("bob");

        String annThere = other.ask("CALL " + whoami + " ann", ANSWER);
        assertThat(annThere).contains(ann).doesNotContain(bob);
        assertThat(requests()).isEqualTo(1);
        String bobHere = call(here, level, whoami, "bob");
        assertThat(bobHere).as("bob's answer").contains(bob).doesNotContain(ann);
        assertThat(requests()).isEqualTo(2);
        assertThat(call(here, level, whoami, "ann")).as("ann's answer from the farm")
                .isEqualTo(annThere);
        assertThat(requests()).isEqualTo(2);
        String bobThere = other.ask("CALL " + whoami + " bob", ANSWER);
        assertThat(bobThere).as("bob's answer from the farm").isEqualTo(bobHere);
        assertThat(requests()).isEqualTo(2);
        assertThat(call(here, level, whoami, "-")).as("an anonymous answer")
                .doesNotContain(ann).doesNotContain(bob);
        assertThat(requests()).isEqualTo(3);
        assertThat(here.stats().hits()).isEqualTo(1);
        assertThat(here.stats().errors()).isZero();
    }

    @ParameterizedTest(name = "value: {0}, {1}")
    @CsvSource({"events, cache-http's form", "events, another entry format version",
            "events, a damaged entry", "xml, cache-http's form",
            "xml, another entry format version", "xml, a damaged entry",
            "object, cache-http's form", "object, another entry format version",
            "object, a damaged entry"})
    void anEntryThatIsNotCacheAxiss_isACountedMiss_neverAnExceptionInTheCall(String level,
            String what) throws Exception {
        String phrase = phrase();
        String expected = GoogleFixtures.spellingResponse(phrase).get_return();
        ResponseCache writer = open(level);
        assertThat(call(writer, level, phrase, "-")).isEqualTo(expected);
        assertThat(requests()).isEqualTo(1);
        replaceTheEntry(what);

        RedisTier tier = AxisFarmNode.tier(redis.uri(), namespace);
        ResponseCache reader = open(tier, level);
        assertThat(call(reader, level, phrase, "-")).isEqualTo(expected);
        assertThat(requests()).as("the entry was a miss").isEqualTo(2);
        assertThat(reader.stats().errors() + tier.stats().rejected()).as("counted")
                .isPositive();

        // the answer that went to the service replaced the entry for the farm
        ResponseCache third = open(level);
        assertThat(call(third, level, phrase, "-")).isEqualTo(expected);
        assertThat(requests()).isEqualTo(2);
        assertThat(third.stats().hits()).isEqualTo(1);
        assertThat(third.stats().errors()).isZero();
    }

    /** Replaces the namespace's one entry in Redis, keeping its time to live. */
    private void replaceTheEntry(String what) throws Exception {
        TierEntries.Entry found = TierEntries.onlyEntry(redis.port(), namespace);
        byte[] key = found.key();
        byte[] entry = found.bytes();
        ValueCodec codec = new ValueCodec(null, ValueCodec.DEFAULT_ALLOWED, List.of());
        byte[] replaced = switch (what) {
            case "cache-http's form" -> codec.encode(key, CachedResponse.builder(
                    new SharedBody("http-body", 1, "{}".getBytes(StandardCharsets.UTF_8)))
                    .status(200).build(), true, 60_000, 60_000);
            case "another entry format version" -> {
                byte[] b = entry.clone();
                b[2] = 2;
                yield b;
            }
            case "a damaged entry" -> Arrays.copyOf(entry, entry.length / 2);
            default -> throw new IllegalArgumentException(what);
        };
        TierEntries.replace(redis.port(), key, replaced);
    }

    /**
     * Keeps what this JVM writes to standard error during a test (the cache's and the tier's
     * warnings, which slf4j-simple writes to the current {@code System.err}) and shows it only
     * if the test failed.
     */
    static final class QuietUnlessFailed implements BeforeEachCallback, AfterEachCallback {
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private PrintStream err;

        @Override
        public void beforeEach(ExtensionContext context) {
            err = System.err;
            System.setErr(new PrintStream(kept, true, StandardCharsets.UTF_8));
        }

        @Override
        public void afterEach(ExtensionContext context) {
            System.setErr(err);
            if (context.getExecutionException().isPresent()) {
                err.print(kept.toString(StandardCharsets.UTF_8));
                err.println("the other JVM's log:\n" + other.log());
            }
        }
    }
}
