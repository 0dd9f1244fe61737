package io.github.wscache.jaxws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.wscache.jaxws.test.google.GoogleSearchPort;
import io.github.wscache.jaxws.test.google.GoogleSearchResult;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code stale-if-error} through the JAX-WS handler on Metro (this module's {@code metro}
 * test run; skipped where CXF is the runtime, whose own path {@link StaleIfErrorTest} covers):
 * a SOAP fault reaches the handler's {@code handleFault}, and when the engine lets the stale
 * entry stand in for it, the handler puts the stale response in the fault's place, so the call
 * gets the stale result. A failure without a SOAP message (a 503, a refused connection) reaches
 * no handler: the caller gets it as without the cache.
 */
@Timeout(60)
class StaleIfErrorHandlerTest extends StaleIfErrorFixture {
    @BeforeAll
    static void onlyOnMetro() {
        Assumptions.assumeFalse(onCxf(), "CXF's own path: StaleIfErrorTest");
    }

    private static boolean onCxf() {
        try {
            Class.forName("org.apache.cxf.Bus", false, StaleIfErrorHandlerTest.class
                    .getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private GoogleSearchPort port(String value) {
        return port(value, server);
    }

    private static GoogleSearchPort plain() {
        return plain(server);
    }

    @ParameterizedTest
    @ValueSource(strings = {"xml", "events"})
    void aSoapFault_withinTheWindow_isAnsweredWithTheStaleResult(String value) throws Exception {
        GoogleSearchPort port = port(value);
        GoogleSearchResult fresh = search(port);
        clock.advance(Duration.ofSeconds(5));

        server.faultNext(1);
        GoogleSearchResult onFault = search(port);
        GoogleSearchResult afterwards = search(port);

        assertThat(onFault).usingRecursiveComparison().isEqualTo(fresh);
        assertThat(afterwards).usingRecursiveComparison().isEqualTo(fresh);
        assertThat(server.requestCount("doGoogleSearch")).isEqualTo(3);
        assertThat(stoodIn()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"xml", "events"})
    void pastTheWindow_aSoapFault_reachesTheCallerAsWithoutTheCache(String value)
            throws Exception {
        server.faultNext(1);
        Throwable uncached = catchThrowable(() -> search(plain()));
        GoogleSearchPort port = port(value);
        search(port);
        clock.advance(Duration.ofSeconds(62));

        server.faultNext(1);
        Throwable fault = catchThrowable(() -> search(port));

        assertThat(uncached).isNotNull();
        assertThat(fault).hasSameClassAs(uncached).hasMessage(uncached.getMessage());
        assertThat(stoodIn()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"xml", "events"})
    void a503WithoutASoapMessage_reachesNoHandler_theCallerGetsIt(String value)
            throws Exception {
        server.failNext(1, 503);
        Throwable uncached = catchThrowable(() -> search(plain()));
        GoogleSearchPort port = port(value);
        search(port);
        clock.advance(Duration.ofSeconds(5));

        server.failNext(1, 503);
        Throwable on503 = catchThrowable(() -> search(port));

        assertThat(uncached).isNotNull();
        assertThat(on503).hasSameClassAs(uncached);
    }

    @ParameterizedTest
    @ValueSource(strings = {"xml", "events"})
    void callersWaitingForAFaultedExchange_getTheStaleResultToo(String value) throws Exception {
        waitersOfAFaultedExchangeGetTheStaleResult(value);
    }
}
