package io.github.wscache.core.internal.http;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and formats HTTP dates (RFC 9110 §5.6.7).
 *
 * <p>{@link #parse(String)} accepts the three formats a recipient must understand:
 * IMF-fixdate ({@code Sun, 06 Nov 1994 08:49:37 GMT}), the obsolete RFC 850 format
 * ({@code Sunday, 06-Nov-94 08:49:37 GMT}) and ANSI C's asctime format
 * ({@code Sun Nov  6 08:49:37 1994}). Anything else, including impossible dates such as
 * 31 February, yields an empty result; callers decide what that means (for {@code Expires} it
 * means "already expired", RFC 9111 §5.3). The day name is not checked against the date, and
 * the RFC 850 form is also read with a short day name or a four-digit year, as old
 * cookie-style dates are written.
 * {@link #format(Instant)} always writes IMF-fixdate.
 *
 * <pre>{@code
 * Optional<Instant> date = HttpDates.parse("Sun, 06 Nov 1994 08:49:37 GMT");
 * String header = HttpDates.format(Instant.parse("1994-11-06T08:49:37Z"));
 * // header = "Sun, 06 Nov 1994 08:49:37 GMT"
 * }</pre>
 */
public final class HttpDates {

    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] MONTHS = {
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

    private static final String SHORT_DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
    private static final String LONG_DAY =
            "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)";
    private static final String MONTH = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
    private static final String TIME = "(\\d{2}):(\\d{2}):(\\d{2})";

    private static final Pattern IMF_FIXDATE = Pattern.compile(
            SHORT_DAY + ", (\\d{1,2}) " + MONTH + " (\\d{4}) " + TIME + " GMT",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern RFC_850 = Pattern.compile(
            "(?:" + LONG_DAY + "|" + SHORT_DAY + "), (\\d{1,2})-" + MONTH + "-(\\d{2}|\\d{4}) "
                    + TIME + " GMT",
            Pattern.CASE_INSENSITIVE);
    /** RFC 850 exactly as RFC 9110 §5.6.7 writes it: long day name, two-digit year. */
    private static final Pattern RFC_850_STRICT = Pattern.compile(
            LONG_DAY + ", (\\d{2})-" + MONTH + "-(\\d{2}) " + TIME + " GMT");
    private static final Pattern IMF_FIXDATE_STRICT = Pattern.compile(
            SHORT_DAY + ", (\\d{2}) " + MONTH + " (\\d{4}) " + TIME + " GMT");
    private static final Pattern ASCTIME = Pattern.compile(
            SHORT_DAY + " " + MONTH + " ( \\d|\\d{1,2}) " + TIME + " (\\d{4})",
            Pattern.CASE_INSENSITIVE);

    /**
     * The last IMF-fixdate read (its value does not depend on a reference time): a server's
     * responses within one second carry the same {@code Date}. Immutable, so sharing it between
     * threads needs no lock.
     */
    private static volatile Parsed lastParsed;

    private record Parsed(String value, Instant instant) {
    }

    private HttpDates() {
    }

    /**
     * Parses an HTTP date in any of the three formats, reading two-digit RFC 850 years as
     * 1970–2069.
     *
     * @param value a header field value, may be {@code null}
     * @return the instant, or empty when the value is absent or not a valid HTTP date
     */
    public static Optional<Instant> parse(String value) {
        return parse(value, null);
    }

    /**
     * Parses an HTTP date, reading a two-digit RFC 850 year as RFC 9110 §5.6.7 asks: a year
     * that would lie more than 50 years after {@code reference} is taken as the most recent
     * past year with the same last two digits.
     *
     * @param value a header field value, may be {@code null}
     * @param reference the time the message was received; {@code null} means "use 1970–2069"
     * @return the instant, or empty when the value is absent or not a valid HTTP date
     */
    public static Optional<Instant> parse(String value, Instant reference) {
        if (value == null) {
            return Optional.empty();
        }
        Parsed last = lastParsed;
        if (last != null && last.value.equals(value)) {
            return Optional.of(last.instant);
        }
        String text = value.strip();
        Matcher m = IMF_FIXDATE.matcher(text);
        if (m.matches()) {
            Optional<Instant> at = build(Integer.parseInt(m.group(3)), m.group(2), m.group(1),
                    m, 4);
            // every response of the same second says the same Date: read it once
            at.ifPresent(i -> lastParsed = new Parsed(value, i));
            return at;
        }
        m = RFC_850.matcher(text);
        if (m.matches()) {
            int digits = Integer.parseInt(m.group(3));
            int year = m.group(3).length() == 4 ? digits : fullYear(digits, reference);
            return build(year, m.group(2), m.group(1), m, 4);
        }
        m = ASCTIME.matcher(text);
        if (m.matches()) {
            return build(Integer.parseInt(m.group(6)), m.group(1), m.group(2).strip(), m, 3);
        }
        return Optional.empty();
    }

    /**
     * Parses an HTTP date only in the exact grammar of RFC 9110 §5.6.7 (IMF-fixdate, RFC 850
     * with a long day name and a two-digit year, asctime), case-sensitive: for fields where an
     * invalid date has a meaning of its own, such as {@code Expires} (RFC 9111 §5.3: "already
     * expired"). A cookie-style {@code Thu, 18-Aug-2050 02:01:18 GMT} is not a valid date here.
     *
     * @param value a header field value, may be {@code null}
     * @param reference the time the message was received; {@code null} means "use 1970–2069"
     * @return the instant, or empty when the value is absent or not a valid HTTP date
     */
    public static Optional<Instant> parseStrict(String value, Instant reference) {
        if (value == null) {
            return Optional.empty();
        }
        String text = value.strip();
        if (IMF_FIXDATE_STRICT.matcher(text).matches()
                || RFC_850_STRICT.matcher(text).matches()
                || ASCTIME.matcher(text).matches()) {
            return parse(text, reference);
        }
        return Optional.empty();
    }

    /**
     * Formats an instant as IMF-fixdate, truncating to whole seconds.
     *
     * @param instant the time to format, between the years 0 and 9999
     * @return for example {@code Sun, 06 Nov 1994 08:49:37 GMT}
     */
    public static String format(Instant instant) {
        ZonedDateTime t = instant.atZone(ZoneOffset.UTC);
        return String.format(Locale.ROOT, "%s, %02d %s %04d %02d:%02d:%02d GMT",
                DAYS[t.getDayOfWeek().getValue() - 1], t.getDayOfMonth(),
                MONTHS[t.getMonthValue() - 1], t.getYear(),
                t.getHour(), t.getMinute(), t.getSecond());
    }

    private static int fullYear(int twoDigits, Instant reference) {
        if (reference == null) {
            return twoDigits < 70 ? 2000 + twoDigits : 1900 + twoDigits;
        }
        int now = reference.atZone(ZoneOffset.UTC).getYear();
        int year = now - Math.floorMod(now, 100) + twoDigits;
        if (year > now + 50) {
            year -= 100;
        } else if (year <= now - 50) {
            year += 100;
        }
        return year;
    }

    private static Optional<Instant> build(int year, String month, String day, Matcher m,
            int timeGroup) {
        try {
            int second = Integer.parseInt(m.group(timeGroup + 2));
            int leap = second == 60 ? 1 : 0;
            LocalDateTime t = LocalDateTime.of(year, monthNumber(month), Integer.parseInt(day),
                    Integer.parseInt(m.group(timeGroup)), Integer.parseInt(m.group(timeGroup + 1)),
                    second - leap);
            return Optional.of(t.toInstant(ZoneOffset.UTC).plusSeconds(leap));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    private static int monthNumber(String month) {
        for (int i = 0; i < MONTHS.length; i++) {
            if (MONTHS[i].equalsIgnoreCase(month)) {
                return i + 1;
            }
        }
        throw new DateTimeException("unknown month " + month);
    }
}
