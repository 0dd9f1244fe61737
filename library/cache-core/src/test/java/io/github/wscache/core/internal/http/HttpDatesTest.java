package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class HttpDatesTest {

    private static final Instant RFC_EXAMPLE = Instant.parse("1994-11-06T08:49:37Z");

    @Test
    void readingTheSameDateAgain_givesItsOwnInstant_whicheverWasReadBefore() {
        String a = "Sun, 06 Nov 1994 08:49:37 GMT";
        String b = "Sun, 06 Nov 1994 08:49:38 GMT";
        Instant ref = Instant.parse("2060-01-01T00:00:00Z");

        assertThat(HttpDates.parse(a)).contains(RFC_EXAMPLE);
        assertThat(HttpDates.parse(b)).contains(RFC_EXAMPLE.plusSeconds(1));
        assertThat(HttpDates.parse(a)).contains(RFC_EXAMPLE);
        assertThat(HttpDates.parse(a)).contains(RFC_EXAMPLE);
        assertThat(HttpDates.parse(" " + a)).contains(RFC_EXAMPLE);
        // a two-digit year still depends on when the message arrived
        assertThat(HttpDates.parse("Sunday, 06-Nov-94 08:49:37 GMT", ref))
                .contains(Instant.parse("2094-11-06T08:49:37Z"));
        assertThat(HttpDates.parse("Sunday, 06-Nov-94 08:49:37 GMT")).contains(RFC_EXAMPLE);
        assertThat(HttpDates.parse("Sun, 31 Feb 1994 08:49:37 GMT")).isEmpty();
        assertThat(HttpDates.parse("Sun, 31 Feb 1994 08:49:37 GMT")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "Sun, 06 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994",
        "Sun Nov 06 08:49:37 1994",
        "  Sun, 06 Nov 1994 08:49:37 GMT  ",
        "sun, 06 nov 1994 08:49:37 gmt",
        "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun, 06-Nov-94 08:49:37 GMT",
        "Sunday, 06-Nov-1994 08:49:37 GMT",
    })
    void parsesTheThreeFormatsOfRfc9110Section567(String value) {
        assertThat(HttpDates.parse(value)).contains(RFC_EXAMPLE);
    }

    @ParameterizedTest(name = "\"{0}\"")
    @NullAndEmptySource
    @ValueSource(strings = {
        "0",
        "-1",
        "Thu, 01 Jan 1970",
        "Sun, 06 Nov 1994 08:49:37 UTC",
        "Sun, 06 Nov 1994 08:49:37 +0000",
        "Sun, 31 Feb 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 25:49:37 GMT",
        "Sun, 06 Nov 1994 08:61:37 GMT",
        "Sun, 06 Foo 1994 08:49:37 GMT",
        "1994-11-06T08:49:37Z",
        "Sunday, 06 Nov 1994 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994 GMT",
        "Sunday, 06-Nov-994 08:49:37 GMT",
    })
    void rejectsAnythingElse(String value) {
        assertThat(HttpDates.parse(value)).isEmpty();
    }

    @Test
    void acceptsALeapSecond() {
        assertThat(HttpDates.parse("Sat, 31 Dec 2016 23:59:60 GMT"))
                .contains(Instant.parse("2017-01-01T00:00:00Z"));
    }

    @ParameterizedTest(name = "{0} received {1} -> {2}")
    @CsvSource({
        "94, 2026-01-01T00:00:00Z, 1994",
        "76, 2026-01-01T00:00:00Z, 2076",
        "77, 2026-01-01T00:00:00Z, 1977",
        "26, 2026-01-01T00:00:00Z, 2026",
        "05, 2099-06-01T00:00:00Z, 2105",
        "50, 2099-06-01T00:00:00Z, 2050",
    })
    void readsTwoDigitYearsRelativeToTheReceiveTime(String yy, String received, int year) {
        Instant parsed = HttpDates.parse("Monday, 01-Jan-" + yy + " 00:00:00 GMT",
                Instant.parse(received)).orElseThrow();
        assertThat(parsed).isEqualTo(Instant.parse(year + "-01-01T00:00:00Z"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "69, 2069",
        "70, 1970",
        "99, 1999",
        "00, 2000",
    })
    void readsTwoDigitYearsAsNineteenSeventyToTwentySixtyNineWithoutReference(String yy,
            int year) {
        assertThat(HttpDates.parse("Friday, 01-Jan-" + yy + " 00:00:00 GMT"))
                .contains(Instant.parse(year + "-01-01T00:00:00Z"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "1994-11-06T08:49:37Z, 'Sun, 06 Nov 1994 08:49:37 GMT'",
        "1970-01-01T00:00:00Z, 'Thu, 01 Jan 1970 00:00:00 GMT'",
        "2026-11-21T20:23:57.999Z, 'Sat, 21 Nov 2026 20:23:57 GMT'",
        "2000-02-29T12:00:00Z, 'Tue, 29 Feb 2000 12:00:00 GMT'",
    })
    void formatsImfFixdate(String instant, String expected) {
        assertThat(HttpDates.format(Instant.parse(instant))).isEqualTo(expected);
    }

    @Test
    void formattedDatesParseBack() {
        Instant t = Instant.parse("2031-07-04T01:02:03Z");
        assertThat(HttpDates.parse(HttpDates.format(t))).contains(t);
    }
}
