package io.github.wscache.sim.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Reads and writes traces as CSV, the format every trace source (the synthetic generator, a load
 * driver, a converted proxy log) shares:
 *
 * <pre>
 * # comment lines start with '#'; blank lines are ignored
 * time_us,key,size_bytes,miss_cost_us
 * 0,17,2048,15000
 * 1250,3,512,9000
 * </pre>
 *
 * <p>One request per line, four integer columns: time in microseconds from the start of the
 * trace (never decreasing), the document key (a 64-bit integer: hash string keys before writing),
 * the response size in bytes and the cost of a miss in microseconds (use the observed fetch
 * latency; 0 when unknown). The header line is optional on input and always written on output.
 */
public final class TraceCsv {
    /** The header line written first and accepted (not required) on input. */
    public static final String HEADER = "time_us,key,size_bytes,miss_cost_us";
    private static final String EXAMPLE = "1250,17,2048,15000";

    private TraceCsv() {
    }

    /** Writes {@code trace} as CSV to {@code out}, header first; does not close {@code out}. */
    public static void write(Trace trace, Writer out) throws IOException {
        StringBuilder line = new StringBuilder(64);
        out.write(HEADER);
        out.write('\n');
        for (int i = 0; i < trace.length(); i++) {
            line.setLength(0);
            line.append(trace.timeMicros(i)).append(',').append(trace.key(i)).append(',')
                    .append(trace.size(i)).append(',').append(trace.cost(i)).append('\n');
            out.append(line);
        }
        out.flush();
    }

    /**
     * Reads a CSV trace; does not close {@code in}.
     *
     * @throws IllegalArgumentException naming the line, if a line is not four integers or time
     *     decreases
     */
    public static Trace read(Reader in) throws IOException {
        BufferedReader lines = in instanceof BufferedReader b ? b : new BufferedReader(in);
        Trace.Builder trace = new Trace.Builder();
        String line;
        int number = 0;
        while ((line = lines.readLine()) != null) {
            number++;
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#") || text.equals(HEADER)) {
                continue;
            }
            String[] cols = text.split(",", -1);
            if (cols.length != 4) {
                throw new IllegalArgumentException("trace line " + number + " must have 4 "
                        + "columns, " + HEADER + " (integers, e.g. " + EXAMPLE + "), not: "
                        + text);
            }
            try {
                trace.add(Long.parseLong(cols[0].strip()), Long.parseLong(cols[1].strip()),
                        Integer.parseInt(cols[2].strip()), Integer.parseInt(cols[3].strip()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("trace line " + number + " is not valid ("
                        + e.getMessage() + "); write " + HEADER + " as non-negative integers "
                        + "with time never decreasing, e.g. " + EXAMPLE + ", not: " + text, e);
            }
        }
        return trace.build();
    }

    /** {@link #read(Reader)} for callers that cannot throw {@link IOException}. */
    static Trace readUnchecked(Reader in) {
        try {
            return read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
