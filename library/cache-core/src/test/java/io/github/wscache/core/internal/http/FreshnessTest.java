package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FreshnessTest {

    /** The response time of most examples; the Date header says the same unless a test skews it. */
    private static final Instant T = Instant.parse("2026-01-01T10:00:00Z");

    private static final FreshnessOptions SHARED = FreshnessOptions.defaults();
    private static final FreshnessOptions PRIVATE = SHARED.withSharedCache(false);

    /** Builds a response received at {@code T}, requested at {@code T}, with the given fields. */
    private static ResponseMetadata response(int status, String... namesAndValues) {
        return ResponseMetadata.of(status, Headers.of(namesAndValues), T, T);
    }

    /** Splits {@code "Name: value | Name: value"} into a response with a Date of {@code T}. */
    private static ResponseMetadata responseWithDate(int status, String fields) {
        List<String> pairs = new ArrayList<>(List.of("Date", HttpDates.format(T)));
        if (fields != null) {
            for (String field : fields.split("\\|")) {
                int colon = field.indexOf(':');
                pairs.add(field.substring(0, colon).strip());
                pairs.add(field.substring(colon + 1).strip());
            }
        }
        return response(status, pairs.toArray(String[]::new));
    }

    private static String at(long secondsAfterT) {
        return HttpDates.format(T.plusSeconds(secondsAfterT));
    }

    @Nested
    class Lifetime {

        @ParameterizedTest(name = "[{index}] {0} shared={1} -> {2}s")
        @CsvSource(delimiter = ';', value = {
            // RFC 9111 §4.2.1: s-maxage (shared only) > max-age > Expires - Date
            "Cache-Control: s-maxage=300, max-age=60                        ; true  ; 300",
            "Cache-Control: s-maxage=300, max-age=60                        ; false ; 60",
            "Cache-Control: max-age=60 | Expires: Thu, 01 Jan 2026 11:00:00 GMT ; true ; 60",
            "Expires: Thu, 01 Jan 2026 11:00:00 GMT                         ; true  ; 3600",
            "Expires: Thu, 01 Jan 2026 11:00:00 GMT                         ; false ; 3600",
            "Cache-Control: s-maxage=300 | Expires: Thu, 01 Jan 2026 11:00:00 GMT ; true ; 300",
            "Cache-Control: s-maxage=300 | Expires: Thu, 01 Jan 2026 11:00:00 GMT ; false ; 3600",
            "Cache-Control: s-maxage=300                                    ; false ; 0",
            // §5.3: invalid Expires, including "0", means already expired
            "Expires: 0                                                     ; true  ; 0",
            "Expires: yesterday                                             ; true  ; 0",
            "Expires: Thu, 01 Jan 2026 09:00:00 GMT                         ; true  ; 0",
            // §4.2.1: invalid max-age means stale, and Expires is then ignored (§5.3)
            "Cache-Control: max-age=soon | Expires: Thu, 01 Jan 2026 11:00:00 GMT ; true ; 0",
            "Cache-Control: max-age=10, max-age=20                          ; true  ; 10",
            "Cache-Control: max-age=\"45\"                                  ; true  ; 45",
            "Cache-Control: public                                          ; true  ; 0",
        })
        void followsTheRfc9111Precedence(String fields, boolean shared, long seconds) {
            ResponseMetadata meta = responseWithDate(200, fields);
            FreshnessOptions opts = shared ? SHARED : PRIVATE;
            assertThat(Freshness.freshnessLifetime(meta, opts)).hasSeconds(seconds);
        }

        @Test
        void usesTheResponseTimeWhenDateIsMissing() {
            ResponseMetadata meta = ResponseMetadata.of(200,
                    Headers.of("Expires", at(600)), T.minusSeconds(5), T.plusSeconds(100));
            assertThat(Freshness.freshnessLifetime(meta, SHARED)).hasSeconds(500);
        }

        @Test
        void expiresIsMeasuredFromTheOriginsDateNotOurClock() {
            // origin clock 1 hour behind ours: Expires - Date still gives the intended 10 minutes
            ResponseMetadata meta = response(200, "Date", at(-3600), "Expires", at(-3000));
            assertThat(Freshness.freshnessLifetime(meta, SHARED)).hasMinutes(10);
        }

        @ParameterizedTest(name = "[{index}] status {0}, modified {1}s before Date -> {2}s")
        @CsvSource({
            // RFC 9111 §4.2.2: 10% of the time since Last-Modified, capped at 24 h by default
            "200, 432000, 43200",
            "200, 864000, 86400",
            "200, 2592000, 86400",
            "200, 100, 10",
            "200, 0, 0",
            "200, -600, 0",
            "404, 432000, 43200",
            "301, 432000, 43200",
            "410, 432000, 43200",
            "302, 432000, 0",
            "500, 432000, 0",
            "201, 432000, 0",
        })
        void estimatesHeuristicLifetimes(int status, long modifiedBefore, long seconds) {
            ResponseMetadata meta = response(status, "Date", at(0),
                    "Last-Modified", at(-modifiedBefore));
            assertThat(Freshness.freshnessLifetime(meta, SHARED)).hasSeconds(seconds);
        }

        @Test
        void heuristicsCanBeCappedOrDisabled() {
            ResponseMetadata meta = response(200, "Date", at(0), "Last-Modified", at(-864000));
            assertThat(Freshness.freshnessLifetime(meta,
                    SHARED.withMaxHeuristicLifetime(Duration.ofHours(1)))).hasHours(1);
            assertThat(Freshness.freshnessLifetime(meta, SHARED.withHeuristics(false)))
                    .isZero();
        }

        @Test
        void heuristicsNeverOverrideExplicitExpiry() {
            ResponseMetadata meta = response(200, "Date", at(0), "Last-Modified", at(-864000),
                    "Cache-Control", "max-age=5");
            assertThat(Freshness.freshnessLifetime(meta, SHARED)).hasSeconds(5);
            ResponseMetadata expired = response(200, "Date", at(0),
                    "Last-Modified", at(-864000), "Expires", "0");
            assertThat(Freshness.freshnessLifetime(expired, SHARED)).isZero();
        }

        @Test
        void heuristicsUseTheResponseTimeWithoutDate() {
            ResponseMetadata meta = response(200, "Last-Modified", at(-1000));
            assertThat(Freshness.freshnessLifetime(meta, SHARED)).hasSeconds(100);
        }
    }

    @Nested
    class CurrentAge {

        private final Instant requestTime = Instant.parse("2026-01-01T10:00:00Z");
        private final Instant responseTime = Instant.parse("2026-01-01T10:00:02Z");

        private Duration age(String date, String ageHeader, Instant now) {
            Map<String, List<String>> fields = new java.util.HashMap<>();
            if (date != null) {
                fields.put("Date", List.of(date));
            }
            if (ageHeader != null) {
                fields.put("Age", List.of(ageHeader));
            }
            ResponseMetadata meta = ResponseMetadata.of(200, fields, requestTime, responseTime);
            return Freshness.currentAge(meta, now);
        }

        @ParameterizedTest(name = "[{index}] Date {0}, Age {1}")
        @CsvSource(delimiter = ';', nullValues = "-", value = {
            "Thu, 01 Jan 2026 10:00:02 GMT ; -",
            "Thu, 01 Jan 2026 09:59:50 GMT ; -",
            "Thu, 01 Jan 2026 09:59:50 GMT ; 30",
            "Thu, 01 Jan 2026 09:59:50 GMT ; 3",
            "Thu, 01 Jan 2026 10:05:00 GMT ; -",
            "Thursday, 01-Jan-26 09:59:00 GMT ; -",
            "Thu Jan  1 09:59:00 2026 ; 7, 9",
            "not a date ; 30",
            "- ; 45",
            "- ; -1",
            "- ; soon",
            "'  Thu, 01 Jan 2026 09:59:58 GMT  ' ; -",
        })
        void onArrival_isTheCurrentAgeOfAResponseRequestedAndReceivedThen(String date,
                String ageHeader) {
            Map<String, List<String>> fields =
                    new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            if (date != null) {
                fields.put("date", List.of(date));
            }
            if (ageHeader != null) {
                fields.put("AGE", List.of(ageHeader));
            }
            ResponseMetadata meta = ResponseMetadata.of(200, fields, responseTime, responseTime);

            assertThat(Freshness.ageOnArrival(fields, responseTime))
                    .isEqualTo(Freshness.currentAge(meta, responseTime));
        }

        @Test
        void worksThroughTheRfc9111Section423Algorithm() {
            // Date 09:59:50 -> apparent_age = 10:00:02 - 09:59:50 = 12 s
            // response_delay = 2 s; corrected_age_value = Age 30 + 2 = 32 s
            // corrected_initial_age = max(12, 32) = 32 s
            // resident_time = 10:01:02 - 10:00:02 = 60 s; current_age = 92 s
            assertThat(age("Thu, 01 Jan 2026 09:59:50 GMT", "30",
                    Instant.parse("2026-01-01T10:01:02Z"))).hasSeconds(92);
        }

        @Test
        void apparentAgeWinsWhenTheOriginClockIsBehindAndAgeIsSmall() {
            // apparent_age = 122 s > corrected_age_value = 0 + 2 s
            assertThat(age("Thu, 01 Jan 2026 09:58:00 GMT", null, responseTime))
                    .hasSeconds(122);
            assertThat(age("Thu, 01 Jan 2026 09:58:00 GMT", "100", responseTime))
                    .hasSeconds(122);
            assertThat(age("Thu, 01 Jan 2026 09:58:00 GMT", "200", responseTime))
                    .hasSeconds(202);
        }

        @Test
        void aDateInTheFutureGivesNoApparentAge() {
            // origin clock 5 minutes ahead: apparent_age = max(0, -298) = 0;
            // the response delay of 2 s still counts, plus 10 s in the cache
            assertThat(age("Thu, 01 Jan 2026 10:05:00 GMT", null,
                    Instant.parse("2026-01-01T10:00:12Z"))).hasSeconds(12);
        }

        @Test
        void countsTheResponseDelayConservatively() {
            // no Date, no Age: age = response_delay + resident_time
            assertThat(age(null, null, responseTime)).hasSeconds(2);
            assertThat(age(null, "10", Instant.parse("2026-01-01T10:00:07Z"))).hasSeconds(17);
        }

        @Test
        void invalidAgeIsIgnored() {
            assertThat(age(null, "-10", responseTime)).hasSeconds(2);
            assertThat(age(null, "ten", responseTime)).hasSeconds(2);
        }

        @Test
        void timesPassedOutOfOrderNeverMakeTheAgeNegative() {
            ResponseMetadata meta = ResponseMetadata.of(200, Map.of(), responseTime, requestTime);
            assertThat(Freshness.currentAge(meta, requestTime.minusSeconds(60))).isZero();
        }
    }

    @Nested
    class Evaluate {

        private FreshnessDecision evaluate(ResponseMetadata meta, long secondsAfterT) {
            return Freshness.evaluate(meta, T.plusSeconds(secondsAfterT), SHARED);
        }

        @Test
        void freshWhileTheAgeIsBelowTheLifetime() {
            FreshnessDecision d = evaluate(responseWithDate(200, "Cache-Control: max-age=60"), 20);
            assertThat(d.kind()).isEqualTo(FreshnessDecision.Kind.FRESH);
            assertThat(d.isFresh()).isTrue();
            assertThat(d.lifetime()).hasSeconds(60);
            assertThat(d.currentAge()).hasSeconds(20);
            assertThat(d.remaining()).hasSeconds(40);
            assertThat(d.staleness()).isZero();
            assertThat(d.validators()).isEmpty();
        }

        @ParameterizedTest(name = "[{index}] {0} at +{1}s -> {2}")
        @CsvSource(delimiter = ';', value = {
            "Cache-Control: max-age=60                   ; 59  ; FRESH",
            "Cache-Control: max-age=60                   ; 60  ; STALE",
            "Cache-Control: max-age=60 | ETag: \"v1\"    ; 60  ; STALE_NEEDS_REVALIDATION",
            "Cache-Control: max-age=60 | Last-Modified: Thu, 01 Jan 2026 09:00:00 GMT ; 61"
                    + " ; STALE_NEEDS_REVALIDATION",
            "Expires: 0 | ETag: \"v1\"                   ; 0   ; STALE_NEEDS_REVALIDATION",
            "Expires: 0                                  ; 0   ; STALE",
            "Cache-Control: no-cache, max-age=600 | ETag: W/\"v1\" ; 0 ; STALE_NEEDS_REVALIDATION",
            "Cache-Control: no-cache                     ; 0   ; STALE_NEEDS_REVALIDATION",
            "Cache-Control: no-cache=\"Set-Cookie\", max-age=600 ; 0 ; STALE_NEEDS_REVALIDATION",
            "Cache-Control: must-revalidate, max-age=60  ; 30  ; FRESH",
            "Cache-Control: immutable, max-age=60        ; 60  ; STALE",
            "Cache-Control: s-maxage=0, max-age=600      ; 1   ; STALE",
        })
        void classifiesStoredResponses(String fields, long secondsAfterT,
                FreshnessDecision.Kind kind) {
            assertThat(evaluate(responseWithDate(200, fields), secondsAfterT).kind())
                    .isEqualTo(kind);
        }

        @Test
        void reportsTheValidatorsForTheConditionalRequest() {
            FreshnessDecision d = evaluate(responseWithDate(200,
                    "Cache-Control: max-age=1 | ETag: \"v9\""), 3);
            assertThat(d.validators()).isEqualTo(Validators.of(EntityTag.strong("v9"), null));
            assertThat(d.staleness()).hasSeconds(2);
            assertThat(d.remaining()).isZero();
        }

        @ParameterizedTest(name = "[{index}] {0} at +{1}s, shared={2} -> swr={3} sie={4}")
        @CsvSource(delimiter = ';', value = {
            "max-age=60, stale-while-revalidate=30        ; 70  ; true  ; true  ; false",
            "max-age=60, stale-while-revalidate=30        ; 90  ; true  ; true  ; false",
            "max-age=60, stale-while-revalidate=30        ; 91  ; true  ; false ; false",
            "max-age=60, stale-while-revalidate=30        ; 30  ; true  ; false ; false",
            "max-age=60, stale-if-error=600               ; 600 ; true  ; false ; true",
            "max-age=60, stale-if-error=600               ; 661 ; true  ; false ; false",
            "max-age=60, stale-if-error=600, must-revalidate ; 70 ; true ; false ; false",
            "max-age=60, stale-if-error=600, stale-while-revalidate=60, no-cache ; 70 ; true"
                    + " ; false ; false",
            "max-age=60, stale-if-error=600, proxy-revalidate ; 70 ; true ; false ; false",
            "max-age=60, stale-if-error=600, proxy-revalidate ; 70 ; false ; false ; true",
            "s-maxage=60, stale-if-error=600              ; 70  ; true  ; false ; false",
            "s-maxage=60, max-age=60, stale-if-error=600  ; 70  ; false ; false ; true",
        })
        void allowsServingStaleOnlyWithinTheExtensionsAndWhenNotForbidden(String cacheControl,
                long secondsAfterT, boolean shared, boolean swr, boolean sie) {
            ResponseMetadata meta = response(200, "Date", at(0), "Cache-Control", cacheControl,
                    "ETag", "\"v\"");
            FreshnessDecision d = Freshness.evaluate(meta, T.plusSeconds(secondsAfterT),
                    shared ? SHARED : PRIVATE);
            assertThat(d.staleWhileRevalidate()).as("stale-while-revalidate").isEqualTo(swr);
            assertThat(d.staleIfError()).as("stale-if-error").isEqualTo(sie);
        }

        @ParameterizedTest(name = "[{index}] request {0} at +{1}s -> {2}")
        @CsvSource(delimiter = ';', value = {
            "''                    ; 30  ; FRESH",
            "no-cache              ; 30  ; STALE_NEEDS_REVALIDATION",
            "max-age=0             ; 30  ; STALE_NEEDS_REVALIDATION",
            "max-age=30            ; 30  ; FRESH",
            "max-age=29            ; 30  ; STALE_NEEDS_REVALIDATION",
            "min-fresh=30          ; 30  ; FRESH",
            "min-fresh=31          ; 30  ; STALE_NEEDS_REVALIDATION",
            "max-stale=10          ; 70  ; FRESH",
            "max-stale=10          ; 71  ; STALE_NEEDS_REVALIDATION",
            "max-stale             ; 9999 ; FRESH",
            "max-stale, no-cache   ; 70  ; STALE_NEEDS_REVALIDATION",
            "only-if-cached        ; 30  ; FRESH",
        })
        void honoursRequestDirectives(String request, long secondsAfterT,
                FreshnessDecision.Kind kind) {
            ResponseMetadata meta = responseWithDate(200,
                    "Cache-Control: max-age=60 | ETag: \"v\"");
            assertThat(Freshness.evaluate(meta, T.plusSeconds(secondsAfterT), SHARED,
                    CacheControl.parse(request)).kind()).isEqualTo(kind);
        }

        @ParameterizedTest(name = "[{index}] response {0} forbids max-stale")
        @CsvSource({"'max-age=60, must-revalidate'", "'max-age=60, no-cache'",
            "'max-age=60, proxy-revalidate'", "'s-maxage=60'"})
        void maxStaleCannotOverrideRevalidationDirectives(String cacheControl) {
            ResponseMetadata meta = response(200, "Date", at(0), "Cache-Control", cacheControl);
            FreshnessDecision d = Freshness.evaluate(meta, T.plusSeconds(70), SHARED,
                    CacheControl.parse("max-stale"));
            assertThat(d.kind()).isNotEqualTo(FreshnessDecision.Kind.FRESH);
        }

        @Test
        void agesAcrossAWorkedExample() {
            // sent 10:00:00, received 10:00:02, origin Date 09:59:50, Age 30, max-age 120:
            // current age at 10:01:02 is 92 s (see CurrentAge), so 28 s remain
            ResponseMetadata meta = ResponseMetadata.of(200, Map.of(
                    "Date", List.of("Thu, 01 Jan 2026 09:59:50 GMT"), "Age", List.of("30"),
                    "Cache-Control", List.of("max-age=120")),
                    Instant.parse("2026-01-01T10:00:00Z"), Instant.parse("2026-01-01T10:00:02Z"));
            FreshnessDecision d =
                    Freshness.evaluate(meta, Instant.parse("2026-01-01T10:01:02Z"), SHARED);
            assertThat(d.kind()).isEqualTo(FreshnessDecision.Kind.FRESH);
            assertThat(d.currentAge()).hasSeconds(92);
            assertThat(d.remaining()).hasSeconds(28);
        }

        @Test
        void aFreshened304ResponseIsFreshAgain() {
            ResponseMetadata stored = responseWithDate(200,
                    "Cache-Control: max-age=60 | ETag: \"v1\"");
            assertThat(evaluate(stored, 100).kind())
                    .isEqualTo(FreshnessDecision.Kind.STALE_NEEDS_REVALIDATION);
            ResponseMetadata freshened = stored.freshenedWith(
                    Map.of("Date", List.of(at(100)), "ETag", List.of("\"v1\"")),
                    T.plusSeconds(100), T.plusSeconds(101));
            FreshnessDecision d = evaluate(freshened, 110);
            assertThat(d.kind()).isEqualTo(FreshnessDecision.Kind.FRESH);
            assertThat(d.currentAge()).hasSeconds(10);
        }
    }

    @Nested
    class Storable {

        @ParameterizedTest(name = "[{index}] {0} {1} [{2}] shared={3} perUser={4} -> {5}")
        @CsvSource(delimiter = ';', value = {
            "GET    ; 200 ; Cache-Control: max-age=60              ; true  ; false ; STORABLE",
            "get    ; 200 ; Cache-Control: max-age=60              ; true  ; false ; STORABLE",
            "HEAD   ; 200 ;                                        ; true  ; false ; STORABLE",
            "PUT    ; 200 ; Cache-Control: max-age=60              ; true  ; false"
                    + " ; METHOD_NOT_CACHEABLE",
            "DELETE ; 200 ; Cache-Control: public                  ; false ; false"
                    + " ; METHOD_NOT_CACHEABLE",
            "POST   ; 200 ; Cache-Control: max-age=60              ; true  ; false"
                    + " ; POST_WITHOUT_EXPLICIT_FRESHNESS",
            "GET    ; 100 ; Cache-Control: max-age=60              ; true  ; false"
                    + " ; STATUS_NOT_FINAL",
            "GET    ; 600 ; Cache-Control: max-age=60              ; true  ; false"
                    + " ; STATUS_NOT_FINAL",
            "GET    ; 206 ; Cache-Control: max-age=60              ; true  ; false"
                    + " ; STATUS_NOT_UNDERSTOOD",
            "GET    ; 304 ; Cache-Control: max-age=60              ; true  ; false"
                    + " ; STATUS_NOT_UNDERSTOOD",
            "GET    ; 299 ; Cache-Control: max-age=60, must-understand, no-store ; true ; false"
                    + " ; STATUS_NOT_UNDERSTOOD",
            "GET    ; 200 ; Cache-Control: max-age=60, must-understand, no-store ; true ; false"
                    + " ; STORABLE",
            "GET    ; 200 ; Cache-Control: no-store, max-age=60    ; false ; false ; NO_STORE",
            "GET    ; 200 ; Cache-Control: max-age=60 | Cache-Control: NO-STORE ; false ; true"
                    + " ; NO_STORE",
            "GET    ; 200 ; Cache-Control: private, max-age=60     ; true  ; false ; PRIVATE",
            "GET    ; 200 ; Cache-Control: private=\"Set-Cookie\", max-age=60 ; true ; false"
                    + " ; PRIVATE",
            "GET    ; 200 ; Cache-Control: private, max-age=60     ; true  ; true  ; STORABLE",
            "GET    ; 200 ; Cache-Control: private, max-age=60     ; false ; false ; STORABLE",
            "GET    ; 201 ; Cache-Control: private                 ; false ; false ; STORABLE",
            "GET    ; 201 ; Cache-Control: private                 ; true  ; true  ; STORABLE",
            "GET    ; 201 ;                                        ; true  ; false"
                    + " ; NO_FRESHNESS_INFORMATION",
            "GET    ; 302 ;                                        ; false ; false"
                    + " ; NO_FRESHNESS_INFORMATION",
            "GET    ; 302 ; Cache-Control: public                  ; true  ; false ; STORABLE",
            "GET    ; 302 ; Expires: 0                             ; true  ; false ; STORABLE",
            "GET    ; 500 ; Cache-Control: max-age=10              ; true  ; false ; STORABLE",
            "GET    ; 201 ; Cache-Control: s-maxage=10             ; true  ; false ; STORABLE",
            "GET    ; 201 ; Cache-Control: s-maxage=10             ; false ; false"
                    + " ; NO_FRESHNESS_INFORMATION",
            "GET    ; 404 ;                                        ; true  ; false ; STORABLE",
            "GET    ; 200 ; Cache-Control: no-cache                ; true  ; false ; STORABLE",
        })
        void followsRfc9111Section3(String method, int status, String fields, boolean shared,
                boolean perUser, Storability expected) {
            ResponseMetadata meta = responseWithDate(status, fields);
            assertThat(Freshness.storable(method, meta, shared, perUser)).isEqualTo(expected);
        }

        @ParameterizedTest(name = "[{index}] Authorization with {0} shared={1} perUser={2} -> {3}")
        @CsvSource(delimiter = ';', value = {
            "max-age=60                  ; true  ; false ; AUTHORIZATION",
            "max-age=60, public          ; true  ; false ; STORABLE",
            "s-maxage=60                 ; true  ; false ; STORABLE",
            "max-age=60, must-revalidate ; true  ; false ; STORABLE",
            "max-age=60                  ; true  ; true  ; STORABLE",
            "max-age=60                  ; false ; false ; STORABLE",
        })
        void storesAuthorizedResponsesInASharedCacheOnlyWhenAllowed(String cacheControl,
                boolean shared, boolean perUser, Storability expected) {
            ResponseMetadata meta = response(200, "Cache-Control", cacheControl)
                    .withRequestHeaders(Map.of("authorization", List.of("Bearer t")));
            assertThat(Freshness.storable("GET", meta, shared, perUser)).isEqualTo(expected);
        }

        @Test
        void honoursNoStoreInTheRequest() {
            ResponseMetadata meta = response(200, "Cache-Control", "max-age=60")
                    .withRequestHeaders(Map.of("Cache-Control", List.of("no-store")));
            assertThat(Freshness.storable("GET", meta, false, false))
                    .isEqualTo(Storability.REQUEST_NO_STORE);
        }

        @ParameterizedTest(name = "[{index}] POST [{0}] -> {1}")
        @CsvSource(delimiter = ';', value = {
            "Cache-Control: max-age=60                  ; STORABLE",
            "Expires: Thu, 01 Jan 2026 11:00:00 GMT     ; STORABLE",
            "Cache-Control: s-maxage=60                 ; STORABLE",
            "Cache-Control: public                      ; POST_WITHOUT_EXPLICIT_FRESHNESS",
            "Last-Modified: Thu, 01 Jan 2026 09:00:00 GMT ; POST_WITHOUT_EXPLICIT_FRESHNESS",
            "Cache-Control: max-age=60, no-store        ; NO_STORE",
        })
        void storesPostResponsesOnlyWhenAllowedAndExplicitlyFresh(String fields,
                Storability expected) {
            FreshnessOptions opts = SHARED.withPostCacheable(true);
            ResponseMetadata meta = responseWithDate(200, fields);
            assertThat(Freshness.storable("POST", meta, opts, false)).isEqualTo(expected);
        }

        @Test
        void everyReasonReadsWellInALog() {
            assertThat(Storability.STORABLE.isStorable()).isTrue();
            assertThat(Storability.STORABLE.reason()).isEqualTo("storable");
            assertThat(Storability.NO_STORE.reason())
                    .isEqualTo("not storable: Cache-Control no-store");
            for (Storability s : Storability.values()) {
                if (s != Storability.STORABLE) {
                    assertThat(s.isStorable()).isFalse();
                    assertThat(s.reason()).startsWith("not storable: ");
                }
            }
        }
    }

    @Test
    void optionsAreImmutableValues() {
        FreshnessOptions opts = FreshnessOptions.defaults();
        assertThat(opts.sharedCache()).isTrue();
        assertThat(opts.heuristicsEnabled()).isTrue();
        assertThat(opts.postCacheable()).isFalse();
        assertThat(opts.maxHeuristicLifetime()).isEqualTo(Duration.ofHours(24));
        FreshnessOptions changed = opts.withSharedCache(false).withHeuristics(false)
                .withPostCacheable(true).withMaxHeuristicLifetime(Duration.ofMinutes(5));
        assertThat(opts).isEqualTo(FreshnessOptions.defaults());
        assertThat(changed).isNotEqualTo(opts);
        assertThat(changed.sharedCache()).isFalse();
        assertThat(changed.heuristicsEnabled()).isFalse();
        assertThat(changed.postCacheable()).isTrue();
        assertThat(changed.maxHeuristicLifetime()).isEqualTo(Duration.ofMinutes(5));
        assertThat(changed).hasSameHashCodeAs(FreshnessOptions.defaults().withSharedCache(false)
                .withHeuristics(false).withPostCacheable(true)
                .withMaxHeuristicLifetime(Duration.ofMinutes(5)));
        assertThat(changed.toString()).contains("shared=false");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> opts.withMaxHeuristicLifetime(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
