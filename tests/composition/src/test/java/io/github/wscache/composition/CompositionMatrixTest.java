package io.github.wscache.composition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.wscache.composition.Side.Local;
import io.github.wscache.composition.Side.TierCounts;
import io.github.wscache.redis.RedisTier;
import io.github.wscache.redis.TierEntries;
import io.github.wscache.testkit.ManualClock;
import io.github.wscache.testkit.RedisServer;
import io.github.wscache.testkit.Waits;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The composition matrix (issue 32): every integration and value representation, with its own
 * store only and with the Redis tier shared by two JVMs, anonymous and with two users, each cell
 * run the same way against real servers that count the requests they get:
 *
 * <pre>
 * {cache-axis events, cache-axis xml, cache-axis object,
 *  cache-http bytes, cache-http events, cache-http object, cache-jaxws xml, cache-jaxws events,
 *  cache-jaxws object, cache-jaxws objects proxy, cache-edge}
 *   × {own store only, store + Redis shared by 2 JVMs}
 *   × {anonymous, two users}
 *   × checks (a) to (e)
 * </pre>
 *
 * <p>The cell's caller A is anonymous or the user {@code ann}; B is the user {@code bob}. Every
 * answer echoes the credentials the service got (HTTP Basic, mapped to an identity by each
 * integration as usual), so a check can tell whose answer a caller got. The checks:
 * <ol type="a">
 * <li>own store: A's second equal call is a hit (one back-end call); with Redis: A's call in the
 *     other JVM loads, and this JVM's first call is an L2 hit (still one back-end call);</li>
 * <li>concurrent misses of A make one back-end call: within this JVM; with Redis, in both JVMs.
 *     The service holds the first request until the other callers are seen waiting (in this JVM
 *     parked inside cache-core's single flight; across JVMs one lease taken and one lease wait),
 *     so the order is made by the held response, never by sleeping;</li>
 * <li>B never gets A's answer (with Redis: A's answer was loaded in the other JVM), and A's
 *     second call (with Redis: in this JVM, B's in the other) is a hit;</li>
 * <li>with Redis: an entry that is another integration's, of an older entry format version, or
 *     damaged, written directly into Redis under the cell's key, is a miss counted once (the
 *     cache's errors or the tier's rejected entries), never an exception in the caller's call,
 *     and the answer then replaces it (the other JVM's next call is an L2 hit). Own store: not
 *     applicable, reported as skipped.</li>
 * <li>A's answer says {@code max-age=1, stale-if-error=600}; past its freshness the service
 *     fails (a SOAP fault with HTTP 500, or a 503): A's call gets the stale answer (with Redis:
 *     the answer the other JVM loaded, read from the tier 30 s later as the tier reckons ages),
 *     counted as a hit, and B's call gets the failure, never A's answer. The object level keeps
 *     no response whose {@code stale-if-error} could stand in: reported as skipped.</li>
 * </ol>
 *
 * <p>One {@code redis-server}, one service and one second JVM per integration serve every cell;
 * each cell has its own key namespace in Redis and its own caches. The farm nodes and the
 * services are the integrations' own farm tests' ({@code AxisFarmNode}, {@code HttpFarmNode},
 * {@code JsonService}, {@code NodeProcess}); Redis is the test kit's {@code RedisServer}, whose
 * entries cache-redis's {@code TierEntries} reads and replaces.
 *
 * <p>cache-edge's column: callers ask an {@link io.github.wscache.edge.EdgeServer} over HTTP;
 * the users are session cookies, and the pages say {@code Vary: Cookie}, so the edge keeps one
 * per session and the tier holds a page and the marker that says what selects it
 * ({@link EdgeSide}).
 */
class CompositionMatrixTest {
    /** Concurrent callers per JVM in (b). */
    private static final int THREADS = 6;
    private static final long WAIT_SECONDS = 60;
    private static final AtomicInteger NAMESPACES = new AtomicInteger();

    private static RedisServer redis;
    private static AxisSide axis;
    private static HttpSide http;
    private static EdgeSide edge;
    private static JaxWsSide jaxws;
    private static JaxWsSide jaxwsObjects;

    /** The integrations and their value representations (the policy's {@code value}). */
    enum Column {
        AXIS_EVENTS("cache-axis events", "events"),
        AXIS_XML("cache-axis xml", "xml"),
        AXIS_OBJECT("cache-axis object", "object"),
        HTTP_BYTES("cache-http bytes", "xml"),
        HTTP_EVENTS("cache-http events", "events"),
        HTTP_OBJECT("cache-http object", "auto"),
        JAXWS_XML("cache-jaxws xml", "xml"),
        JAXWS_EVENTS("cache-jaxws events", "events"),
        JAXWS_OBJECT("cache-jaxws object", "auto"),
        /** {@code WsCacheJaxWs.objects}, its users on CXF's HTTP conduit. */
        JAXWS_OBJECTS_PROXY("cache-jaxws objects proxy, conduit users", "auto"),
        EDGE("cache-edge", "-");

        private final String title;
        final String value;

        Column(String title, String value) {
            this.title = title;
            this.value = value;
        }

        Side side() {
            return name().startsWith("AXIS") ? axis : name().startsWith("HTTP") ? http
                    : this == JAXWS_OBJECTS_PROXY ? jaxwsObjects
                    : name().startsWith("JAXWS") ? jaxws : edge;
        }

        @Override
        public String toString() {
            return title;
        }
    }

    /** Where the entries live. */
    enum Store {
        OWN("own store only"), REDIS("store + Redis shared by 2 JVMs");

        private final String title;

        Store(String title) {
            this.title = title;
        }

        @Override
        public String toString() {
            return title;
        }
    }

    /** Who calls: caller A, and B for (c). */
    enum Users {
        ANONYMOUS("anonymous", "-"), TWO_USERS("two users", "ann");

        private final String title;
        final String a;

        Users(String title, String a) {
            this.title = title;
            this.a = a;
        }

        @Override
        public String toString() {
            return title;
        }
    }

    /** What a cell checks. */
    enum Check {
        A_HIT("a: the second call is a hit"),
        B_ONE_CALL("b: concurrent misses, one back-end call"),
        C_USERS("c: B never gets A's answer, A's second call a hit"),
        D_BAD_ENTRY("d: a bad entry in Redis is a counted miss"),
        E_STALE_IF_ERROR("e: a stale answer stands in for a failure, never another user's");

        private final String title;

        Check(String title) {
            this.title = title;
        }

        @Override
        public String toString() {
            return title;
        }
    }

    /** Caller B of (c). */
    private static final String B = "bob";

    private final List<Local> opened = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        redis = RedisServer.start();
        // both second JVMs start in the background while the other fixtures start
        axis = AxisSide.start(redis.uri());
        http = HttpSide.start(redis.uri());
        edge = EdgeSide.start(redis.uri());
        jaxws = JaxWsSide.start(redis.uri());
        jaxwsObjects = jaxws.objectsProxy();
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (jaxws != null) {
                jaxws.close();
            }
            if (edge != null) {
                edge.close();
            }
            if (http != null) {
                http.close();
            }
        } finally {
            try {
                if (axis != null) {
                    axis.close();
                }
            } finally {
                redis.close();
            }
        }
    }

    @AfterEach
    void closeCaches() {
        for (Side side : List.of(axis, http, edge, jaxws)) {
            side.release();
            side.reset();
            // a failed check's late answers must not be read by the next one
            side.forgetAnswers();
        }
        opened.forEach(Local::close);
    }

    static Stream<Arguments> cells() {
        List<Arguments> cells = new ArrayList<>();
        for (Column column : Column.values()) {
            for (Store store : Store.values()) {
                for (Users users : Users.values()) {
                    for (Check check : Check.values()) {
                        cells.add(Arguments.of(column, store, users, check));
                    }
                }
            }
        }
        return cells.stream();
    }

    @ParameterizedTest(name = "{0} | {1} | {2} | {3}")
    @MethodSource("cells")
    void cell(Column column, Store store, Users users, Check check) throws Exception {
        Side side = column.side();
        String namespace = "matrix" + NAMESPACES.incrementAndGet();
        try {
            switch (check) {
                case A_HIT -> secondCallIsAHit(side, column.value, store, users.a, namespace);
                case B_ONE_CALL -> concurrentMissesMakeOneCall(side, column.value, store,
                        users.a, namespace);
                case C_USERS -> anotherUserNeverGetsTheAnswer(side, column.value, store,
                        users.a, namespace);
                case D_BAD_ENTRY -> {
                    Assumptions.assumeTrue(store == Store.REDIS,
                            "not applicable: no shared tier, nothing in Redis");
                    for (BadEntry bad : BadEntry.values()) {
                        if (bad == BadEntry.BROKEN_XML && !side.keepsXmlBytes(column.value)
                                || bad == BadEntry.OTHER_TYPE
                                        && !side.keepsObjects(column.value)) {
                            continue;
                        }
                        badEntryIsACountedMiss(side, column.value, users.a,
                                namespace + "-" + bad.ordinal(), bad);
                    }
                }
                case E_STALE_IF_ERROR -> {
                    Assumptions.assumeTrue(side.standsInForErrors(column.value),
                            "not applicable: the object level keeps no response whose "
                            + "stale-if-error could stand in for a failure");
                    staleAnswerStandsInForAFailure(side, column.value, store, users.a,
                            namespace);
                }
                default -> throw new IllegalArgumentException(check.name());
            }
        } catch (AssertionError | Exception e) {
            if (store == Store.REDIS) {
                e.addSuppressed(new AssertionError("the other JVM's log:\n" + side.logThere()));
            }
            throw e;
        }
    }

    private Local open(Side side, String value, RedisTier tier) {
        Local local = side.open(value, tier);
        opened.add(local);
        return local;
    }

    private Local open(Side side, String value, RedisTier tier, InstantSource clock) {
        Local local = side.open(value, tier, clock);
        opened.add(local);
        return local;
    }

    /** Closes {@code local} now (one message-level cache at a time in a configuration). */
    private void close(Local local) {
        opened.remove(local);
        local.close();
    }

    /** (a) */
    private void secondCallIsAHit(Side side, String value, Store store, String a,
            String namespace) throws Exception {
        String key = side.key();
        long before = side.calls(key);
        if (store == Store.OWN) {
            Local here = open(side, value, null);
            String first = here.call(key, a);
            assertThat(first).as("A's answer").contains(side.shows(a));
            assertThat(side.calls(key) - before).isEqualTo(1);
            assertThat(here.call(key, a)).isEqualTo(first);
            assertThat(side.calls(key) - before).as("back-end calls").isEqualTo(1);
            assertThat(here.cache().stats().hits()).as("hits").isEqualTo(1);
            assertThat(here.cache().stats().errors()).isZero();
            return;
        }
        side.openThere(namespace, value);
        String loaded = side.callThere(key, a);
        assertThat(loaded).as("A's answer").contains(side.shows(a));
        assertThat(side.calls(key) - before).isEqualTo(1);
        RedisTier tier = side.tier(namespace);
        Local here = open(side, value, tier);
        assertThat(here.call(key, a)).as("this JVM's first call").isEqualTo(loaded);
        assertThat(side.calls(key) - before).as("back-end calls for the farm").isEqualTo(1);
        assertThat(tier.stats().hits()).as("L2 hits").isEqualTo(side.tierReadsPerAnswer());
        assertThat(here.call(key, a)).isEqualTo(loaded);
        assertThat(side.calls(key) - before).isEqualTo(1);
        assertThat(here.cache().stats().hits()).as("hits (L2, then L1)").isEqualTo(2);
        assertThat(here.cache().stats().errors()).isZero();
    }

    /** (b) */
    private void concurrentMissesMakeOneCall(Side side, String value, Store store, String a,
            String namespace) throws Exception {
        String key = side.heldKey();
        long before = side.calls(key);
        RedisTier tier = store == Store.REDIS ? side.tier(namespace) : null;
        if (tier != null) {
            side.openThere(namespace, value);
        }
        Local here = open(side, value, tier);
        List<Thread> callers = new CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "matrix-caller");
            callers.add(t);
            return t;
        });
        side.hold();
        try {
            if (tier != null) {
                side.parallelThere(key, a, THREADS);
            }
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < THREADS; i++) {
                answers.add(pool.submit(() -> here.call(key, a)));
            }
            // one request waits in the service; this JVM's other callers wait inside cache-core
            // (its single flight); with Redis, the JVM that took the key's lease sent that
            // request and the other JVM's first miss waits for the lease: only then may the
            // service answer
            String[] seen = new String[1];
            awaitUntil(() -> "the callers waiting for one request; seen " + seen[0], () -> {
                long calls = side.calls(key) - before;
                long parked = parkedInCore(side.waiting(List.copyOf(callers)));
                boolean leased = true;
                String leases = "";
                if (tier != null) {
                    TierCounts there = side.countsThere();
                    long taken = tier.stats().leasesAcquired() + there.leases();
                    long waits = tier.stats().leaseWaits() + there.leaseWaits();
                    leased = taken == 1 && waits == 1;
                    leases = ", leases " + taken + ", lease waits " + waits;
                }
                seen[0] = "back-end calls " + calls + ", held " + side.held() + ", callers "
                        + "parked in cache-core " + parked + " of " + THREADS + leases;
                return calls == 1 && side.held() == 1 && parked >= THREADS - 1 && leased;
            });
            side.release();
            Set<String> distinct = new TreeSet<>();
            for (Future<String> f : answers) {
                distinct.add(f.get(WAIT_SECONDS, TimeUnit.SECONDS));
            }
            assertThat(distinct).as("this JVM's answers").hasSize(1);
            String answer = distinct.iterator().next();
            assertThat(answer).as("A's answer").contains(side.shows(a));
            if (tier != null) {
                assertThat(side.parallelAnswers()).as("the other JVM's answers")
                        .containsExactly(answer);
            }
            assertThat(side.calls(key) - before).as("back-end calls for %d callers",
                    tier == null ? THREADS : 2 * THREADS).isEqualTo(1);
            assertThat(here.cache().stats().errors()).isZero();
        } finally {
            side.release();
            pool.shutdownNow();
        }
    }

    /** (c) */
    private void anotherUserNeverGetsTheAnswer(Side side, String value, Store store, String a,
            String namespace) throws Exception {
        String key = side.key();
        long before = side.calls(key);
        if (store == Store.OWN) {
            Local here = open(side, value, null);
            String ofA = here.call(key, a);
            assertThat(ofA).as("A's answer").contains(side.shows(a));
            String ofB = here.call(key, B);
            assertThat(ofB).as("B's answer").contains(side.shows(B))
                    .doesNotContain(side.shows(a)).isNotEqualTo(ofA);
            assertThat(side.calls(key) - before).isEqualTo(2);
            assertThat(here.call(key, a)).as("A's second call").isEqualTo(ofA);
            assertThat(here.call(key, B)).as("B's second call").isEqualTo(ofB);
            assertThat(side.calls(key) - before).as("back-end calls").isEqualTo(2);
            assertThat(here.cache().stats().hits()).isEqualTo(2);
            assertThat(here.cache().stats().errors()).isZero();
            return;
        }
        side.openThere(namespace, value);
        String ofA = side.callThere(key, a);
        assertThat(ofA).as("A's answer, there").contains(side.shows(a));
        assertThat(side.calls(key) - before).isEqualTo(1);
        RedisTier tier = side.tier(namespace);
        Local here = open(side, value, tier);
        String ofB = here.call(key, B);
        assertThat(ofB).as("B's answer, here").contains(side.shows(B))
                .doesNotContain(side.shows(a)).isNotEqualTo(ofA);
        assertThat(side.calls(key) - before).isEqualTo(2);
        assertThat(here.call(key, a)).as("A's second call, here").isEqualTo(ofA);
        assertThat(side.calls(key) - before).as("back-end calls").isEqualTo(2);
        assertThat(side.callThere(key, B)).as("B's second call, there").isEqualTo(ofB);
        assertThat(side.calls(key) - before).as("back-end calls").isEqualTo(2);
        // B's call read what selects a variant (when the answer varies), A's its answer
        assertThat(tier.stats().hits()).as("L2 hits here")
                .isEqualTo(side.tierReadsPerAnswer());
        assertThat(here.cache().stats().errors()).isZero();
    }

    /** (e) */
    private void staleAnswerStandsInForAFailure(Side side, String value, Store store, String a,
            String namespace) throws Exception {
        String key = side.staleKey();
        long before = side.calls(key);
        ManualClock clock = ManualClock.startingNow();
        RedisTier tier = null;
        Local here;
        String fresh;
        if (store == Store.OWN) {
            here = open(side, value, null, clock);
            fresh = here.call(key, a);
        } else {
            side.openThere(namespace, value);
            fresh = side.callThere(key, a);
            tier = side.tier(namespace);
            here = open(side, value, tier, clock);
        }
        assertThat(fresh).as("A's answer").contains(side.shows(a));
        assertThat(side.calls(key) - before).isEqualTo(1);
        // past max-age=1, well within stale-if-error=600: this JVM's clock, and the tier's
        // entries, whose age a reader takes from the lifetime Redis has left
        clock.advance(Duration.ofSeconds(30));
        if (tier != null) {
            TierEntries.age(redis.port(), namespace, Duration.ofSeconds(30));
        }
        side.fail();
        long failed = 1;
        if (!a.equals("-")) {
            Throwable ofB = catchThrowable(() -> here.call(key, B));
            assertThat(ofB).as("B's call while the service fails: the failure").isNotNull();
            assertThat(String.valueOf(ofB)).as("B's failure").doesNotContain(side.shows(a));
            failed++;
            assertThat(side.calls(key) - before).as("back-end calls").isEqualTo(failed);
        }
        String stale;
        try {
            stale = here.call(key, a);
        } catch (Exception | AssertionError e) {
            throw new AssertionError("A's call while the service fails: the failure, not the "
                    + "stale answer (here: " + here.cache().stats() + (tier == null ? ""
                    : ", tier: " + tier.stats()) + ")", e);
        }
        assertThat(stale).as("A's stale answer").isEqualTo(fresh);
        assertThat(side.calls(key) - before).as("back-end calls (the failed one asked)")
                .isEqualTo(failed + 1);
        assertThat(here.cache().stats().hits()).as("hits (the stale answer)").isEqualTo(1);
        assertThat(here.cache().stats().errors()).isZero();
        if (tier != null) {
            assertThat(tier.stats().hits()).as("L2 hits here").isPositive();
        }
    }

    /** What (d) writes into Redis in place of the cell's entry. */
    enum BadEntry {
        FOREIGN("another integration's entry"),
        OLDER_VERSION("an older entry format version"),
        DAMAGED("a damaged entry"),
        /**
         * This integration's own form, whole and readable to the tier, but its XML bytes are
         * no SOAP envelope: what anyone who can write to an unsigned Redis could put there
         * (only for the columns that keep XML bytes).
         */
        BROKEN_XML("an entry of this form whose XML is broken"),
        /**
         * An object-level entry the tier reads, but of another type than the operation returns
         * (only for the columns that keep result objects): a node whose operation returns
         * another type, or anyone who can write to an unsigned Redis.
         */
        OTHER_TYPE("an object of another type under this key");

        private final String title;

        BadEntry(String title) {
            this.title = title;
        }

        @Override
        public String toString() {
            return title;
        }
    }

    /** (d), for one kind of bad entry. */
    private void badEntryIsACountedMiss(Side side, String value, String a, String namespace,
            BadEntry bad) throws Exception {
        String key = side.key();
        long before = side.calls(key);
        Local writer = open(side, value, side.tier(namespace));
        String original = writer.call(key, a);
        assertThat(side.calls(key) - before).isEqualTo(1);
        close(writer);

        TierEntries.Entry entry = side.entryToSpoil(TierEntries.entries(redis.port(), namespace));
        byte[] bytes = entry.bytes();
        byte[] replaced = switch (bad) {
            case FOREIGN -> side.foreignEntry(entry.key());
            case OLDER_VERSION -> {
                // 'w' 'c' version ...: the version before the one this build writes
                assertThat(bytes[2]).as("entry format version").isPositive();
                byte[] b = bytes.clone();
                b[2] = (byte) (bytes[2] - 1);
                yield b;
            }
            case DAMAGED -> Arrays.copyOf(bytes, bytes.length / 2);
            case BROKEN_XML -> side.brokenXmlEntry(entry.key());
            case OTHER_TYPE -> FarmSide.objectEntry(entry.key(), Integer.valueOf(42));
        };
        TierEntries.replace(redis.port(), entry.key(), replaced);

        RedisTier tier = side.tier(namespace);
        Local reader = open(side, value, tier);
        String answer;
        try {
            answer = reader.call(key, a);
        } catch (Exception e) {
            throw new AssertionError(bad + ": an exception in the caller's call", e);
        }
        assertThat(answer).as(bad + ": the service's answer").isEqualTo(original);
        assertThat(side.calls(key) - before).as(bad + ": a miss").isEqualTo(2);
        // read once, counted once: by the tier when it refuses the bytes (a damaged entry, an
        // older format, a form it does not read), or by the cache when the integration cannot
        // use what the tier returned (another integration's response)
        assertThat(reader.cache().stats().errors() + tier.stats().rejected())
                .as(bad + ": counted once (the cache's errors, the tier's rejected entries)")
                .isEqualTo(1);
        close(reader);

        // the service's answer replaced the entry: the other JVM's first call is an L2 hit
        side.openThere(namespace, value);
        assertThat(side.callThere(key, a)).as(bad + ": replaced").isEqualTo(original);
        assertThat(side.calls(key) - before).as(bad + ": back-end calls").isEqualTo(2);
    }

    /**
     * How many of {@code threads} wait parked inside cache-core: the first frame of their stack
     * that is not the JDK's is cache-core's (its single flight); a thread whose call is in the
     * network or waits for the tier's lease is not.
     */
    private static long parkedInCore(Collection<Thread> threads) {
        long n = 0;
        for (Thread t : threads) {
            Thread.State s = t.getState();
            if (s != Thread.State.WAITING && s != Thread.State.TIMED_WAITING) {
                continue;
            }
            for (StackTraceElement e : t.getStackTrace()) {
                String c = e.getClassName();
                if (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.")) {
                    continue;
                }
                if (c.startsWith("io.github.wscache.core.")) {
                    n++;
                }
                break;
            }
        }
        return n;
    }

    /** Waits until {@code done} holds ({@link Waits}), at most a minute. */
    private static void awaitUntil(Supplier<String> what, BooleanSupplier done) {
        try {
            Waits.until("the condition", done, Duration.ofSeconds(WAIT_SECONDS));
        } catch (AssertionError e) {
            throw new AssertionError("not reached in " + WAIT_SECONDS + " s: " + what.get(), e);
        }
    }
}
