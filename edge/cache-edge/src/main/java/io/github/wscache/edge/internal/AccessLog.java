package io.github.wscache.edge.internal;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The access log: one line per request in the combined log format (Apache's {@code combined},
 * which nginx also writes) followed by the cache outcome and the time taken in microseconds:
 * <pre>
 * 127.0.0.1 - - [24/Nov/2026:19:25:18 +0100] "GET /page HTTP/1.1" 200 5120 "-" "curl/8.5" HIT 412
 * </pre>
 *
 * <p>Design: the request thread only captures the fields it already has into an {@link Entry}
 * and offers it to a bounded queue ({@value #CAPACITY} entries) without waiting; one daemon
 * thread formats the lines and writes them through a buffer, flushing when the queue runs empty.
 * So a slow or stalled disk never slows the hit path: when the queue is full the entry is dropped,
 * counted ({@link #dropped()}) and the first drop is logged. {@link #close()} writes what is
 * queued and flushes; it does not close the stream (which may be standard output).
 *
 * <p>Field values that the client chose (request line, referrer, user agent) are escaped the way
 * Apache escapes them ({@code \"}, {@code \\}, {@code \xhh} for control and non-ASCII bytes) so
 * that no client can forge a line. Thread-safe.
 */
public final class AccessLog implements AutoCloseable {
    /** How many entries may wait for the writer before entries are dropped. */
    static final int CAPACITY = 65_536;

    private static final Logger LOG = LoggerFactory.getLogger(AccessLog.class);
    private static final DateTimeFormatter TIME = DateTimeFormatter
            .ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.US);

    /** What one request leaves in the log, captured on the request thread without formatting. */
    public record Entry(String remoteAddress, String user, long epochMillis, String method,
            String uri, String query, String protocol, int status, long bytes, String referer,
            String userAgent, String cacheStatus, long nanos) {
    }

    private final BlockingQueue<Entry> queue;
    private final Writer out;
    private final ZoneId zone;
    private final Thread writer;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final LongAdder dropped = new LongAdder();
    private final AtomicBoolean warned = new AtomicBoolean();

    /** Starts the writer thread; lines go to {@code out} in UTF-8, times in {@code zone}. */
    public AccessLog(OutputStream out, ZoneId zone) {
        this(out, zone, CAPACITY);
    }

    AccessLog(OutputStream out, ZoneId zone, int capacity) {
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8),
                1 << 16);
        this.zone = zone;
        this.writer = new Thread(this::run, "wscache-edge-access-log");
        writer.setDaemon(true);
        writer.start();
    }

    /** Queues an entry without waiting; drops and counts it when the queue is full. */
    public void log(Entry e) {
        if (closed.get() || !queue.offer(e)) {
            dropped.increment();
            if (warned.compareAndSet(false, true)) {
                LOG.warn("access log entries are being dropped: the log cannot keep up with "
                        + "requests (or the edge is stopping); requests are not slowed down");
            }
        }
    }

    /** Returns how many entries were dropped because the writer could not keep up. */
    public long dropped() {
        return dropped.sum();
    }

    private void run() {
        List<Entry> batch = new ArrayList<>();
        StringBuilder line = new StringBuilder(256);
        try {
            while (!closed.get() || !queue.isEmpty()) {
                Entry first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch);
                for (Entry e : batch) {
                    line.setLength(0);
                    format(e, zone, line);
                    out.write(line.append('\n').toString());
                }
                batch.clear();
                if (queue.isEmpty()) {
                    out.flush();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
            LOG.error("the access log cannot be written; no more lines will be logged", e);
            closed.set(true);
            queue.clear();
        }
        try {
            out.flush();
        } catch (IOException e) {
            // reported above if it was the stream's fault; nothing left to do
        }
    }

    /**
     * Writes what is queued, flushes and stops the writer; waits at most {@code timeoutMillis}
     * (a stalled stream must not stall the shutdown). Idempotent.
     */
    public void close(long timeoutMillis) {
        if (closed.compareAndSet(false, true)) {
            try {
                writer.join(timeoutMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (writer.isAlive()) {
                writer.interrupt();
            }
        }
    }

    @Override
    public void close() {
        close(5_000);
    }

    /** Appends one line (without the newline) to {@code b}. */
    static void format(Entry e, ZoneId zone, StringBuilder b) {
        b.append(orDash(e.remoteAddress())).append(" - ").append(orDash(e.user())).append(" [");
        TIME.formatTo(Instant.ofEpochMilli(e.epochMillis()).atZone(zone), b);
        b.append("] \"");
        escape(e.method(), b);
        b.append(' ');
        escape(e.uri(), b);
        if (e.query() != null) {
            b.append('?');
            escape(e.query(), b);
        }
        b.append(' ');
        escape(e.protocol(), b);
        b.append("\" ").append(e.status()).append(' ');
        if (e.bytes() > 0) {
            b.append(e.bytes());
        } else {
            b.append('-');
        }
        b.append(" \"");
        escape(e.referer() == null ? "-" : e.referer(), b);
        b.append("\" \"");
        escape(e.userAgent() == null ? "-" : e.userAgent(), b);
        b.append("\" ").append(outcome(e.cacheStatus())).append(' ')
                .append(TimeUnit.NANOSECONDS.toMicros(e.nanos()));
    }

    /**
     * Returns the cache outcome named by the edge's {@code Cache-Status} field:
     * {@code HIT}, {@code MISS} ({@code fwd=uri-miss}, {@code miss} or {@code vary-miss}),
     * {@code STALE} (revalidated or refetched), {@code PASS} (not cacheable: {@code bypass},
     * {@code method}, {@code request}), another {@code fwd} reason in capitals, or {@code -}
     * when the response did not go through the cache.
     */
    static String outcome(String cacheStatus) {
        if (cacheStatus == null) {
            return "-";
        }
        String fwd = null;
        for (String p : cacheStatus.split(";")) {
            String t = p.trim();
            if (t.equals("hit")) {
                return "HIT";
            }
            if (t.startsWith("fwd=")) {
                fwd = t.substring(4);
            }
        }
        if (fwd == null) {
            return "-";
        }
        switch (fwd) {
            case "uri-miss":
            case "miss":
            case "vary-miss":
                return "MISS";
            case "stale":
                return "STALE";
            case "bypass":
            case "method":
            case "request":
                return "PASS";
            default:
                return fwd.toUpperCase(Locale.ROOT);
        }
    }

    private static String orDash(String s) {
        return s == null || s.isEmpty() ? "-" : s;
    }

    private static void escape(String s, StringBuilder b) {
        if (s == null) {
            b.append('-');
            return;
        }
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            i += Character.charCount(c);
            if (c == '"' || c == '\\') {
                b.append('\\').append((char) c);
            } else if (c < 0x20 || c >= 0x7f) {
                byte[] bytes = new String(Character.toChars(c)).getBytes(StandardCharsets.UTF_8);
                for (byte x : bytes) {
                    b.append("\\x").append(Character.forDigit((x >> 4) & 0xf, 16))
                            .append(Character.forDigit(x & 0xf, 16));
                }
            } else {
                b.append((char) c);
            }
        }
    }
}
