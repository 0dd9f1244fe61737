package io.github.wscache.edge.internal;

/** An include that failed with no fallback left; the page becomes a 502 or 504. */
public final class IncludeFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String src;
    private final int status;

    IncludeFailure(String src, int status, String reason) {
        super("include \"" + src + "\" failed: " + reason);
        this.src = src;
        this.status = status;
    }

    /** Returns the {@code src} of the include, as written. */
    public String src() {
        return src;
    }

    /** Returns the status the page gets: 504 for a timeout, else 502. */
    public int status() {
        return status;
    }
}
