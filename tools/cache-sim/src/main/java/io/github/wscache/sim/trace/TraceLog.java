package io.github.wscache.sim.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the requests a load run makes as a trace for cache-sim (the site's Simulation page), in
 * its CSV format: {@code time_us,key,size_bytes,miss_cost_us}, one request a line. The time is
 * when the response arrived, in microseconds from the log's creation (never decreasing); the key
 * is a 64-bit FNV-1a hash of the request's cache key; the size is the response body's bytes; the
 * miss cost is the request's latency, so record a run that does not cache. Thread-safe. The
 * portal's and the Pet Shop's load drivers write their {@code --trace} files with it.
 *
 * <pre>{@code
 * try (TraceLog log = new TraceLog(Path.of("run.csv"), "my load driver")) {
 *     log.record("GET /search?q=axis", responseBytes, latencyMicros);
 * }
 * Trace trace = TraceCsv.read(Files.newBufferedReader(Path.of("run.csv")));
 * }</pre>
 */
public final class TraceLog implements AutoCloseable {
    private final Writer out;
    private final long start = System.nanoTime();
    private long last;

    /** Creates (or replaces) {@code file}, whose first line is {@code comment} as a comment. */
    public TraceLog(Path file, String comment) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        out.write("# " + comment + "\n" + "time_us,key,size_bytes,miss_cost_us\n");
    }

    /** Records one request: its cache key, its response's bytes and its latency. */
    public synchronized void record(String key, int bytes, long latencyMicros) {
        last = Math.max(last, (System.nanoTime() - start) / 1000);
        try {
            out.write(last + "," + fnv1a(key) + "," + bytes + "," + Math.max(0, latencyMicros)
                    + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Returns the 64-bit FNV-1a hash of the key's UTF-8 bytes, the trace's key column. */
    public static long fnv1a(String key) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        return hash;
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
