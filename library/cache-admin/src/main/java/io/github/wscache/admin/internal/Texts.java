package io.github.wscache.admin.internal;

import io.github.wscache.admin.AdminView;
import io.github.wscache.core.CacheStats;
import io.github.wscache.core.policy.ReloadResult;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** Readable renderings shared by the MXBean and the admin servlet. */
public final class Texts {
    private Texts() {
    }

    /** Returns a statistics line, e.g. {@code 12 hits, 3 misses (80.0 % hits), 2 entries, ...}. */
    public static String stats(CacheStats s) {
        return String.format(Locale.ROOT, "%d hits, %d misses (%.1f %% hits)%s, %d stores, "
                + "%d bypasses, %d revalidations, %d errors, %d evictions, %d expirations, "
                + "%d entries, %s, mean load %s", s.hits(), s.misses(), 100 * s.hitRatio(),
                s.notAdmitted() == 0 ? "" : " of which " + s.notAdmitted()
                        + " not kept (minUses)",
                s.stores(), s.bypasses(), s.revalidations(), s.errors(), s.evictions(),
                s.expirations(), s.entryCount(), bytes(s.weightedSize()),
                millis(s.loads() == 0 ? 0 : s.loadTimeNanos() / s.loads()));
    }

    /** Returns what a reload did, e.g. {@code reloaded (changed)} or why the old rules stay. */
    public static String reload(ReloadResult r) {
        return r.error().map(e -> "not reloaded, the previous policy stays in force: "
                + e.getMessage()).orElseGet(r::toString);
    }

    /** Returns a byte count with a binary unit, e.g. {@code 1.5 MB}. */
    public static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        if (n < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KB", n / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MB", n / (1024.0 * 1024));
    }

    /** Returns a table cell's value as the column's format shows it; {@code -} for none. */
    public static String cell(AdminView.Column c, Object v) {
        return format(c.format(), v);
    }

    /** Returns a value as {@code format} shows it; {@code -} for none. */
    public static String format(AdminView.Format format, Object v) {
        if (v == null) {
            return "-";
        }
        if (!(v instanceof Number n)) {
            return String.valueOf(v);
        }
        return switch (format) {
            case PERCENT -> String.format(Locale.ROOT, "%.1f %%", 100 * n.doubleValue());
            case BYTES -> bytes(n.longValue());
            case NANOS -> millis(n.longValue());
            default -> String.valueOf(n);
        };
    }

    /**
     * Returns nanoseconds as milliseconds, two decimals below 10 ms and one from there:
     * {@code 2.41 ms}, {@code 644.8 ms}, {@code 12345.6 ms}.
     */
    public static String millis(long nanos) {
        double ms = nanos / 1e6;
        return String.format(Locale.ROOT, ms < 10 ? "%.2f ms" : "%.1f ms", ms);
    }

    /**
     * The policy entries that name no operation of their service, as one line: where each is
     * written and what it names.
     */
    public static String unmatchedEntries(java.util.List<io.github.wscache.core.policy.Rule> l) {
        StringBuilder b = new StringBuilder(l.size() == 1 ? "A policy entry names no operation: "
                : l.size() + " policy entries name no operation: ");
        for (int i = 0; i < l.size(); i++) {
            io.github.wscache.core.policy.Rule r = l.get(i);
            b.append(i == 0 ? "" : "; ").append(r.policy().source().map(x -> x + " ").orElse(""))
                    .append("(operation: ").append(r.operation())
                    .append("*".equals(r.service()) ? "" : ", service: " + r.service())
                    .append(')');
        }
        return b.append(" (the log has the nearest names; fix the entry and reload)").toString();
    }

    /**
     * Returns the line an administrator reads about a failed reload: when, where the file is
     * wrong and what to write, and that the previous policy stays in force.
     */
    public static String reloadFailure(ReloadResult r) {
        return "Last reload failed at " + r.at().truncatedTo(ChronoUnit.SECONDS) + ": "
                + r.error().map(Throwable::getMessage).orElse("(no reason)")
                + " (the previous policy stays in force until a fixed file is reloaded)";
    }
}
