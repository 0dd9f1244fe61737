package io.github.wscache.core.internal.yaml;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and formats byte sizes: {@code 1024}, {@code 512KB}, {@code 64MB}, {@code 1GB}. */
public final class Sizes {
    /** What {@link #parse} returns for a well-formed size larger than {@link Long#MAX_VALUE}. */
    public static final long TOO_LARGE = -2;

    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(b|kb|kib|mb|mib|gb|gib)?");

    private Sizes() {
    }

    /**
     * Returns the size in bytes (KB = 1024 bytes), {@link #TOO_LARGE} when it is written correctly
     * but does not fit in a {@code long}, or -1 when {@code text} is not a size.
     */
    public static long parse(String text) {
        Matcher m = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return -1;
        }
        long n;
        try {
            n = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            // only digits, so too many of them
            return TOO_LARGE;
        }
        String unit = m.group(2) == null ? "b" : m.group(2);
        int shift;
        switch (unit) {
            case "kb":
            case "kib":
                shift = 10;
                break;
            case "mb":
            case "mib":
                shift = 20;
                break;
            case "gb":
            case "gib":
                shift = 30;
                break;
            default:
                shift = 0;
        }
        if (n > (Long.MAX_VALUE >> shift)) {
            return TOO_LARGE;
        }
        return n << shift;
    }

    public static String format(long bytes) {
        if (bytes >= 1 << 30 && bytes % (1 << 30) == 0) {
            return (bytes >> 30) + "GB";
        }
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return (bytes >> 20) + "MB";
        }
        if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
            return (bytes >> 10) + "KB";
        }
        return bytes + "B";
    }
}
