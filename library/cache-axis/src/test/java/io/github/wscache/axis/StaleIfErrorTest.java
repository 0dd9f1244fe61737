package io.github.wscache.axis;

import static io.github.wscache.axis.MessageLevelTest.assertSameResult;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.wscache.axis.MessageLevelTest.Representation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import io.github.wscache.google.stub.GoogleSearchServiceStub.GoogleSearchResult;
import io.github.wscache.testkit.ManualClock;
import java.time.Duration;
import java.util.Locale;
import org.apache.axis2.AxisFault;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code stale-if-error} (RFC 5861 §4) through Axis2's stub: when the service fails (a 503
 * without a SOAP body, a SOAP fault with HTTP 500, a refused connection) within the window its
 * response gave, cache-core lets the stale entry stand in for the failure and the stub gets the
 * stale result, for {@code value: xml} and {@code events}; past the window, or without the
 * directive, the stub gets the failure it gets without the cache.
 */
class StaleIfErrorTest extends GoogleFixture {
    private final ManualClock clock = new ManualClock();

    private ResponseCache install(Representation value) {
        google.server.setResponseHeader("Cache-Control", "max-age=1, stale-if-error=60");
        return google.install("operations:\n"
                + "  - service: GoogleSearchService\n    operation: doGoogleSearch\n"
                + "    ttl: 60s\n    honorHttpHeaders: true\n    value: "
                + value.name().toLowerCase(Locale.ROOT) + "\n", clock);
    }

    private static GoogleSearchResult search(GoogleSearchServiceStub stub) throws Exception {
        return stub.doGoogleSearch(GoogleFixtures.searchRequest("stale if error")).get_return();
    }

    private static GoogleSearchServiceStub stub(GoogleServer at) throws AxisFault {
        return new GoogleSearchServiceStub(google.context, at.endpoint());
    }

    @ParameterizedTest
    @EnumSource(Representation.class)
    void a503OrASoapFault_withinTheWindow_isAnsweredWithTheStaleResult(Representation value)
            throws Exception {
        ResponseCache cache = install(value);
        GoogleSearchServiceStub stub = stub(google.server);
        GoogleSearchResult fresh = search(stub);
        clock.advance(Duration.ofSeconds(5));

        google.server.failNext(1, 503);
        GoogleSearchResult on503 = search(stub);
        google.server.faultNext(1);
        GoogleSearchResult onFault = search(stub);

        assertSameResult(on503, fresh);
        assertSameResult(onFault, fresh);
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(3);
        assertThat(cache.stats("doGoogleSearch").hits()).as("answered stale").isEqualTo(2);
        assertThat(cache.stats("doGoogleSearch").stores()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Representation.class)
    void aRefusedConnection_withinTheWindow_isAnsweredWithTheStaleResult(Representation value)
            throws Exception {
        ResponseCache cache = install(value);
        GoogleServer gone = GoogleServer.start(0);
        gone.setResponseHeader("Cache-Control", "max-age=1, stale-if-error=60");
        GoogleSearchServiceStub stub = stub(gone);
        GoogleSearchResult fresh = search(stub);
        gone.close();
        clock.advance(Duration.ofSeconds(5));

        GoogleSearchResult stale = search(stub);
        clock.advance(Duration.ofSeconds(60));
        Throwable afterTheWindow = catchThrowable(() -> search(stub));

        assertSameResult(stale, fresh);
        assertThat(cache.stats("doGoogleSearch").hits()).isEqualTo(1);
        assertThat(afterTheWindow).isInstanceOf(AxisFault.class);
    }

    @ParameterizedTest
    @EnumSource(Representation.class)
    void afterTheWindow_orWithoutTheDirective_theFailureReachesTheCaller(Representation value)
            throws Exception {
        GoogleSearchServiceStub stub = stub(google.server);
        google.server.faultNext(1);
        Throwable uncached = catchThrowable(() -> search(stub));
        ResponseCache cache = install(value);
        search(stub);
        clock.advance(Duration.ofSeconds(62));

        google.server.faultNext(1);
        Throwable fault = catchThrowable(() -> search(stub));
        google.server.setResponseHeader("Cache-Control", "max-age=1");
        search(stub);
        clock.advance(Duration.ofSeconds(5));
        google.server.failNext(1, 503);
        Throwable on503 = catchThrowable(() -> search(stub));

        assertThat(uncached).isInstanceOf(AxisFault.class);
        assertThat(fault).hasSameClassAs(uncached).hasMessage(uncached.getMessage());
        assertThat(on503).isInstanceOf(AxisFault.class);
        assertThat(cache.stats("doGoogleSearch").hits()).isZero();
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(5);
    }
}
