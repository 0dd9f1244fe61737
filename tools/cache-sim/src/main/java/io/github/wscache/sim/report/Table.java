package io.github.wscache.sim.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rows of one result table, written as CSV (a header, then one line a row) and as JSON
 * objects (for {@code results.json}). A {@code Double} is written with four decimals, anything
 * else as its {@code toString}; in JSON a {@code String} is quoted.
 *
 * <pre>{@code
 * Table t = new Table("policy", "warm_dhr").row("LRU", 0.6621);
 * t.write(out.resolve("policies.csv"));       // policy,warm_dhr / LRU,0.6621
 * List<String> json = t.json("policy", "warmDhr"); // {"policy":"LRU","warmDhr":0.6621}
 * }</pre>
 */
public final class Table {
    private final String[] columns;
    private final List<Object[]> rows = new ArrayList<>();

    /** Creates an empty table with these CSV column names. */
    public Table(String... columns) {
        this.columns = columns.clone();
    }

    /**
     * Appends a row, one value per column.
     *
     * @throws IllegalArgumentException if the number of values is not the number of columns
     */
    public Table row(Object... values) {
        if (values.length != columns.length) {
            throw new IllegalArgumentException("a row of " + columns.length + " columns has "
                    + values.length + " values");
        }
        rows.add(values.clone());
        return this;
    }

    /** Returns the number of rows. */
    public int size() {
        return rows.size();
    }

    /** Returns the table as CSV: the header line, then one line a row. */
    public String csv() {
        StringBuilder text = new StringBuilder(String.join(",", columns)).append('\n');
        for (Object[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                text.append(c == 0 ? "" : ",").append(format(row[c]));
            }
            text.append('\n');
        }
        return text.toString();
    }

    /**
     * Returns each row as one JSON object whose members are named {@code keys}, in column order.
     *
     * @throws IllegalArgumentException if the number of keys is not the number of columns
     */
    public List<String> json(String... keys) {
        if (keys.length != columns.length) {
            throw new IllegalArgumentException(columns.length + " columns need as many keys, not "
                    + keys.length);
        }
        List<String> objects = new ArrayList<>();
        for (Object[] row : rows) {
            StringBuilder o = new StringBuilder("{");
            for (int c = 0; c < row.length; c++) {
                o.append(c == 0 ? "" : ",").append(quote(keys[c])).append(':')
                        .append(row[c] instanceof String s ? quote(s) : format(row[c]));
            }
            objects.add(o.append('}').toString());
        }
        return objects;
    }

    /** Writes {@link #csv()} to {@code file}, replacing it. */
    public void write(Path file) throws IOException {
        write(file, csv());
    }

    /** Writes {@code text} to {@code file} in UTF-8, replacing it. */
    public static void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** Returns {@code text} as a JSON string. */
    public static String quote(String text) {
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    private static String format(Object value) {
        return value instanceof Double d ? String.format(Locale.ROOT, "%.4f", d)
                : String.valueOf(value);
    }
}
