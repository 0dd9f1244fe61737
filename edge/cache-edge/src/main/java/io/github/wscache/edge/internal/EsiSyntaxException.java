package io.github.wscache.edge.internal;

/**
 * Markup of an ESI construct the edge cannot read safely: an {@code esi:choose},
 * {@code esi:when}, {@code esi:otherwise} or {@code esi:vars} without its end tag, a
 * {@code esi:when} without a valid {@code test}, or constructs nested too deep. The document that
 * contains it fails (a page becomes a 502, a fragment fails like an unreachable include) rather
 * than showing every branch, or none, to a visitor.
 */
public final class EsiSyntaxException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception with a message naming the construct. */
    public EsiSyntaxException(String message) {
        super(message);
    }
}
