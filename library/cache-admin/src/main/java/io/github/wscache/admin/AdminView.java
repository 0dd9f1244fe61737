package io.github.wscache.admin;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A snapshot of what an administrator sees of one {@link AdministeredCache}, in the form the
 * {@link AdminServlet} (HTML and JSON) and the {@link AdministeredCacheMXBean} render: alerts
 * (e.g. the last reload failed), named details (e.g. the policy file), the totals of the whole
 * cache with a one-line summary, and one
 * table of rows (e.g. one per operation, or one per reason a response was not cached). Rows are
 * JSON-ready maps, nested maps allowed; the table's columns say which values the page shows and
 * how. When the table's key field is the cache's {@linkplain AdministeredCache#keyName() key},
 * the page offers an invalidate button per row. Immutable.
 *
 * <pre>{@code
 * AdminView view = AdminView.builder()
 *         .alert("lastReloadFailure", null, null)       // no problem now: null in the JSON
 *         .detail("origin", "Origin", "http://localhost:8080")
 *         .summary("12 hits, 3 misses")
 *         .total("hits", 12).total("misses", 3)
 *         .total("hitRatio", 0.8, AdminView.Format.PERCENT)   // the page shows 80.0 %
 *         .table("reasons", "reason", null)
 *         .column("reason", "reason", AdminView.Format.TEXT)
 *         .column("count", "count", AdminView.Format.COUNT)
 *         .row(Map.of("reason", "Set-Cookie", "count", 2))
 *         .build();
 * }</pre>
 */
public final class AdminView {
    /** How the page shows a column's values (JSON always has the raw value). */
    public enum Format {
        /** As text; an absent value shows as {@code -}. */
        TEXT,
        /** As code (a policy, a URL). */
        CODE,
        /** A count, right-aligned. */
        COUNT,
        /** A ratio from 0 to 1 shown as a percentage, right-aligned. */
        PERCENT,
        /** A byte count with a binary unit, right-aligned. */
        BYTES,
        /** Nanoseconds shown as milliseconds, right-aligned. */
        NANOS;

        /** Returns whether the values are numbers (right-aligned, CSS class {@code n}). */
        public boolean numeric() {
            return this != TEXT && this != CODE;
        }
    }

    /**
     * A column of the table.
     *
     * @param label the heading
     * @param path the row's value: a key, or dotted keys into nested maps ({@code stats.hits});
     *     its last part is the cell's CSS class
     * @param format how the value is shown
     */
    public record Column(String label, String path, Format format) {
        /** Checks the fields. */
        public Column {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(format, "format");
        }

        /** Returns this column's value in {@code row}, or {@code null}. */
        public Object valueIn(Map<String, ?> row) {
            Object v = row;
            for (String part : path.split("\\.")) {
                if (!(v instanceof Map<?, ?> m)) {
                    return null;
                }
                v = m.get(part);
            }
            return v;
        }

        /** Returns the CSS class of its cells: the path's last part. */
        public String cssClass() {
            return path.substring(path.lastIndexOf('.') + 1);
        }
    }

    /**
     * A problem an administrator has to see first, e.g. that the last reload of the policy file
     * failed and where the file is wrong: while it lasts ({@link #active()}) the page shows its
     * text at the top, highlighted, and JMX among the details; the JSON always has the key, with
     * the value, or {@code null} when there is no such problem now.
     *
     * @param key the JSON name
     * @param value the particulars (JSON-ready), or {@code null} while there is no problem
     * @param text one line for people, e.g. {@code Last reload failed at ...: file:3:10: ...}
     */
    public record Alert(String key, Object value, String text) {
        /** Checks the fields: a value needs its text. */
        public Alert {
            Objects.requireNonNull(key, "key");
            if (value != null) {
                Objects.requireNonNull(text, "text");
            }
        }

        /** Returns whether the problem is there now (the value is not {@code null}). */
        public boolean active() {
            return value != null;
        }
    }

    /**
     * A detail of the cache shown above the table.
     *
     * @param key the JSON name
     * @param label the label on the page
     * @param value the value (JSON-ready), or {@code null} for none
     */
    public record Detail(String key, String label, Object value) {
    }

    private final List<Alert> alerts;
    private final List<Detail> details;
    private final String summary;
    private final Map<String, Object> totals;
    private final Map<String, Format> totalFormats;
    private final String tableName;
    private final String keyField;
    private final String rowIdPrefix;
    private final List<Column> columns;
    private final List<Map<String, Object>> rows;

    private AdminView(Builder b) {
        this.alerts = List.copyOf(b.alerts);
        this.details = List.copyOf(b.details);
        this.totals = Collections.unmodifiableMap(new LinkedHashMap<>(b.totals));
        this.totalFormats = Map.copyOf(b.totalFormats);
        this.summary = b.summary != null ? b.summary : defaultSummary(totals);
        this.tableName = b.tableName;
        this.keyField = b.keyField;
        this.rowIdPrefix = b.rowIdPrefix;
        this.columns = List.copyOf(b.columns);
        this.rows = List.copyOf(b.rows);
    }

    private static String defaultSummary(Map<String, Object> totals) {
        StringBuilder sb = new StringBuilder();
        totals.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append(' ')
                .append(v));
        return sb.toString();
    }

    /** Returns a builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** Returns the alerts, active or not, in order. */
    public List<Alert> alerts() {
        return alerts;
    }

    /** Returns the details, in order. */
    public List<Detail> details() {
        return details;
    }

    /** Returns one line that sums the totals up, for the page and JMX. */
    public String summary() {
        return summary;
    }

    /** Returns the totals of the whole cache, name to number, in order. */
    public Map<String, Object> totals() {
        return totals;
    }

    /** Returns how the page shows a total ({@link Format#COUNT} unless it was given). */
    public Format totalFormat(String name) {
        return totalFormats.getOrDefault(name, Format.COUNT);
    }

    /** Returns the JSON name of the rows ({@code rows} when no table was named). */
    public String tableName() {
        return tableName;
    }

    /** Returns the field of each row that identifies it, if the view has a table. */
    public Optional<String> keyField() {
        return Optional.ofNullable(keyField);
    }

    /** Returns the prefix of each row's HTML {@code id} (then its key), if rows have ids. */
    public Optional<String> rowIdPrefix() {
        return Optional.ofNullable(rowIdPrefix);
    }

    /** Returns the columns the page shows. */
    public List<Column> columns() {
        return columns;
    }

    /** Returns the rows, JSON-ready. */
    public List<Map<String, Object>> rows() {
        return rows;
    }

    /** Returns a row's key ({@link #keyField()}'s value) as text, or empty. */
    public Optional<String> keyOf(Map<String, Object> row) {
        return keyField().map(row::get).map(String::valueOf);
    }

    /**
     * Builds an {@link AdminView}. Not thread-safe.
     *
     * <pre>{@code
     * AdminView v = AdminView.builder().total("entries", 3).build();
     * }</pre>
     */
    public static final class Builder {
        private static final List<String> RESERVED = List.of("name", "token", "time", "total",
                "audit");
        private final List<Alert> alerts = new ArrayList<>();
        private final List<Detail> details = new ArrayList<>();
        private final Map<String, Object> totals = new LinkedHashMap<>();
        private final Map<String, Format> totalFormats = new LinkedHashMap<>();
        private String summary;
        private String tableName = "rows";
        private String keyField;
        private String rowIdPrefix;
        private final List<Column> columns = new ArrayList<>();
        private final List<Map<String, Object>> rows = new ArrayList<>();

        private Builder() {
        }

        /**
         * Adds a detail.
         *
         * @param value JSON-ready, or {@code null} for none
         * @throws IllegalArgumentException if {@code key} is blank or {@code name}, {@code token},
         *     {@code time}, {@code total} or {@code audit} (the JSON's own fields)
         * @throws IllegalStateException if {@code key} was already added
         */
        public Builder detail(String key, String label, Object value) {
            checkKey(key);
            details.add(new Detail(key, Objects.requireNonNull(label, "label"), value));
            return this;
        }

        /**
         * Adds an alert: a problem shown first while it lasts.
         *
         * @param value the particulars (JSON-ready), or {@code null} when there is no problem
         *     now (the JSON then has {@code key: null} and the page shows nothing)
         * @param text one line for the page and JMX; needed with a value
         * @throws IllegalArgumentException if {@code key} is blank or reserved (see
         *     {@link #detail})
         * @throws IllegalStateException if {@code key} was already added
         */
        public Builder alert(String key, Object value, String text) {
            checkKey(key);
            alerts.add(new Alert(key, value, value == null ? null : text));
            return this;
        }

        private void checkKey(String key) {
            if (key == null || key.isBlank() || RESERVED.contains(key)) {
                throw new IllegalArgumentException("detail key must not be blank or reserved: "
                        + key);
            }
            if (details.stream().anyMatch(d -> d.key().equals(key))
                    || alerts.stream().anyMatch(a -> a.key().equals(key))) {
                throw new IllegalStateException("detail " + key + " was already added");
            }
        }

        /** Sets the one-line summary (by default the totals, {@code name value, ...}). */
        public Builder summary(String line) {
            this.summary = Objects.requireNonNull(line, "summary");
            return this;
        }

        /**
         * Adds a total of the whole cache.
         *
         * @throws IllegalStateException if {@code name} was already added
         */
        public Builder total(String name, Number value) {
            return total(name, value, Format.COUNT);
        }

        /**
         * Adds a total of the whole cache that the page shows in {@code format} (a ratio as a
         * percentage, nanoseconds as milliseconds, bytes with a unit); the JSON has the number.
         *
         * @throws IllegalArgumentException if {@code format} is not numeric
         * @throws IllegalStateException if {@code name} was already added
         */
        public Builder total(String name, Number value, Format format) {
            Objects.requireNonNull(value, "value");
            if (!Objects.requireNonNull(format, "format").numeric()) {
                throw new IllegalArgumentException("a total is a number: " + format);
            }
            if (totals.putIfAbsent(Objects.requireNonNull(name, "name"), value) != null) {
                throw new IllegalStateException("total " + name + " was already added");
            }
            totalFormats.put(name, format);
            return this;
        }

        /**
         * Names the table.
         *
         * @param name the JSON name of the rows, e.g. {@code operations}
         * @param keyField the field of each row that identifies it, e.g. {@code operation}
         * @param idPrefix the prefix of each row's HTML {@code id}, or {@code null} for none
         */
        public Builder table(String name, String keyField, String idPrefix) {
            if (name == null || name.isBlank() || keyField == null || keyField.isBlank()) {
                throw new IllegalArgumentException("table name and key field must not be blank: "
                        + name + ", " + keyField);
            }
            this.tableName = name;
            this.keyField = keyField;
            this.rowIdPrefix = idPrefix;
            return this;
        }

        /** Adds a column the page shows. */
        public Builder column(String label, String path, Format format) {
            columns.add(new Column(label, path, format));
            return this;
        }

        /** Adds a row (JSON-ready: strings, numbers, booleans, lists and maps of those). */
        public Builder row(Map<String, ?> row) {
            rows.add(Collections.unmodifiableMap(new LinkedHashMap<>(row)));
            return this;
        }

        /** Returns the view. */
        public AdminView build() {
            return new AdminView(this);
        }
    }
}
