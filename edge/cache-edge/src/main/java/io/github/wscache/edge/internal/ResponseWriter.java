package io.github.wscache.edge.internal;

import io.github.wscache.core.internal.http.Preconditions;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * Writes the {@link ProxyServlet}'s responses to the client: status, fields and
 * {@code Cache-Status}, gzip for bodies over {@value #GZIP_MIN} bytes when asked to compress,
 * {@code Content-Length} for whole bodies and chunked streaming of composed pages, and the count
 * of bytes sent ({@link EdgeCounters#bytes}) and of errors ({@link EdgeCounters#errors}).
 */
final class ResponseWriter {
    /** Bodies up to this size are never gzipped. */
    static final int GZIP_MIN = 1024;

    private final EdgeCounters counters;

    ResponseWriter(EdgeCounters counters) {
        this.counters = counters;
    }

    /** Sends a 304 with only the fields a 304 keeps ({@link Preconditions#KEPT_ON_304}). */
    void notModified(HttpServletResponse resp, Map<String, List<String>> out,
            String cacheStatus) {
        out.keySet().retainAll(Preconditions.keptOn304(out.keySet()));
        headers(resp, 304, out, cacheStatus);
    }

    /**
     * Sends a whole body with {@code Content-Length}; when {@code out} already has a
     * {@code Content-Length} (a HEAD), sends the fields only.
     */
    void send(HttpServletResponse resp, int status, Map<String, List<String>> out,
            String cacheStatus, byte[] body, boolean gzip) throws IOException {
        send(resp, status, out, cacheStatus, body, gzip, false);
    }

    /**
     * As {@link #send(HttpServletResponse, int, Map, String, byte[], boolean)}; {@code best}
     * (the gzip server action) gzips at the best level whatever the body's size.
     */
    void send(HttpServletResponse resp, int status, Map<String, List<String>> out,
            String cacheStatus, byte[] body, boolean gzip, boolean best) throws IOException {
        byte[] b = body;
        if (gzip && (best || b.length > GZIP_MIN)) {
            ByteArrayOutputStream z = new ByteArrayOutputStream(b.length / 3 + 64);
            try (GZIPOutputStream gz = gzip(z, best, false)) {
                gz.write(b);
            }
            b = z.toByteArray();
            out.put("Content-Encoding", List.of("gzip"));
        }
        boolean head = out.containsKey("Content-Length");
        headers(resp, status, out, cacheStatus);
        // counted before the bytes leave, so that a client that has the response sees it counted
        counters.bytes.add(head ? 0 : b.length);
        if (!head) {
            resp.setContentLengthLong(b.length);
            resp.getOutputStream().write(b);
        }
    }

    /**
     * Streams a composed page with chunked encoding, flushing before each part that is not
     * ready yet.
     */
    void stream(HttpServletResponse resp, int status, Map<String, List<String>> out,
            String cacheStatus, List<Composer.Part> parts, boolean gzip) throws IOException {
        stream(resp, status, out, cacheStatus, parts, gzip, false);
    }

    /** As {@link #stream}; {@code best} gzips at the best level (the gzip server action). */
    void stream(HttpServletResponse resp, int status, Map<String, List<String>> out,
            String cacheStatus, List<Composer.Part> parts, boolean gzip, boolean best)
            throws IOException {
        if (gzip) {
            out.put("Content-Encoding", List.of("gzip"));
        }
        headers(resp, status, out, cacheStatus);
        CountingStream counting = new CountingStream(resp.getOutputStream());
        OutputStream o = gzip ? gzip(counting, best, true) : counting;
        for (Composer.Part p : parts) {
            if (p.bytes() != null) {
                o.write(p.bytes());
            } else {
                if (!p.future().isDone()) {
                    o.flush();
                }
                o.write(p.future().join());
            }
        }
        o.close();
        counters.bytes.add(counting.count);
    }

    /** Sends an error made by the edge (502, 504) as plain text, and counts it. */
    void error(HttpServletResponse resp, int status, String cacheStatus, String message)
            throws IOException {
        counters.errors.increment();
        byte[] b = (message + "\n").getBytes(StandardCharsets.UTF_8);
        resp.setStatus(status);
        resp.setContentType("text/plain; charset=UTF-8");
        resp.setHeader("Cache-Status", cacheStatus);
        resp.setContentLength(b.length);
        resp.getOutputStream().write(b);
    }

    private static GZIPOutputStream gzip(OutputStream to, boolean best, boolean syncFlush)
            throws IOException {
        return new GZIPOutputStream(to, syncFlush) {
            {
                if (best) {
                    def.setLevel(Deflater.BEST_COMPRESSION);
                }
            }
        };
    }

    private static void headers(HttpServletResponse resp, int status,
            Map<String, List<String>> out, String cacheStatus) {
        resp.setStatus(status);
        for (Map.Entry<String, List<String>> e : out.entrySet()) {
            String name = e.getKey();
            if (name.equalsIgnoreCase("Cache-Status")) {
                continue; // the edge's own replaces it
            }
            for (String v : e.getValue()) {
                FieldBytes.add(resp, name, v);
            }
        }
        FieldBytes.add(resp, "Cache-Status", cacheStatus);
    }

    /** Counts the bytes that reach the client. */
    private static final class CountingStream extends OutputStream {
        private final OutputStream out;
        long count;

        CountingStream(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.flush();
        }
    }
}
