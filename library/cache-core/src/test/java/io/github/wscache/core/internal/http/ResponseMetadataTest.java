package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ResponseMetadataTest {

    private static final Instant SENT = Instant.parse("1994-11-06T08:49:36Z");
    private static final Instant RECEIVED = Instant.parse("1994-11-06T08:49:38Z");

    private static ResponseMetadata meta(String... namesAndValues) {
        return ResponseMetadata.of(200, Headers.of(namesAndValues), SENT, RECEIVED);
    }

    @Test
    void parsesTheCachingFields() {
        ResponseMetadata m = ResponseMetadata.of(200, Map.of(
                "date", List.of("Sun, 06 Nov 1994 08:49:37 GMT"),
                "AGE", List.of("12"),
                "Expires", List.of("Sun, 06 Nov 1994 09:49:37 GMT"),
                "Last-Modified", List.of("Sat, 05 Nov 1994 08:49:37 GMT"),
                "ETag", List.of("W/\"v1\""),
                "Vary", List.of("Accept-Encoding, accept-encoding", "Accept-Language"),
                "Cache-Control", List.of("public", "max-age=60")), SENT, RECEIVED);
        assertThat(m.status()).isEqualTo(200);
        assertThat(m.requestTime()).isEqualTo(SENT);
        assertThat(m.responseTime()).isEqualTo(RECEIVED);
        assertThat(m.date()).contains(Instant.parse("1994-11-06T08:49:37Z"));
        assertThat(m.age()).contains(Duration.ofSeconds(12));
        assertThat(m.expires()).contains(Instant.parse("1994-11-06T09:49:37Z"));
        assertThat(m.lastModified()).contains(Instant.parse("1994-11-05T08:49:37Z"));
        assertThat(m.etag()).contains(EntityTag.weak("v1"));
        assertThat(m.vary()).containsExactly("accept-encoding", "accept-language");
        assertThat(m.cacheControl()).isEqualTo(CacheControl.parse("public, max-age=60"));
        assertThat(m.validators()).isEqualTo(Validators.of(EntityTag.weak("v1"),
                Instant.parse("1994-11-05T08:49:37Z")));
        assertThat(m.requestHeaders()).isEqualTo(Headers.EMPTY);
    }

    @Test
    void absentFieldsAreEmpty() {
        ResponseMetadata m = meta();
        assertThat(m.date()).isEmpty();
        assertThat(m.age()).isEmpty();
        assertThat(m.expires()).isEmpty();
        assertThat(m.lastModified()).isEmpty();
        assertThat(m.etag()).isEmpty();
        assertThat(m.vary()).isEmpty();
        assertThat(m.validators()).isEmpty();
        assertThat(m.cacheControl()).isEqualTo(CacheControl.EMPTY);
    }

    @ParameterizedTest(name = "Expires: \"{0}\"")
    @ValueSource(strings = {"0", "-1", "never", "", "Sun, 31 Feb 1994 08:49:37 GMT"})
    void invalidExpiresMeansAlreadyExpired(String value) {
        assertThat(meta("Expires", value).expires()).contains(Instant.EPOCH);
    }

    @Test
    void firstExpiresAndDateLineWins() {
        ResponseMetadata m = meta("Expires", "Sun, 06 Nov 1994 09:49:37 GMT",
                "Expires", "Sun, 06 Nov 1994 10:49:37 GMT",
                "Date", "Sun, 06 Nov 1994 08:49:37 GMT", "Date", "garbage");
        assertThat(m.expires()).contains(Instant.parse("1994-11-06T09:49:37Z"));
        assertThat(m.date()).contains(Instant.parse("1994-11-06T08:49:37Z"));
    }

    @Test
    void invalidDateAndLastModifiedAreIgnored() {
        ResponseMetadata m = meta("Date", "yesterday", "Last-Modified", "0");
        assertThat(m.date()).isEmpty();
        assertThat(m.lastModified()).isEmpty();
    }

    @ParameterizedTest(name = "Age: \"{0}\" -> {1}")
    @CsvSource(delimiter = '|', value = {
        "0          | 0",
        "60         | 60",
        " 60        | 60",
        "60, 70     | 60",
        "99999999999 | 2147483648",
        "-5         | ",
        "1.5        | ",
        "abc        | ",
        "'' | ",
    })
    void readsAgeAsRfc9111Section51(String value, Long seconds) {
        ResponseMetadata m = meta("Age", value);
        if (seconds == null) {
            assertThat(m.age()).isEmpty();
        } else {
            assertThat(m.age()).contains(Duration.ofSeconds(seconds));
        }
    }

    @Test
    void readsTwoDigitYearsRelativeToTheResponseTime() {
        ResponseMetadata m = ResponseMetadata.of(200,
                Headers.of("Date", "Thursday, 01-Jan-76 00:00:00 GMT"),
                Instant.parse("2030-01-01T00:00:00Z"), Instant.parse("2030-01-01T00:00:01Z"));
        assertThat(m.date()).contains(Instant.parse("2076-01-01T00:00:00Z"));
    }

    @Test
    void carriesRequestHeaders() {
        ResponseMetadata m = meta().withRequestHeaders(Map.of("authorization", List.of("Basic x")));
        assertThat(m.requestHeaders().contains("Authorization")).isTrue();
        assertThat(m).isNotEqualTo(meta());
        assertThat(meta("A", "1")).isEqualTo(meta("a", "1")).hasSameHashCodeAs(meta("a", "1"));
    }

    @Test
    void isFreshenedByA304() {
        ResponseMetadata stored = ResponseMetadata.of(200, Headers.of(
                "Date", "Sun, 06 Nov 1994 08:49:37 GMT", "Content-Length", "1234",
                "Cache-Control", "max-age=60", "ETag", "\"v1\""), SENT, RECEIVED)
                .withRequestHeaders(Map.of("Accept", List.of("text/xml")));
        Instant sent = Instant.parse("1994-11-06T09:00:00Z");
        Instant received = Instant.parse("1994-11-06T09:00:01Z");
        ResponseMetadata fresh = stored.freshenedWith(Map.of(
                "Date", List.of("Sun, 06 Nov 1994 09:00:00 GMT"),
                "Cache-Control", List.of("max-age=120"), "Content-Length", List.of("0")),
                sent, received);
        assertThat(fresh.status()).isEqualTo(200);
        assertThat(fresh.requestTime()).isEqualTo(sent);
        assertThat(fresh.responseTime()).isEqualTo(received);
        assertThat(fresh.date()).contains(Instant.parse("1994-11-06T09:00:00Z"));
        assertThat(fresh.cacheControl().maxAge()).contains(Duration.ofSeconds(120));
        assertThat(fresh.headers().first("Content-Length")).contains("1234");
        assertThat(fresh.etag()).contains(EntityTag.strong("v1"));
        assertThat(fresh.requestHeaders()).isEqualTo(stored.requestHeaders());
    }

    @Test
    void requiresTimes() {
        assertThatThrownBy(() -> ResponseMetadata.of(200, Headers.EMPTY, null, RECEIVED))
                .isInstanceOf(NullPointerException.class);
        assertThat(meta().toString()).contains("status=200");
    }
}
