package io.github.wscache.edge.internal;

import java.io.IOException;

/** The origin could not be reached or did not answer in time; becomes a 502 or 504. */
public final class OriginException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final boolean timeout;

    OriginException(String message, IOException cause, boolean timeout) {
        super(message, cause);
        this.timeout = timeout;
    }

    /** Returns whether the origin did not answer in time. */
    public boolean isTimeout() {
        return timeout;
    }
}
