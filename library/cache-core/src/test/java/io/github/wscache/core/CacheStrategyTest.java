package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.copy.CopierChoice;
import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.copy.CopyStrategy;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.ValueRepresentation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The decision alone, as a table: no store, no clock but the one passed in, no service. Each row
 * is a policy, a response the integration reports, whether the entry is a caller's own, and what
 * the strategy must say: stored or not (with the reason), and for how long fresh and kept.
 */
class CacheStrategyTest {
    private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");
    private static final String DATE = "Tue, 24 Nov 2026 12:00:00 GMT";
    private static final OperationPolicy TTL_60 = OperationPolicy.builder().cacheable(true)
            .ttl(Duration.ofSeconds(60)).build();
    private static final OperationPolicy HTTP = TTL_60.toBuilder().honorHttpHeaders(true).build();
    private static final OperationPolicy HTTP_ONLY =
            TTL_60.toBuilder().httpHeadersOnly(true).build();

    /** A strategy copying under a registry of its own, as a cache built without one does. */
    private static CacheStrategy strategy(boolean surrogate) {
        return new CacheStrategy(surrogate, CopierRegistry.create());
    }

    private static CachedResponse.Builder ok() {
        return dated(DATE);
    }

    private static CachedResponse.Builder dated(String date) {
        return CachedResponse.builder(new byte[] {'<', 'r', '/', '>'}).header("Date", date);
    }

    static Stream<Arguments> responses() {
        List<Arguments> rows = new ArrayList<>();
        // policy, response, partitioned, expected reason (null: stored), fresh s, retained s
        rows.add(Arguments.of("ttl decides", TTL_60, ok().build(), false, null, 60, 60));
        rows.add(Arguments.of("ttl, validator kept longer", TTL_60,
                ok().header("ETag", "\"1\"").build(), false, null, 60, 120));
        rows.add(Arguments.of("marked not cacheable", TTL_60,
                ok().notCacheable("SOAP fault").build(), false, "SOAP fault", 0, 0));
        rows.add(Arguments.of("status 500", TTL_60, ok().status(500).build(), false,
                "HTTP status 500", 0, 0));
        rows.add(Arguments.of("status outside 100..599 is not stored", TTL_60,
                ok().status(999).build(), false, "HTTP status 999", 0, 0));
        rows.add(Arguments.of("status 203 is not stored at the message level", TTL_60,
                ok().status(203).build(), false, "HTTP status 203", 0, 0));
        rows.add(Arguments.of("sets a cookie, shared entry", TTL_60,
                ok().perUserOnly("the response sets a cookie").build(), false,
                "the response sets a cookie: not stored in an entry shared across users", 0, 0));
        rows.add(Arguments.of("sets a cookie, own entry", TTL_60,
                ok().perUserOnly("the response sets a cookie").build(), true, null, 60, 60));
        rows.add(Arguments.of("max-age wins over ttl", HTTP,
                ok().header("Cache-Control", "max-age=300").build(), false, null, 300, 300));
        rows.add(Arguments.of("no-store", HTTP,
                ok().header("Cache-Control", "no-store").build(), false, "no-store", 0, 0));
        rows.add(Arguments.of("private in a shared entry", HTTP,
                ok().header("Cache-Control", "private, max-age=60").build(), false, "private",
                0, 0));
        rows.add(Arguments.of("private in an own entry", HTTP,
                ok().header("Cache-Control", "private, max-age=30").build(), true, null, 30, 30));
        rows.add(Arguments.of("no freshness information: ttl", HTTP, ok().build(), false, null,
                60, 60));
        rows.add(Arguments.of("no-cache with validator: revalidate every use", HTTP,
                ok().header("Cache-Control", "no-cache").header("ETag", "\"1\"").build(), false,
                null, 0, 60));
        rows.add(Arguments.of("stale on arrival, no validator", HTTP,
                ok().header("Cache-Control", "max-age=0").build(), false, "stale on arrival",
                0, 0));
        rows.add(Arguments.of("stale on arrival, kept for its stale-if-error", HTTP,
                ok().header("Cache-Control", "max-age=0, stale-if-error=60").build(), false,
                null, 0, 60));
        rows.add(Arguments.of("stale on arrival, kept for what is left of its stale-if-error",
                HTTP, dated("Tue, 24 Nov 2026 11:59:58 GMT")
                        .header("Cache-Control", "max-age=1, stale-if-error=600").build(), false,
                null, 0, 599));
        rows.add(Arguments.of("stale on arrival, past its stale-if-error", HTTP,
                dated("Tue, 24 Nov 2026 11:40:00 GMT")
                        .header("Cache-Control", "max-age=1, stale-if-error=600").build(), false,
                "past its stale-if-error window", 0, 0));
        rows.add(Arguments.of("stale on arrival, must-revalidate: never sent stale", HTTP,
                ok().header("Cache-Control", "max-age=0, must-revalidate, stale-if-error=60")
                        .build(), false, "stale on arrival", 0, 0));
        rows.add(Arguments.of("no-cache never stands in for an error", HTTP,
                ok().header("Cache-Control", "no-cache, stale-if-error=600").build(), false,
                "stale on arrival", 0, 0));
        rows.add(Arguments.of("headers only: no freshness information, no validator", HTTP_ONLY,
                ok().build(), false, "no freshness information and no validator", 0, 0));
        rows.add(Arguments.of("headers only: a validator alone, revalidate every use", HTTP_ONLY,
                ok().header("ETag", "\"1\"").build(), false, null, 0, 60));
        rows.add(Arguments.of("headers only: a tenth of the time since Last-Modified",
                HTTP_ONLY, ok().header("Last-Modified", "Tue, 24 Nov 2026 10:20:00 GMT").build(),
                false, null, 600, 1200));
        rows.add(Arguments.of("headers only: at most a day of heuristic freshness", HTTP_ONLY,
                ok().header("Last-Modified", "Tue, 24 Nov 2015 12:00:00 GMT").build(), false,
                null, 86_400, 172_800));
        rows.add(Arguments.of("headers only: max-age as with honorHttpHeaders: true", HTTP_ONLY,
                ok().header("Cache-Control", "max-age=300").build(), false, null, 300, 300));
        rows.add(Arguments.of("headers only: a 404 with max-age is kept", HTTP_ONLY,
                ok().status(404).header("Cache-Control", "max-age=30").build(), false, null, 30,
                30));
        rows.add(Arguments.of("headers only: a 410, heuristically cacheable", HTTP_ONLY,
                ok().status(410).header("Last-Modified", "Tue, 24 Nov 2026 10:20:00 GMT")
                        .build(), false, null, 600, 1200));
        rows.add(Arguments.of("headers only: a 500 without freshness is not", HTTP_ONLY,
                ok().status(500).header("ETag", "\"1\"").build(), false, "HTTP status 500", 0,
                0));
        rows.add(Arguments.of("headers only: an unknown 599 with max-age is kept", HTTP_ONLY,
                ok().status(599).header("Cache-Control", "max-age=30").build(), false, null, 30,
                30));
        rows.add(Arguments.of("headers only: a 599 with must-understand is not", HTTP_ONLY,
                ok().status(599).header("Cache-Control", "max-age=30, must-understand, no-store")
                        .build(), false, "not understood", 0, 0));
        rows.add(Arguments.of("headers only: a 206 never", HTTP_ONLY,
                ok().status(206).header("Cache-Control", "max-age=30").build(), false,
                "HTTP status 206", 0, 0));
        rows.add(Arguments.of("headers true: only 200 is kept", HTTP,
                ok().status(404).header("Cache-Control", "max-age=30").build(), false,
                "HTTP status 404", 0, 0));
        rows.add(Arguments.of("headers ignored without honorHttpHeaders", TTL_60,
                ok().header("Cache-Control", "no-store").build(), false, null, 60, 60));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("responses")
    void onResponse_decidesStorageAndLifetimes(String row, OperationPolicy p, CachedResponse r,
            boolean partitioned, String reason, int freshSeconds, int retainSeconds) {
        CacheStrategy.Decision d = strategy(false).onResponse(p, r, partitioned, NOW);

        if (reason == null) {
            assertThat(d.storable()).as(row).isTrue();
            assertThat(d.fresh).as(row).isEqualTo(Duration.ofSeconds(freshSeconds));
            assertThat(d.retain).as(row).isEqualTo(Duration.ofSeconds(retainSeconds));
        } else {
            assertThat(d.storable()).as(row).isFalse();
            assertThat(d.notStorable.detail()).as(row).contains(reason);
            assertThat(d.notStorable.reason()).as(row)
                    .isIn(Reason.HTTP_RULES, Reason.PER_USER, Reason.HTTP_STATUS,
                            Reason.INTEGRATION);
        }
    }

    @Test
    void privateCache_sMaxAgeGivesNoFreshness() {
        CacheStrategy strategy = strategy(false);
        CachedResponse both = ok().header("Cache-Control", "max-age=10, s-maxage=300").build();
        CachedResponse sharedOnly = ok().header("Cache-Control", "s-maxage=300").build();

        assertThat(strategy.onResponse(HTTP, both, false, false, NOW).fresh)
                .isEqualTo(Duration.ofSeconds(300));
        assertThat(strategy.onResponse(HTTP, both, false, true, NOW).fresh)
                .isEqualTo(Duration.ofSeconds(10));
        assertThat(strategy.onResponse(HTTP, sharedOnly, false, true, NOW).fresh)
                .as("no freshness information for a private cache: the ttl")
                .isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void privateCache_keepsEntriesWithoutValidatorsPastFreshness_forMaxStale() {
        CacheStrategy strategy = strategy(false);
        CachedResponse r = ok().header("Cache-Control", "max-age=10").build();

        assertThat(strategy.onResponse(HTTP, r, false, false, NOW).retain)
                .isEqualTo(Duration.ofSeconds(10));
        assertThat(strategy.onResponse(HTTP, r, false, true, NOW).retain)
                .isEqualTo(Duration.ofSeconds(70));
    }

    @Test
    void surrogate_surrogateControlMaxAgeWinsOverCacheControl() {
        CachedResponse r = ok().header("Cache-Control", "private, no-store")
                .header("Surrogate-Control", "max-age=120").build();

        assertThat(strategy(true).onResponse(HTTP, r, false, NOW).fresh)
                .isEqualTo(Duration.ofSeconds(120));
        assertThat(strategy(false).onResponse(HTTP, r, false, NOW).storable())
                .isFalse();
        assertThat(strategy(true).onResponse(HTTP,
                ok().header("Surrogate-Control", "no-store").build(), false, NOW).notStorable)
                .isEqualTo(Why.of(Reason.HTTP_RULES, "not storable: Surrogate-Control no-store"));
    }

    @Test
    void bypass_saysWhyACallTakesNoPart() {
        Invocation plain = Invocation.builder("op").build();

        assertThat(CacheStrategy.bypassOfAnyCall(OperationPolicy.notCached(), plain))
                .isEqualTo(Why.of(Reason.NOT_CACHEABLE, "operation is not cacheable"));
        assertThat(CacheStrategy.bypassOfAnyCall(TTL_60, plain)).isNull();
        assertThat(CacheStrategy.bypassOfAnyCall(TTL_60,
                Invocation.builder("op").bypass("no session yet").build()))
                .isEqualTo(Why.of(Reason.INTEGRATION, "no session yet"));
        assertThat(CacheStrategy.bypassOfObjectCall(TTL_60.toBuilder()
                .value(ValueRepresentation.EVENTS).build(), plain))
                .isEqualTo(Why.of(Reason.MESSAGE_LEVEL,
                        "value: events is cached at the message level"));
        assertThat(CacheStrategy.bypassOfObjectCall(TTL_60, plain)).isNull();
    }

    @Test
    void waiters_getAnUnstoredResponseOnlyWhenReplayableAndNotPersonal() {
        Keys keys = new Keys();
        Invocation anonymous = Invocation.builder("op").build();
        Invocation alice = Invocation.builder("op").authorization("Basic YWxpY2U6cHc=").build();
        CacheKey shared = keys.create(anonymous, TTL_60, true);
        CacheKey own = keys.create(alice, TTL_60, true);
        CachedResponse fault = ok().status(500).notCacheable("SOAP fault").build();
        CachedResponse cookie = ok().status(500).perUserOnly("the response sets a cookie")
                .build();
        CachedResponse denied = ok().status(401).build();

        assertThat(CacheStrategy.mayHandToWaiters(true, anonymous, shared, fault)).isTrue();
        assertThat(CacheStrategy.mayHandToWaiters(false, anonymous, shared, fault)).isFalse();
        assertThat(CacheStrategy.mayHandToWaiters(true, anonymous, shared, cookie)).isFalse();
        assertThat(CacheStrategy.mayHandToWaiters(true, alice, own, cookie)).isTrue();
        assertThat(CacheStrategy.mayHandToWaiters(true, alice, shared, denied)).isFalse();
    }

    @Test
    void copier_readOnlySharesForcedFallsBackWithAWarningUncopyableSaysWhy() {
        @SuppressWarnings("unchecked")
        Class<Object> list = (Class<Object>) (Class<?>) java.util.ArrayList.class;
        @SuppressWarnings("unchecked")
        Class<Object> thread = (Class<Object>) (Class<?>) Thread.class;
        OperationPolicy readOnly = TTL_60.toBuilder().readOnly(true).build();
        OperationPolicy clone = TTL_60.toBuilder().value(ValueRepresentation.CLONE).build();

        assertThat(strategy(false).copier(readOnly, list).copier().get().strategy())
                .isEqualTo(CopyStrategy.REFERENCE);
        CopierChoice<Object> forced = strategy(false).copier(clone, thread);
        assertThat(forced.warning()).hasValueSatisfying(w -> assertThat(w)
                .startsWith("value: clone cannot copy java.lang.Thread safely"));
        assertThat(forced.copier()).isEmpty();
        assertThat(forced.reason()).startsWith("result type java.lang.Thread cannot be copied");
        assertThat(strategy(false).copier(TTL_60, list).copier()).isPresent();
    }

    @Test
    void dropsStored_forANewerNoAnswer_notForAServerError_norForAPersonalUnsharedAnswer() {
        CacheStrategy.Decision noStore = CacheStrategy.Decision.not(Reason.HTTP_RULES,
                "no-store");
        CacheStrategy.Decision perUser = CacheStrategy.Decision.not(Reason.PER_USER, "private");
        CacheStrategy.Decision status = CacheStrategy.Decision.not(Reason.HTTP_STATUS, "503");
        CacheStrategy.Decision kept = new CacheStrategy.Decision(null, Duration.ofSeconds(60),
                Duration.ofSeconds(60));
        Invocation anonymous = Invocation.builder("GET").build();
        Invocation personal = Invocation.builder("GET")
                .personal(List.of("cookie"), List.of()).build();
        CachedResponse ok = CachedResponse.builder(new byte[0]).status(200).build();
        CachedResponse notFound = CachedResponse.builder(new byte[0]).status(404).build();

        assertThat(CacheStrategy.dropsStored(noStore, ok, anonymous)).isTrue();
        assertThat(CacheStrategy.dropsStored(status, notFound, anonymous)).isTrue();
        assertThat(CacheStrategy.dropsStored(perUser, ok, anonymous)).isTrue();
        assertThat(CacheStrategy.dropsStored(perUser, ok, personal)).isFalse();
        assertThat(CacheStrategy.dropsStored(kept, ok, anonymous)).isFalse();
        for (int s : new int[] {500, 502, 503, 504, 599}) {
            CachedResponse error = CachedResponse.builder(new byte[0]).status(s).build();
            assertThat(CacheStrategy.dropsStored(status, error, anonymous)).as("status %d", s)
                    .isFalse();
            assertThat(CacheStrategy.dropsStored(noStore, error, anonymous)).as("status %d", s)
                    .isFalse();
        }
    }
}
