package io.github.wscache.jaxws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.CacheEvent;
import io.github.wscache.core.Reason;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.jaxws.test.google.GoogleSearchPort;
import io.github.wscache.jaxws.test.google.GoogleSearchResult;
import io.github.wscache.jaxws.test.google.GoogleSearchService;
import io.github.wscache.testkit.ManualClock;
import io.github.wscache.testkit.Waits;
import jakarta.xml.ws.BindingProvider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the {@code stale-if-error} tests share ({@link StaleIfErrorTest} on CXF's own path,
 * {@link StaleIfErrorHandlerTest} through the handler on Metro): google-ws's Axis2 server, whose
 * responses say {@code max-age=1, stale-if-error=60} during each test, a cache on a
 * {@link ManualClock} whose events are kept, and ports to the server with and without it.
 */
abstract class StaleIfErrorFixture {
    static GoogleServer server;
    static GoogleSearchService service;
    final ManualClock clock = new ManualClock();
    final List<CacheEvent> events = new CopyOnWriteArrayList<>();
    ResponseCache cache;

    @BeforeAll
    static void start() throws Exception {
        server = GoogleServer.start(0);
        service = new GoogleSearchService();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void reset() {
        server.resetCounts();
        server.setResponseHeader("Cache-Control", "max-age=1, stale-if-error=60");
    }

    @AfterEach
    void release() {
        server.releaseRequests();
        server.failNext(0, 503);
        server.setResponseHeader("Cache-Control", null);
    }

    /** A port to {@code at} with a new cache ({@link #cache}) of {@code value}. */
    GoogleSearchPort port(String value, GoogleServer at) {
        cache = ResponseCache.builder().clock(clock).listener(events::add)
                .policy(Policy.parse("operations:\n"
                        + "  - service: GoogleSearchService\n    operation: doGoogleSearch\n"
                        + "    ttl: 60s\n    honorHttpHeaders: true\n    value: " + value + "\n",
                        "wscache.yaml")).build();
        return WsCacheJaxWs.install(plain(at), cache);
    }

    /** A port to {@code at} without a cache. */
    static GoogleSearchPort plain(GoogleServer at) {
        GoogleSearchPort port = service.getGoogleSearchSoap11Port();
        ((BindingProvider) port).getRequestContext().put(
                BindingProvider.ENDPOINT_ADDRESS_PROPERTY, at.endpoint());
        return port;
    }

    static GoogleSearchResult search(GoogleSearchPort port) throws Exception {
        return port.doGoogleSearch("key", "stale if error", 0, 10, false, "", false, "",
                "UTF-8", "UTF-8");
    }

    /** How many calls a stale entry answered in place of a failure. */
    long stoodIn() {
        return events.stream()
                .filter(e -> e.reason().orElse(null) == Reason.STALE_IF_ERROR).count();
    }

    /**
     * Eight callers of {@code value}, a port each (JAX-WS ports are not thread-safe), while the
     * service holds the first request and then answers it with a SOAP fault within the window:
     * the seven waiting in the engine's single flight and the one that sent all get the stale
     * result, from one request.
     */
    void waitersOfAFaultedExchangeGetTheStaleResult(String value) throws Exception {
        int callers = 8;
        GoogleSearchResult fresh = search(port(value, server));
        clock.advance(Duration.ofSeconds(5));
        server.holdRequests();
        server.faultNext(1);
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            List<Future<GoogleSearchResult>> results = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                GoogleSearchPort port = WsCacheJaxWs.install(plain(server), cache);
                results.add(pool.submit(() -> search(port)));
            }
            Waits.until("one request held", () -> server.heldRequests() == 1);
            Waits.until((callers - 1) + " callers waiting in the single flight",
                    () -> GoogleClientTest.waitingInSingleFlight() == callers - 1);
            server.releaseRequests();
            for (Future<GoogleSearchResult> f : results) {
                assertThat(f.get(30, TimeUnit.SECONDS)).usingRecursiveComparison()
                        .isEqualTo(fresh);
            }
        } finally {
            server.releaseRequests();
            pool.shutdownNow();
        }
        assertThat(server.requestCount("doGoogleSearch")).isEqualTo(2);
    }
}
