package io.github.wscache.core.internal.yaml;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and formats policy durations: ISO-8601 ({@code PT1H}) or {@code 500ms/30s/5m/1h/2d}. */
public final class Durations {
    /**
     * What {@link #parse} returns for a well-formed duration too long for {@link Duration} or
     * for a {@code long} count of units: longer than any maximum, so callers reject it as such.
     */
    public static final Duration TOO_LONG = Duration.ofSeconds(Long.MAX_VALUE, 999_999_999);

    private static final Pattern SHORT = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

    private Durations() {
    }

    /**
     * Returns the duration, {@link #TOO_LONG} when it is written correctly but does not fit, or
     * {@code null} when {@code text} is neither form.
     */
    public static Duration parse(String text) {
        String t = text.trim();
        Matcher m = SHORT.matcher(t.toLowerCase(Locale.ROOT));
        if (m.matches()) {
            try {
                long n = Long.parseLong(m.group(1));
                switch (m.group(2)) {
                    case "ms":
                        return Duration.ofMillis(n);
                    case "s":
                        return Duration.ofSeconds(n);
                    case "m":
                        return Duration.ofMinutes(n);
                    case "h":
                        return Duration.ofHours(n);
                    default:
                        return Duration.ofDays(n);
                }
            } catch (NumberFormatException | ArithmeticException e) {
                // only digits, so too many of them
                return TOO_LONG;
            }
        }
        if (t.startsWith("-")) {
            try {
                return Duration.parse(t);
            } catch (DateTimeParseException e) {
                return null;
            }
        }
        try {
            return Duration.parse(t.toUpperCase(Locale.ROOT));
        } catch (DateTimeParseException e) {
            Throwable cause = e.getCause();
            return cause instanceof ArithmeticException || cause instanceof NumberFormatException
                    ? TOO_LONG : null;
        }
    }

    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 86_400_000L == 0) {
            return ms / 86_400_000L + "d";
        }
        if (ms % 3_600_000L == 0) {
            return ms / 3_600_000L + "h";
        }
        if (ms % 60_000L == 0) {
            return ms / 60_000L + "m";
        }
        if (ms % 1000L == 0) {
            return ms / 1000L + "s";
        }
        return ms + "ms";
    }
}
