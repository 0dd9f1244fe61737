package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class CacheControlTest {

    @ParameterizedTest(name = "\"{0}\" -> {1}")
    @CsvSource(delimiter = '|', value = {
        "max-age=60                    | 60",
        "MAX-AGE=60                    | 60",
        "Max-Age = 60                  | 60",
        "max-age=\"60\"                | 60",
        "max-age=0                     | 0",
        "max-age=abc                   | 0",
        "max-age=-1                    | 0",
        "max-age=1.5                   | 0",
        "max-age=\"\"                  | 0",
        "max-age                       | 0",
        "max-age=60, max-age=10        | 60",
        "max-age=oops, max-age=10      | 0",
        "max-age=2147483648            | 2147483648",
        "max-age=99999999999999999999  | 2147483648",
        "max-age=2147483649            | 2147483648",
    })
    void readsMaxAgeFirstOccurrenceAndInvalidAsZero(String header, long seconds) {
        assertThat(CacheControl.parse(header).maxAge()).contains(Duration.ofSeconds(seconds));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"max-age=", "max-age=\"60", "max-age=60 junk"})
    void ignoresMalformedMaxAgeMembers(String header) {
        assertThat(CacheControl.parse(header).maxAge()).isEmpty();
    }

    @Test
    void ofRequest_readsPragmaNoCacheOnlyWithoutCacheControl() {
        assertThat(CacheControl.ofRequest(null, List.of("x, No-Cache")).noCache()).isTrue();
        assertThat(CacheControl.ofRequest(List.of(), List.of("no-cache")).noCache()).isTrue();
        assertThat(CacheControl.ofRequest(List.of("max-age=5"), List.of("no-cache")).noCache())
                .isFalse();
        assertThat(CacheControl.ofRequest(List.of("max-stale"), null).maxStale()).isPresent();
        assertThat(CacheControl.ofRequest(null, null)).isSameAs(CacheControl.EMPTY);
        assertThat(CacheControl.ofRequest(List.of(), List.of("x"))).isSameAs(CacheControl.EMPTY);
    }

    @Test
    void readsSMaxAgeSeparately() {
        CacheControl cc = CacheControl.parse("max-age=60, s-maxage=300");
        assertThat(cc.maxAge()).contains(Duration.ofSeconds(60));
        assertThat(cc.sMaxAge()).contains(Duration.ofSeconds(300));
        assertThat(CacheControl.parse("s-maxage=x").sMaxAge()).contains(Duration.ZERO);
    }

    @Test
    void combinesSeveralFieldLinesInOrder() {
        CacheControl cc = CacheControl.parse(List.of("public", "max-age=30", "must-revalidate"));
        assertThat(cc.isPublic()).isTrue();
        assertThat(cc.maxAge()).contains(Duration.ofSeconds(30));
        assertThat(cc.mustRevalidate()).isTrue();
        assertThat(cc).hasToString("public, max-age=30, must-revalidate");
    }

    @Test
    void toleratesNullsEmptyMembersAndWhitespace() {
        CacheControl cc = CacheControl.parse(Arrays.asList(null, " ,, ,no-store ,\t,", ""));
        assertThat(cc.noStore()).isTrue();
        assertThat(cc).hasToString("no-store");
    }

    @ParameterizedTest(name = "\"{0}\"")
    @NullAndEmptySource
    @ValueSource(strings = {" ", ",", "foo", "foo=bar, x-custom=\"a, b\"", "=60", "\"max-age\""})
    void unknownOrGarbageIsEmpty(String header) {
        CacheControl cc = CacheControl.parse(header);
        assertThat(cc.isEmpty()).isTrue();
        assertThat(cc).isEqualTo(CacheControl.EMPTY);
    }

    @Test
    void skipsUnknownDirectivesWithQuotedCommas() {
        CacheControl cc = CacheControl.parse(
                "community=\"UCI, max-age=5\", no-transform, ext=\"a\\\"b, c\", max-age=7");
        assertThat(cc.maxAge()).contains(Duration.ofSeconds(7));
        assertThat(cc.noTransform()).isTrue();
    }

    @Test
    void recoversAfterAMalformedMember() {
        CacheControl cc = CacheControl.parse("max-age=5 6, foo=bar\"baz,qux\", public");
        assertThat(cc.maxAge()).isEmpty();
        assertThat(cc.isPublic()).isTrue();
    }

    @Test
    void readsAllBooleanResponseDirectives() {
        CacheControl cc = CacheControl.parse("no-store, no-cache, private, public,"
                + " must-revalidate, proxy-revalidate, must-understand, no-transform, immutable");
        assertThat(cc.noStore()).isTrue();
        assertThat(cc.noCache()).isTrue();
        assertThat(cc.hasNoCache()).isTrue();
        assertThat(cc.isPrivate()).isTrue();
        assertThat(cc.hasPrivate()).isTrue();
        assertThat(cc.isPublic()).isTrue();
        assertThat(cc.mustRevalidate()).isTrue();
        assertThat(cc.proxyRevalidate()).isTrue();
        assertThat(cc.mustUnderstand()).isTrue();
        assertThat(cc.noTransform()).isTrue();
        assertThat(cc.immutable()).isTrue();
    }

    @Test
    void emptyHasNothingSet() {
        CacheControl cc = CacheControl.EMPTY;
        assertThat(cc.noStore() || cc.hasNoCache() || cc.hasPrivate() || cc.isPublic()
                || cc.mustRevalidate() || cc.proxyRevalidate() || cc.immutable()
                || cc.onlyIfCached() || cc.noTransform() || cc.mustUnderstand()).isFalse();
        assertThat(cc.maxAge()).isEmpty();
        assertThat(cc.maxStale()).isEmpty();
        assertThat(cc).hasToString("");
    }

    @Test
    void readsQualifiedNoCacheAndPrivateFieldNames() {
        CacheControl cc = CacheControl.parse(
                "no-cache=\"Set-Cookie, X-Token\", private=\"Authorization\", no-cache=x-other");
        assertThat(cc.noCache()).isFalse();
        assertThat(cc.hasNoCache()).isTrue();
        assertThat(cc.noCacheFields()).containsExactly("set-cookie", "x-other", "x-token");
        assertThat(cc.isPrivate()).isFalse();
        assertThat(cc.privateFields()).containsExactly("authorization");
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {
        "no-cache=\"Set-Cookie\", no-cache",
        "no-cache, no-cache=\"Set-Cookie\"",
        "no-cache=\"\"",
        "no-cache=\" , \"",
    })
    void unqualifiedNoCacheWinsOverFieldNames(String header) {
        CacheControl cc = CacheControl.parse(header);
        assertThat(cc.noCache()).isTrue();
        assertThat(cc.noCacheFields()).isEmpty();
    }

    @Test
    void unqualifiedPrivateWinsOverFieldNames() {
        CacheControl cc = CacheControl.parse(List.of("private=\"Set-Cookie\"", "private"));
        assertThat(cc.isPrivate()).isTrue();
        assertThat(cc.privateFields()).isEmpty();
    }

    @Test
    void readsStaleExtensions() {
        CacheControl cc = CacheControl.parse(
                "max-age=600, stale-while-revalidate=30, stale-if-error=86400");
        assertThat(cc.staleWhileRevalidate()).contains(Duration.ofSeconds(30));
        assertThat(cc.staleIfError()).contains(Duration.ofDays(1));
        CacheControl invalid = CacheControl.parse("stale-while-revalidate=x, stale-if-error");
        assertThat(invalid.staleWhileRevalidate()).isEmpty();
        assertThat(invalid.staleIfError()).isEmpty();
    }

    @ParameterizedTest(name = "\"{0}\" -> {1}")
    @CsvSource(delimiter = '|', value = {
        "max-stale                | 2147483648",
        "max-stale=30             | 30",
        "max-stale=\"30\"         | 30",
        "max-stale=30, max-stale  | 30",
        "max-stale, max-stale=30  | 2147483648",
    })
    void readsRequestMaxStale(String header, long seconds) {
        assertThat(CacheControl.parse(header).maxStale()).contains(Duration.ofSeconds(seconds));
    }

    @Test
    void ignoresInvalidRequestLimits() {
        CacheControl cc = CacheControl.parse("max-stale=soon, min-fresh=-5");
        assertThat(cc.maxStale()).isEmpty();
        assertThat(cc.minFresh()).isEmpty();
    }

    @Test
    void readsRequestDirectives() {
        CacheControl cc = CacheControl.parse("max-age=0, min-fresh=20, only-if-cached, no-cache");
        assertThat(cc.maxAge()).contains(Duration.ZERO);
        assertThat(cc.minFresh()).contains(Duration.ofSeconds(20));
        assertThat(cc.onlyIfCached()).isTrue();
        assertThat(cc.noCache()).isTrue();
    }

    @Test
    void ignoresTargetedMembers() {
        assertThat(CacheControl.parse("max-age=60;edge, public").maxAge()).isEmpty();
    }

    @Test
    void rendersCanonicallyAndComparesByValue() {
        CacheControl a = CacheControl.parse("MAX-AGE=\"60\", Public, no-cache=\"B, a\"");
        CacheControl b = CacheControl.parse(List.of("no-cache=a", "public", "no-cache=b",
                "max-age=60"));
        assertThat(a).hasToString("no-cache=\"a, b\", public, max-age=60");
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(CacheControl.parse("public, max-age=61"));
        assertThat(CacheControl.parse("max-stale, min-fresh=1, stale-if-error=2"))
                .hasToString("stale-if-error=2, max-stale, min-fresh=1");
    }
}
