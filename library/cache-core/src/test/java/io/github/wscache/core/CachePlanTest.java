package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.policy.OperationPolicy;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one decision value of a message call ({@link CacheStrategy#plan}) and the one place that
 * lets a stale entry stand in for a failed service ({@link CacheStrategy#standsInForError}),
 * table by table: no flow and no integration decides these.
 */
class CachePlanTest {
    private static final long SECOND = 1_000_000_000L;
    /** The store's clock at the rows' "now": entries below were stored at 0. */
    private static final long NOW = 100 * SECOND;
    private static final OperationPolicy TTL = OperationPolicy.builder().cacheable(true)
            .ttl(Duration.ofSeconds(60)).build();
    private static final Invocation PLAIN = Invocation.builder("GET").build();
    private static final CacheKey KEY = new Keys().create(PLAIN, TTL, true);

    /** An entry stored at 0, fresh for {@code freshSeconds}, of a response with these fields. */
    private static Entry entry(long freshSeconds, String... fields) {
        CachedResponse.Builder b = CachedResponse.builder(new byte[] {1});
        for (int i = 0; i < fields.length; i += 2) {
            b.header(fields[i], fields[i + 1]);
        }
        return new Entry(b.build(), null, TTL, "GET", "GET", 100, freshSeconds * SECOND,
                Long.MAX_VALUE, 0, 0, null);
    }

    private static Invocation asking(String cacheControl) {
        return Invocation.builder("GET").requestDirectives(java.util.List.of(cacheControl),
                java.util.List.of()).build();
    }

    static Stream<Arguments> plans() {
        return Stream.of(
                Arguments.of("not cacheable: pass", OperationPolicy.notCached(), PLAIN, KEY,
                        entry(200), CacheStrategy.Action.PASS, Reason.NOT_CACHEABLE),
                Arguments.of("the integration's bypass: pass", TTL,
                        Invocation.builder("GET").bypass("conditional").build(), KEY, null,
                        CacheStrategy.Action.PASS, Reason.INTEGRATION),
                Arguments.of("no key: pass", TTL, PLAIN, null, null, CacheStrategy.Action.PASS,
                        Reason.NO_KEY),
                Arguments.of("nothing stored: fetch", TTL, PLAIN, KEY, null,
                        CacheStrategy.Action.FETCH, null),
                Arguments.of("fresh: serve", TTL, PLAIN, KEY, entry(200),
                        CacheStrategy.Action.SERVE, null),
                Arguments.of("stale with a validator: revalidate", TTL, PLAIN, KEY,
                        entry(50, "ETag", "\"a\""), CacheStrategy.Action.REVALIDATE, null),
                Arguments.of("stale, no validator: fetch", TTL, PLAIN, KEY, entry(50),
                        CacheStrategy.Action.FETCH, null),
                Arguments.of("stale, stale-if-error: handed over to stand in", TTL, PLAIN, KEY,
                        entry(50, "Cache-Control", "stale-if-error=60"),
                        CacheStrategy.Action.REVALIDATE, null),
                Arguments.of("fresh, request no-cache: revalidate", TTL, asking("no-cache"), KEY,
                        entry(200, "ETag", "\"a\""), CacheStrategy.Action.REVALIDATE, null),
                Arguments.of("fresh, older than the request's max-age: revalidate", TTL,
                        asking("max-age=10"), KEY, entry(200, "ETag", "\"a\""),
                        CacheStrategy.Action.REVALIDATE, null),
                Arguments.of("fresh, less left than min-fresh: fetch", TTL,
                        asking("min-fresh=500"), KEY, entry(200), CacheStrategy.Action.FETCH,
                        null),
                Arguments.of("stale within the request's max-stale: serve", TTL,
                        asking("max-stale=60"), KEY, entry(50), CacheStrategy.Action.SERVE,
                        null),
                Arguments.of("stale within max-stale but must-revalidate: fetch", TTL,
                        asking("max-stale=60"), KEY, entry(50, "Cache-Control",
                                "must-revalidate"), CacheStrategy.Action.FETCH, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plans")
    void plan_isOneValueWithATypedReason(String row, OperationPolicy p, Invocation inv,
            CacheKey key, Entry stored, CacheStrategy.Action action, Reason why) {
        CacheStrategy.Plan plan = CacheStrategy.plan(p, inv, key, stored, NOW);

        assertThat(plan.action()).as(row).isEqualTo(action);
        assertThat(plan.why() == null ? null : plan.why().reason()).as(row).isEqualTo(why);
    }

    static Stream<Arguments> whenTheIntegrationCanDoMore() {
        String swr = "stale-while-revalidate=60";
        return Stream.of(
                Arguments.of("stale within stale-while-revalidate: serve stale", PLAIN,
                        entry(50, "Cache-Control", swr), CacheStrategy.Action.SERVE_STALE),
                Arguments.of("past the window: fetch", PLAIN, entry(10, "Cache-Control", swr),
                        CacheStrategy.Action.FETCH),
                Arguments.of("the request's no-cache: fetch", asking("no-cache"),
                        entry(50, "Cache-Control", swr), CacheStrategy.Action.FETCH),
                Arguments.of("older than the request's max-age: fetch", asking("max-age=5"),
                        entry(50, "Cache-Control", swr), CacheStrategy.Action.FETCH),
                Arguments.of("must-revalidate forbids it: fetch", PLAIN,
                        entry(50, "Cache-Control", swr + ", must-revalidate"),
                        CacheStrategy.Action.FETCH),
                Arguments.of("only-if-cached, nothing stored: unavailable",
                        asking("only-if-cached"), null, CacheStrategy.Action.UNAVAILABLE),
                Arguments.of("only-if-cached, stale: unavailable", asking("only-if-cached"),
                        entry(50, "ETag", "\"a\""), CacheStrategy.Action.UNAVAILABLE),
                Arguments.of("only-if-cached, fresh: serve", asking("only-if-cached"),
                        entry(200), CacheStrategy.Action.SERVE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("whenTheIntegrationCanDoMore")
    void plan_withBackgroundExchangesAndA504_servesStaleOrAnswersUnavailable(String row,
            Invocation inv, Entry stored, CacheStrategy.Action action) {
        assertThat(CacheStrategy.plan(TTL, inv, KEY, stored, NOW, true, true).action())
                .as(row).isEqualTo(action);
        if (action == CacheStrategy.Action.SERVE_STALE
                || action == CacheStrategy.Action.UNAVAILABLE) {
            assertThat(CacheStrategy.plan(TTL, inv, KEY, stored, NOW).action())
                    .as(row + ", when the integration can do neither")
                    .isIn(CacheStrategy.Action.FETCH, CacheStrategy.Action.REVALIDATE);
        }
    }

    static Stream<Arguments> failures() {
        IOException io = new IOException("connection reset");
        return Stream.of(
                Arguments.of("an I/O failure within stale-if-error", PLAIN,
                        entry(50, "Cache-Control", "stale-if-error=60"), io, 0, true),
                Arguments.of("a 503 within stale-if-error", PLAIN,
                        entry(50, "Cache-Control", "stale-if-error=60"), null, 503, true),
                Arguments.of("a 404 is an answer, not a failure", PLAIN,
                        entry(50, "Cache-Control", "stale-if-error=60"), null, 404, false),
                Arguments.of("past the window", PLAIN,
                        entry(10, "Cache-Control", "stale-if-error=60"), io, 0, false),
                Arguments.of("no stale-if-error anywhere", PLAIN, entry(50), io, 0, false),
                Arguments.of("the request's own stale-if-error", asking("stale-if-error=60"),
                        entry(50), io, 0, true),
                Arguments.of("must-revalidate forbids it", PLAIN,
                        entry(50, "Cache-Control", "stale-if-error=60, must-revalidate"), io, 0,
                        false),
                Arguments.of("the request's no-cache forbids it", asking("no-cache"),
                        entry(50, "Cache-Control", "stale-if-error=60"), io, 0, false),
                Arguments.of("an interruption is not the service's failure", PLAIN,
                        entry(50, "Cache-Control", "stale-if-error=60"),
                        new InterruptedIOException(), 0, false),
                Arguments.of("an Error is not the service's failure", PLAIN,
                        entry(50, "Cache-Control", "stale-if-error=60"),
                        new OutOfMemoryError(), 0, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("failures")
    void standsInForError_onlyForAFailureWithinTheWindow(String row, Invocation inv, Entry e,
            Throwable failure, int status, boolean expected) {
        assertThat(CacheStrategy.standsInForError(e, inv, NOW, failure, status)).as(row)
                .isEqualTo(expected);
    }

    @Test
    void reasons_haveShortStableTexts() {
        assertThat(Reason.TOO_LARGE.text()).isEqualTo("too-large");
        assertThat(Reason.HTTP_RULES).hasToString("http-rules");
        assertThat(Stream.of(Reason.values()).map(Reason::text).distinct().count())
                .isEqualTo(Reason.values().length);
    }
}
