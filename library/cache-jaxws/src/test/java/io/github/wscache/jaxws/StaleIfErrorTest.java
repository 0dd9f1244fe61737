package io.github.wscache.jaxws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.wscache.google.GoogleServer;
import io.github.wscache.jaxws.test.google.GoogleSearchPort;
import io.github.wscache.jaxws.test.google.GoogleSearchResult;
import io.github.wscache.testkit.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code stale-if-error} (RFC 5861 §4) for a CXF client on CXF's own path: the engine decides
 * that a stale entry stands in for a failed call (a 503 without a SOAP body, a SOAP fault with
 * HTTP 500, a refused connection), and the caller gets the stale result instead of the failure
 * CXF had already recorded. Against google-ws's Axis2 server, whose responses carry the
 * directive ({@link GoogleServer#setResponseHeader}); time moves on a {@link ManualClock}.
 * Through the JAX-WS handler on Metro: {@link StaleIfErrorHandlerTest}.
 */
@Tag("cxf")
@Timeout(60)
class StaleIfErrorTest extends StaleIfErrorFixture {
    @ParameterizedTest
    @ValueSource(strings = {"xml", "events"})
    void a503OrASoapFault_withinTheWindow_isAnsweredWithTheStaleResult(String value)
            throws Exception {
        GoogleSearchPort port = port(value, server);
        GoogleSearchResult fresh = search(port);
        clock.advance(Duration.ofSeconds(5));

        server.failNext(1, 503);
        GoogleSearchResult on503 = search(port);
        server.faultNext(1);
        GoogleSearchResult onFault = search(port);

        assertThat(on503).usingRecursiveComparison().isEqualTo(fresh);
        assertThat(onFault).usingRecursiveComparison().isEqualTo(fresh);
        assertThat(server.requestCount("doGoogleSearch")).isEqualTo(3);
        assertThat(stoodIn()).isEqualTo(2);

        GoogleSearchResult afterwards = search(port);
        assertThat(afterwards).usingRecursiveComparison().isEqualTo(fresh);
        assertThat(server.requestCount("doGoogleSearch"))
                .as("the entry stayed stale; the service answers again").isEqualTo(4);
        assertThat(stoodIn()).isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"xml", "events"})
    void aRefusedConnection_withinTheWindow_isAnsweredWithTheStaleResult(String value)
            throws Exception {
        GoogleServer gone = GoogleServer.start(0);
        gone.setResponseHeader("Cache-Control", "max-age=1, stale-if-error=60");
        GoogleSearchPort port = port(value, gone);
        GoogleSearchResult fresh = search(port);
        GoogleSearchPort uncached = plain(gone);
        gone.close();
        Throwable refused = catchThrowable(() -> search(uncached));
        clock.advance(Duration.ofSeconds(5));

        GoogleSearchResult stale = search(port);
        clock.advance(Duration.ofSeconds(60));
        Throwable afterTheWindow = catchThrowable(() -> search(port));

        assertThat(refused).as("without the cache").isNotNull();
        assertThat(stale).usingRecursiveComparison().isEqualTo(fresh);
        assertThat(stoodIn()).isEqualTo(1);
        assertThat(afterTheWindow).hasSameClassAs(refused);
    }

    @ParameterizedTest
    @ValueSource(strings = {"xml", "events"})
    void afterTheWindow_orWithoutTheDirective_theFailureReachesTheCallerAsWithoutTheCache(
            String value) throws Exception {
        server.faultNext(1);
        Throwable uncachedFault = catchThrowable(() -> search(plain(server)));
        server.failNext(1, 503);
        Throwable uncached503 = catchThrowable(() -> search(plain(server)));
        GoogleSearchPort port = port(value, server);
        search(port);
        clock.advance(Duration.ofSeconds(62));

        server.faultNext(1);
        Throwable fault = catchThrowable(() -> search(port));
        server.setResponseHeader("Cache-Control", "max-age=1");
        search(port);
        clock.advance(Duration.ofSeconds(5));
        server.failNext(1, 503);
        Throwable on503 = catchThrowable(() -> search(port));

        assertThat(uncachedFault).isNotNull();
        assertThat(fault).hasSameClassAs(uncachedFault).hasMessage(uncachedFault.getMessage());
        assertThat(uncached503).isNotNull();
        assertThat(on503).hasSameClassAs(uncached503);
        assertThat(stoodIn()).isZero();
        assertThat(server.requestCount("doGoogleSearch")).isEqualTo(6);
    }

    @ParameterizedTest
    @ValueSource(strings = {"xml", "events"})
    void callersWaitingForAFailedExchange_getTheStaleResultToo(String value) throws Exception {
        waitersOfAFaultedExchangeGetTheStaleResult(value);
    }
}
