package io.github.wscache.axis;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.stub.GoogleSearchFault;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import io.github.wscache.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Many threads on one shared context: exact server counts, correct results, single flight. */
class ConcurrencyTest extends GoogleFixture {
    private static final String[] PHRASES = {"teh", "wierd", "recieve", "seperate"};
    private static final String[] ANSWERS = {"the", "weird", "receive", "separate"};

    private ExecutorService pool;

    @BeforeEach
    void setUp() {
        pool = Executors.newFixedThreadPool(32);
    }

    @AfterEach
    void tearDown() throws Exception {
        pool.shutdownNow();
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    @ParameterizedTest
    @EnumSource(MessageLevelTest.Representation.class)
    void manyThreadsOnFewKeys_callTheServerOncePerKey(MessageLevelTest.Representation value)
            throws Exception {
        ResponseCache cache = google.install(MessageLevelTest.policy(value), new ManualClock());
        int threads = 32;
        // 32 x 1,000 calls for the default representation; fewer for xml to keep the build fast
        int calls = value == MessageLevelTest.Representation.EVENTS ? 1_000 : 200;
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Future<Integer>> results = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int offset = t;
            results.add(pool.submit(() -> {
                GoogleSearchServiceStub stub =
                        new GoogleSearchServiceStub(google.context, google.server.endpoint());
                start.await();
                int correct = 0;
                for (int i = 0; i < calls; i++) {
                    int k = (i + offset) % PHRASES.length;
                    String answer = stub.doSpellingSuggestion(
                            GoogleFixtures.spellingRequest(PHRASES[k])).get_return();
                    if (ANSWERS[k].equals(answer)) {
                        correct++;
                    }
                }
                return correct;
            }));
        }
        for (Future<Integer> f : results) {
            assertThat(f.get(60, TimeUnit.SECONDS)).isEqualTo(calls);
        }
        assertThat(google.server.requestCount("doSpellingSuggestion")).isEqualTo(PHRASES.length);
        assertThat(cache.stats("doSpellingSuggestion").hits())
                .isEqualTo((long) threads * calls - PHRASES.length);
        assertThat(cache.stats("doSpellingSuggestion").stores()).isEqualTo(PHRASES.length);
    }

    @ParameterizedTest
    @EnumSource(MessageLevelTest.Representation.class)
    void concurrentMissesOnAColdKey_makeOneServerRequest(MessageLevelTest.Representation value)
            throws Exception {
        google.install(MessageLevelTest.policy(value), new ManualClock());
        google.server.service().setDelay(Duration.ofMillis(300));
        int callers = 16;
        CyclicBarrier start = new CyclicBarrier(callers);
        List<Future<String>> results = new ArrayList<>();
        for (int t = 0; t < callers; t++) {
            results.add(pool.submit(() -> {
                GoogleSearchServiceStub stub =
                        new GoogleSearchServiceStub(google.context, google.server.endpoint());
                start.await();
                return stub.doGoogleSearch(GoogleFixtures.searchRequest("stampede"))
                        .get_return().getSearchQuery();
            }));
        }
        for (Future<String> f : results) {
            assertThat(f.get(30, TimeUnit.SECONDS)).isEqualTo("stampede");
        }
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(1);
    }

    /** Where the cache sits. */
    enum Level { EVENTS, XML, OBJECT }

    @ParameterizedTest
    @EnumSource(Level.class)
    void hundredCallersOfAColdKeyThatFaults_makeOneRequestAndAllGetTheFault(Level level)
            throws Exception {
        String value = level == Level.OBJECT ? ""
                : "    value: " + level.name().toLowerCase(java.util.Locale.ROOT) + "\n";
        String yaml = "operations:\n  - operation: doGoogleSearch\n    ttl: 60s\n" + value;
        ResponseCache cache = level == Level.OBJECT
                ? ResponseCache.builder().policy(
                        io.github.wscache.core.policy.Policy.parse(yaml, "test.yaml"))
                        .clock(new ManualClock()).build()
                : google.install(yaml, new ManualClock());
        // long enough for 100 callers to join the first one's flight on a loaded machine
        google.server.service().setDelay(Duration.ofSeconds(1));
        int callers = 100;
        List<GoogleSearchServiceStub> stubs = new ArrayList<>();
        for (int i = 0; i < callers; i++) {
            stubs.add(level == Level.OBJECT
                    ? CachingStubs.using(cache).subclass(GoogleSearchServiceStub.class,
                            google.context, google.server.endpoint())
                    : new GoogleSearchServiceStub(google.context, google.server.endpoint()));
        }
        CyclicBarrier start = new CyclicBarrier(callers);
        ExecutorService many = Executors.newFixedThreadPool(callers);
        try {
            List<Future<Class<?>>> thrown = new ArrayList<>();
            for (GoogleSearchServiceStub stub : stubs) {
                thrown.add(many.submit(() -> {
                    start.await();
                    try {
                        stub.doGoogleSearch(GoogleFixtures.searchRequest("fault"));
                        return null;
                    } catch (Exception e) {
                        return e.getClass();
                    }
                }));
            }
            for (Future<Class<?>> f : thrown) {
                assertThat(f.get(30, TimeUnit.SECONDS)).isEqualTo(GoogleSearchFault.class);
            }
        } finally {
            many.shutdownNow();
            assertThat(many.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(1);
        assertThat(cache.stats("doGoogleSearch").stores()).isZero();

        // failures are never cached: the next call asks the service again
        google.server.service().setDelay(Duration.ZERO);
        assertThatThrownBy(() -> stubs.get(0).doGoogleSearch(
                GoogleFixtures.searchRequest("fault"))).isInstanceOf(GoogleSearchFault.class);
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(2);
    }
}
