package io.github.wscache.axis.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * A response body whose stream failed while the cache read it: the bytes that arrived, and the
 * failure ({@code ConnectionClosedException} for a body cut short, a socket timeout, ...).
 *
 * <p>Design: a cache is transparent, so the caller must see what it sees without the cache.
 * Without it, Axis2 hands the live stream to the parser and the failure surfaces from the parse
 * (for ADB stubs {@code DeferredParsingException} caused by Woodstox's {@code WstxIOException}
 * caused by the transport's exception). The cache has to read the whole stream to capture it,
 * so instead of wrapping the failure it puts back {@link #open()}: a stream that replays the
 * same bytes and then throws the same exception, and the parse fails exactly as it would have.
 * Never stored; the concurrent callers of the same key get their own {@link #open()} and fail in
 * the same way without another request.
 */
final class BrokenBody {
    private final byte[] received;
    private final IOException failure;

    BrokenBody(byte[] received, IOException failure) {
        this.received = received.clone();
        this.failure = Objects.requireNonNull(failure, "failure");
    }

    /** Returns a new stream: the bytes received, then the failure on every further read. */
    InputStream open() {
        return new InputStream() {
            private int pos;

            @Override
            public int read() throws IOException {
                if (pos < received.length) {
                    return received[pos++] & 0xff;
                }
                throw failure;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                Objects.checkFromIndexSize(off, len, b.length);
                if (len == 0) {
                    return 0;
                }
                if (pos >= received.length) {
                    throw failure;
                }
                int n = Math.min(len, received.length - pos);
                System.arraycopy(received, pos, b, off, n);
                pos += n;
                return n;
            }

            @Override
            public int available() {
                return received.length - pos;
            }
        };
    }

    @Override
    public String toString() {
        return "BrokenBody{" + received.length + " bytes, then " + failure + "}";
    }
}
