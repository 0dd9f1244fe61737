package io.github.wscache.core;

import java.util.Objects;

/**
 * A decision's reason: its type, and the particulars for people.
 *
 * @param reason the typed reason, which programs read
 * @param detail the particulars (sizes, statuses, places in a file), or {@code null}
 */
record Why(Reason reason, String detail) {
    Why {
        Objects.requireNonNull(reason, "reason");
    }

    static Why of(Reason reason, String detail) {
        return new Why(reason, detail);
    }
}
