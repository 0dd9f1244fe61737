package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ValidatorsTest {

    private static final Instant LAST_MODIFIED = Instant.parse("1994-11-06T08:49:37Z");
    private static final String LAST_MODIFIED_TEXT = "Sun, 06 Nov 1994 08:49:37 GMT";

    @Test
    void noValidatorsWithoutEtagOrDate() {
        assertThat(Validators.of(null, null)).isEmpty();
    }

    @Test
    void buildsBothConditionalHeaders() {
        Validators v = Validators.of(EntityTag.weak("v1"), LAST_MODIFIED).orElseThrow();
        assertThat(v.conditionalRequestHeaders()).containsExactly(
                Map.entry("If-None-Match", List.of("W/\"v1\"")),
                Map.entry("If-Modified-Since", List.of(LAST_MODIFIED_TEXT)));
    }

    @Test
    void buildsOnlyWhatIsAvailable() {
        assertThat(Validators.of(EntityTag.strong("x"), null).orElseThrow()
                .conditionalRequestHeaders())
                .containsExactly(Map.entry("If-None-Match", List.of("\"x\"")));
        Validators dateOnly = Validators.of(null, LAST_MODIFIED).orElseThrow();
        assertThat(dateOnly.conditionalRequestHeaders())
                .containsExactly(Map.entry("If-Modified-Since", List.of(LAST_MODIFIED_TEXT)));
        assertThat(dateOnly.etag()).isEmpty();
        assertThat(dateOnly.lastModified()).contains(LAST_MODIFIED);
    }

    @ParameterizedTest(name = "If-None-Match: {0} vs {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
        "\"v1\"              | \"v1\"   | true",
        "W/\"v1\"            | \"v1\"   | true",
        "\"v1\"              | W/\"v1\" | true",
        "\"v0\", W/\"v1\"    | \"v1\"   | true",
        "\"v0\", \"v2\"      | \"v1\"   | false",
        "*                   | \"v1\"   | true",
        " *                  |          | true",
        "\"v1\"              |          | false",
        "garbage             | \"v1\"   | false",
        "                    | \"v1\"   | false",
    })
    void evaluatesIfNoneMatchWithWeakComparison(String header, String current, boolean matches) {
        EntityTag tag = current == null ? null : EntityTag.parse(current).orElseThrow();
        assertThat(Validators.ifNoneMatchMatches(header, tag)).isEqualTo(matches);
    }

    @ParameterizedTest(name = "If-Modified-Since: {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "Sun, 06 Nov 1994 08:49:37 GMT | true",
        "Sun, 06 Nov 1994 08:49:38 GMT | true",
        "Sun, 06 Nov 1994 08:49:36 GMT | false",
        "Sunday, 06-Nov-94 08:49:37 GMT | true",
        "not a date                    | false",
    })
    void evaluatesIfModifiedSince(String header, boolean notModified) {
        assertThat(Validators.notModifiedSince(header, LAST_MODIFIED)).isEqualTo(notModified);
        assertThat(Validators.notModifiedSince(header, null)).isFalse();
    }

    @ParameterizedTest(name = "stored {0}/{1}, 304 {2}/{3} -> {4}")
    @CsvSource(delimiter = '|', value = {
        // RFC 9111 §4.3.4: strong validator in the 304 selects by strong comparison
        "\"v1\"   |                               | \"v1\"   |  | true",
        "W/\"v1\" |                               | \"v1\"   |  | false",
        "\"v1\"   |                               | \"v2\"   |  | false",
        // a weak validator selects by weak comparison
        "W/\"v1\" |                               | W/\"v1\" |  | true",
        "\"v1\"   |                               | W/\"v1\" |  | true",
        "         | Sun, 06 Nov 1994 08:49:37 GMT | W/\"v1\" |  | false",
        // Last-Modified when there is no ETag
        "         | Sun, 06 Nov 1994 08:49:37 GMT |  | Sun, 06 Nov 1994 08:49:37 GMT | true",
        "         | Sun, 06 Nov 1994 08:49:37 GMT |  | Sun, 06 Nov 1994 09:49:37 GMT | false",
        // no validator in the 304: it answers the validators this cache sent
        "\"v1\"   |                               |  |  | true",
    })
    void selectsTheStoredResponseA304Updates(String storedTag, String storedDate, String newTag,
            String newDate, boolean updated) {
        Validators stored = Validators.of(
                storedTag == null ? null : EntityTag.parse(storedTag).orElseThrow(),
                storedDate == null ? null : HttpDates.parse(storedDate).orElseThrow())
                .orElseThrow();
        Headers notModified = Headers.of(
                newTag == null ? Map.of() : Map.of("ETag", List.of(newTag)));
        if (newDate != null) {
            notModified = Headers.of(Map.of("Last-Modified", List.of(newDate)));
        }
        assertThat(stored.isUpdatedBy(notModified)).isEqualTo(updated);
    }

    @Test
    void merges304HeadersPerRfc9111Section32() {
        Headers stored = Headers.of(
                "Content-Type", "text/xml",
                "Content-Length", "5120",
                "Date", "Sun, 06 Nov 1994 08:49:37 GMT",
                "Cache-Control", "max-age=60",
                "Cache-Control", "public",
                "ETag", "\"v1\"",
                "X-Custom", "kept");
        Headers notModified = Headers.of(
                "date", "Sun, 06 Nov 1994 09:49:37 GMT",
                "Cache-Control", "max-age=300",
                "ETag", "\"v1\"",
                "Content-Length", "0",
                "Connection", "keep-alive, X-Hop",
                "Keep-Alive", "timeout=5",
                "X-Hop", "1",
                "Transfer-Encoding", "chunked",
                "Proxy-Authenticate", "Basic",
                "Expires", "Sun, 06 Nov 1994 09:54:37 GMT");
        Headers merged = Validators.merge304(stored, notModified);
        assertThat(merged).isEqualTo(Headers.of(
                "Content-Type", "text/xml",
                "Content-Length", "5120",
                "Date", "Sun, 06 Nov 1994 09:49:37 GMT",
                "Cache-Control", "max-age=300",
                "ETag", "\"v1\"",
                "X-Custom", "kept",
                "Expires", "Sun, 06 Nov 1994 09:54:37 GMT"));
        assertThat(merged.names()).contains("date");
    }

    @Test
    void mergesPlainMaps() {
        Map<String, List<String>> merged = Validators.merge304(
                Map.of("Age", List.of("10"), "Content-Length", List.of("3")),
                Map.of("age", List.of("0"), "content-length", List.of("0")));
        assertThat(merged.get("AGE")).containsExactly("0");
        assertThat(merged.get("Content-Length")).containsExactly("3");
    }

    @Test
    void comparesByValue() {
        assertThat(Validators.of(EntityTag.strong("a"), LAST_MODIFIED))
                .isEqualTo(Validators.of(EntityTag.strong("a"), LAST_MODIFIED));
        assertThat(Validators.of(EntityTag.strong("a"), null).orElseThrow())
                .hasSameHashCodeAs(Validators.of(EntityTag.strong("a"), null).orElseThrow())
                .isNotEqualTo(Validators.of(EntityTag.weak("a"), null).orElseThrow())
                .hasToString("Validators[etag=\"a\", lastModified=null]");
    }
}
