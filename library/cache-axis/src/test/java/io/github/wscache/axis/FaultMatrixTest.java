package io.github.wscache.axis;

import io.github.wscache.core.CacheStats;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import io.github.wscache.testkit.Gate;
import io.github.wscache.testkit.ManualClock;
import io.github.wscache.testkit.RawHttpServer;
import io.github.wscache.testkit.Waits;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.axis2.client.Options;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a caller sees when the service fails or answers garbage, with the cache at each level,
 * compared with the same call made without a cache: the same outcome (the same exception class
 * chain, or the same result), the same number of requests at the server, nothing kept, and
 * recovery with exactly one call once the service is fixed. Faults come from
 * {@link RawHttpServer}, which writes each reply byte by byte.
 */
class FaultMatrixTest {
    private static final int TIMEOUT_MS = 1_000;
    private static final String TEXT_XML = "text/xml; charset=UTF-8";
    private static final String ENVELOPE_START = "<?xml version='1.0' encoding='UTF-8'?>"
            + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<soapenv:Body>";
    private static final String ENVELOPE_END = "</soapenv:Body></soapenv:Envelope>";
    private static final String ANSWER = "britney spears";
    private static final String OK = ENVELOPE_START
            + "<ns:doSpellingSuggestionResponse xmlns:ns=\"urn:wscache:google\">"
            + "<ns:return>" + ANSWER + "</ns:return></ns:doSpellingSuggestionResponse>"
            + ENVELOPE_END;
    private static final String SOAP_FAULT = ENVELOPE_START
            + "<soapenv:Fault><faultcode>soapenv:Server</faultcode>"
            + "<faultstring>the index is being rebuilt</faultstring></soapenv:Fault>"
            + ENVELOPE_END;
    /** The payload is cut and followed by garbage (issue 13). */
    private static final String MALFORMED = ENVELOPE_START
            + "<ns:doSpellingSuggestionResponse xmlns:ns=\"urn:wscache:google\">"
            + "<ns:return>britney sp<oops a=\"1\" <<</mismatch>&undefined;";
    private static final String HTML = "<html><head><title>Error</title></head><body>"
            + "<h1>Something went wrong</h1><p>Try again later.<br></body></html>";

    /** One way for the service to fail. */
    enum Fault {
        SERVER_DOWN(null),
        SLOWER_THAN_THE_CLIENT_TIMEOUT(RawHttpServer.afterTheClientGivesUp(
                RawHttpServer.full(200, TEXT_XML, OK))),
        SOAP_FAULT_IN_200(RawHttpServer.full(200, TEXT_XML, SOAP_FAULT)),
        SOAP_FAULT_IN_500(RawHttpServer.full(500, TEXT_XML, SOAP_FAULT)),
        HTML_500(RawHttpServer.full(500, "text/html; charset=UTF-8", HTML)),
        UNAVAILABLE_503(RawHttpServer.full(503, "text/html; charset=UTF-8", HTML)),
        BODY_CUT_WITH_CONTENT_LENGTH(RawHttpServer.cutWithContentLength(TEXT_XML, OK)),
        BODY_CUT_CHUNKED(RawHttpServer.cutChunked(TEXT_XML, OK)),
        BODY_STALLS_PAST_THE_CLIENT_TIMEOUT(RawHttpServer.stallHalfway(TEXT_XML, OK)),
        MALFORMED_200(RawHttpServer.full(200, TEXT_XML, MALFORMED)),
        EMPTY_200(RawHttpServer.full(200, TEXT_XML, ""));

        final RawHttpServer.Reply reply;

        Fault(RawHttpServer.Reply reply) {
            this.reply = reply;
        }

        void arm(RawHttpServer server) throws Exception {
            if (reply == null) {
                server.stop();
            } else {
                server.reply(reply);
            }
        }
    }

    /** Where the cache sits. */
    enum Level { EVENTS, XML, OBJECT }

    /** What a call ended with: a result, or the classes of an exception and its causes. */
    record Outcome(String result, List<Class<?>> exceptionChain) {
        static Outcome of(Throwable t) {
            List<Class<?>> chain = new ArrayList<>();
            for (Throwable c = t; c != null && chain.size() < 20; c = c.getCause()) {
                chain.add(c.getClass());
            }
            return new Outcome(null, chain);
        }
    }

    private static RawHttpServer server;
    private static String endpoint;
    private static ConfigurationContext context;

    @BeforeAll
    static void start() throws Exception {
        server = RawHttpServer.start();
        endpoint = server.uri("/services/GoogleSearchService").toString();
        context = ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        context.terminate();
        assertThat(Thread.getAllStackTraces().keySet()).filteredOn(Thread::isAlive)
                .extracting(Thread::getName)
                .noneMatch(name -> name.startsWith(RawHttpServer.THREAD_PREFIX));
    }

    @BeforeEach
    void reset() throws Exception {
        server.restart();
        server.hold(null);
        server.reply(RawHttpServer.full(200, TEXT_XML, OK));
        server.resetCount();
    }

    static Stream<Arguments> faultsAtEveryLevel() {
        return Stream.of(Fault.values()).flatMap(f -> Stream.of(Level.values())
                .map(l -> Arguments.of(f, l)));
    }

    @ParameterizedTest(name = "{0} at {1}")
    @MethodSource("faultsAtEveryLevel")
    void fault_endsAsWithoutTheCache_isNeverKept_andOneCallRecovers(Fault fault, Level level)
            throws Exception {
        ResponseCache cache = cache(level);
        GoogleSearchServiceStub plain = withTimeout(
                new GoogleSearchServiceStub(context, endpoint));
        GoogleSearchServiceStub cached = cachedStub(cache, level);
        fault.arm(server);

        Outcome without = call(plain);
        int withoutRequests = server.requests();
        server.resetCount();
        Outcome with = call(cached);
        int withRequests = server.requests();

        assertThat(with).isEqualTo(without);
        assertThat(withRequests).isEqualTo(withoutRequests)
                .isEqualTo(fault == Fault.SERVER_DOWN ? 0 : 1);
        CacheStats s = cache.stats();
        assertThat(s.stores()).isZero();
        assertThat(s.entryCount()).isZero();

        server.restart();
        server.reply(RawHttpServer.full(200, TEXT_XML, OK));
        server.resetCount();
        assertThat(call(cached)).isEqualTo(new Outcome(ANSWER, null));
        assertThat(call(cached)).isEqualTo(new Outcome(ANSWER, null));
        assertThat(server.requests()).isEqualTo(1);
        assertThat(cache.stats("doSpellingSuggestion").hits()).isEqualTo(1);
        assertThat(cache.stats("doSpellingSuggestion").stores()).isEqualTo(1);
    }

    /** Faults that concurrent callers of one cold key see, the service answering slowly. */
    enum SharedFault {
        SLOWER_THAN_THE_CLIENT_TIMEOUT(Fault.SLOWER_THAN_THE_CLIENT_TIMEOUT),
        SOAP_FAULT_IN_500(Fault.SOAP_FAULT_IN_500),
        HTML_500(Fault.HTML_500),
        BODY_CUT_WITH_CONTENT_LENGTH(Fault.BODY_CUT_WITH_CONTENT_LENGTH);

        final Fault fault;

        SharedFault(Fault fault) {
            this.fault = fault;
        }
    }

    static Stream<Arguments> sharedFaultsAtEveryLevel() {
        return Stream.of(SharedFault.values()).flatMap(f -> Stream.of(Level.values())
                .map(l -> Arguments.of(f, l)));
    }

    @ParameterizedTest(name = "{0} at {1}")
    @MethodSource("sharedFaultsAtEveryLevel")
    void concurrentCallersOfAColdKey_makeOneRequestAndAllSeeItsFailure(SharedFault shared,
            Level level) throws Exception {
        ResponseCache cache = cache(level);
        Fault fault = shared.fault;
        fault.arm(server);
        Outcome alone = call(withTimeout(new GoogleSearchServiceStub(context, endpoint)));
        server.resetCount();
        // the leader's request is held at the server until every other caller waits for it
        // (a server slower than the client's timeout holds it anyway, until the client gives
        // up: the others join the flight within that second)
        boolean slow = fault == Fault.SLOWER_THAN_THE_CLIENT_TIMEOUT;
        Gate held = slow ? Gate.open() : new Gate();
        server.hold(held);
        int timeoutMs = slow ? TIMEOUT_MS : 30_000;
        int callers = 50;
        List<GoogleSearchServiceStub> stubs = new ArrayList<>();
        for (int i = 0; i < callers; i++) {
            stubs.add(cachedStub(cache, level, timeoutMs));
        }
        CyclicBarrier start = new CyclicBarrier(callers);
        List<Thread> threads = new CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            List<Future<Outcome>> outcomes = new ArrayList<>();
            for (GoogleSearchServiceStub stub : stubs) {
                outcomes.add(pool.submit(() -> {
                    threads.add(Thread.currentThread());
                    start.await();
                    return call(stub);
                }));
            }
            held.awaitEntered(1);
            if (!slow) {
                // every other caller waits for the leader's call
                Waits.untilParkedIn(threads, callers - 1, "SingleFlight$Flight", "await");
            }
            held.release();
            for (Future<Outcome> f : outcomes) {
                assertThat(f.get(60, TimeUnit.SECONDS)).isEqualTo(alone);
            }
        } finally {
            held.release();
            pool.shutdownNow();
            assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(server.requests()).isEqualTo(1);
        assertThat(cache.stats().stores()).isZero();
        assertThat(cache.stats().entryCount()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Level.class)
    void serverDown_everyCallFailsFastAndNothingIsKept(Level level) throws Exception {
        ResponseCache cache = cache(level);
        GoogleSearchServiceStub cached = cachedStub(cache, level);
        server.stop();
        for (int i = 0; i < 3; i++) {
            assertThat(call(cached).exceptionChain()).isNotEmpty();
        }
        assertThat(cache.stats().stores()).isZero();
        assertThat(cache.stats().misses()).isEqualTo(3);
    }

    private static ResponseCache cache(Level level) {
        String value = level == Level.OBJECT ? "" : "    value: "
                + level.name().toLowerCase(Locale.ROOT) + "\n";
        return ResponseCache.builder().policy(Policy.parse("operations:\n"
                + "  - operation: doSpellingSuggestion\n"
                + "    ttl: 60s\n" + value, "faults.yaml")).clock(new ManualClock()).build();
    }

    private static GoogleSearchServiceStub cachedStub(ResponseCache cache, Level level)
            throws Exception {
        return cachedStub(cache, level, TIMEOUT_MS);
    }

    private static GoogleSearchServiceStub cachedStub(ResponseCache cache, Level level,
            int timeoutMs) throws Exception {
        if (level == Level.OBJECT) {
            return withTimeout(CachingStubs.using(cache).subclass(GoogleSearchServiceStub.class,
                    context, endpoint), timeoutMs);
        }
        GoogleSearchServiceStub stub = new GoogleSearchServiceStub(context, endpoint);
        WsCache.install(stub, cache);
        return withTimeout(stub, timeoutMs);
    }

    private static GoogleSearchServiceStub withTimeout(GoogleSearchServiceStub stub) {
        return withTimeout(stub, TIMEOUT_MS);
    }

    private static GoogleSearchServiceStub withTimeout(GoogleSearchServiceStub stub,
            int timeoutMs) {
        Options o = stub._getServiceClient().getOptions();
        o.setTimeOutInMilliSeconds(timeoutMs);
        o.setProperty(HTTPConstants.SO_TIMEOUT, timeoutMs);
        o.setProperty(HTTPConstants.CONNECTION_TIMEOUT, timeoutMs);
        return stub;
    }

    private static Outcome call(GoogleSearchServiceStub stub) {
        try {
            return new Outcome(stub.doSpellingSuggestion(
                    GoogleFixtures.spellingRequest("britney speers")).get_return(), null);
        } catch (Exception e) {
            return Outcome.of(e);
        }
    }
}
