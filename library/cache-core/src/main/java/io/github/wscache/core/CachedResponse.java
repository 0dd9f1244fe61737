package io.github.wscache.core;

import io.github.wscache.core.internal.http.Validators;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * A response as a message-level integration keeps it: the body in its representation (XML bytes
 * or a recording of parse events), the HTTP status, content type and headers. Immutable and
 * thread-safe; one instance is handed to every caller that hits it.
 *
 * <pre>{@code
 * CachedResponse r = CachedResponse.builder(XmlRecording.parse(bytes))
 *         .status(200)
 *         .contentType("text/xml; charset=UTF-8")
 *         .header("ETag", "\"v1\"")
 *         .build();
 * }</pre>
 */
public final class CachedResponse {
    /** Fields that describe the stored body, kept when a 304 refreshes the headers. */
    private static final List<String> BODY_FIELDS =
            List.of("Content-Type", "Content-Encoding", "Transfer-Encoding");
    private final Object body;
    private final int status;
    private final String contentType;
    private final Map<String, List<String>> headers;
    private final String notCacheable;
    private final String perUserOnly;
    private final boolean notModified;

    private CachedResponse(Builder b) {
        this.body = b.body;
        this.status = b.status;
        this.contentType = b.contentType;
        this.headers = Collections.unmodifiableMap(b.headers);
        this.notCacheable = b.notCacheable;
        this.perUserOnly = b.perUserOnly;
        this.notModified = b.notModified;
    }

    /**
     * Returns a builder for a response whose body is kept as {@code body}: {@code byte[]} of
     * XML, an {@code XmlRecording}, or any immutable object the integration can hand back.
     */
    public static Builder builder(Object body) {
        return new Builder(body);
    }

    /** Returns the marker an {@link Exchange} returns for an HTTP 304 Not Modified. */
    public static CachedResponse notModified(Map<String, List<String>> headers) {
        Builder b = new Builder(null).status(304);
        b.headers(headers);
        b.notModified = true;
        return b.build();
    }

    /**
     * Returns the marker of a 304 that speaks for the stored response to this caller only: the
     * caller gets the stored response with the 304's fields, and that is not stored (counted
     * with {@code reason}), as when the integration knows the stored response was dropped while
     * the 304 was on its way (a purge).
     */
    public static CachedResponse notModified(Map<String, List<String>> headers,
            String notCacheable) {
        Builder b = new Builder(null).status(304);
        b.headers(headers);
        b.notModified = true;
        b.notCacheable(notCacheable);
        return b.build();
    }

    /** Returns the body in its stored representation. */
    public Object body() {
        return body;
    }

    /** Returns the HTTP status (200 unless set). */
    public int status() {
        return status;
    }

    /** Returns the content type, or {@code null}. */
    public String contentType() {
        return contentType;
    }

    /** Returns the headers; names are case-insensitive. */
    public Map<String, List<String>> headers() {
        return headers;
    }

    /** Returns the first value of a header. */
    public Optional<String> header(String name) {
        List<String> v = headers.get(name);
        return v == null || v.isEmpty() ? Optional.empty() : Optional.of(v.get(0));
    }

    /** Returns why the integration said this response must not be cached (e.g. a SOAP fault). */
    public Optional<String> notCacheableReason() {
        return Optional.ofNullable(notCacheable);
    }

    /**
     * Returns why this response may be stored only in an entry of one caller's own partition
     * (e.g. it set a cookie), or empty when it may be shared.
     */
    public Optional<String> perUserOnlyReason() {
        return Optional.ofNullable(perUserOnly);
    }

    /** Returns whether this is the 304 marker of {@link #notModified(Map)}. */
    public boolean isNotModified() {
        return notModified;
    }

    /**
     * Returns the headers of a conditional request that revalidates this response:
     * {@code If-None-Match} from its {@code ETag}, {@code If-Modified-Since} from its
     * {@code Last-Modified}. Empty when it has no validator.
     */
    public Map<String, String> conditionalHeaders() {
        Map<String, String> h = new LinkedHashMap<>();
        header("ETag").ifPresent(v -> h.put("If-None-Match", v));
        header("Last-Modified").ifPresent(v -> h.put("If-Modified-Since", v));
        return h;
    }

    /** Whether {@link #conditionalHeaders()} is not empty, without making them. */
    boolean hasValidators() {
        return header("ETag").isPresent() || header("Last-Modified").isPresent();
    }

    /**
     * Returns this response with the headers of a 304 merged in (RFC 9111 §4.3.4), by the same
     * rule as the rest of wscache: every field the 304 carries replaces the stored one, except
     * {@code Content-Length}, hop-by-hop and proxy authentication fields; and, since the stored
     * body stays as it is, the fields that describe it ({@code Content-Type},
     * {@code Content-Encoding}, {@code Transfer-Encoding}) are kept as stored. A 304 marked not
     * cacheable ({@link #notModified(Map, String)}) makes the result not cacheable too.
     */
    public CachedResponse withHeadersOf(CachedResponse notModified) {
        Builder b = new Builder(body).status(status).contentType(contentType);
        Map<String, List<String>> merged = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        merged.putAll(Validators.merge304(headers, notModified.headers));
        for (String kept : BODY_FIELDS) {
            merged.remove(kept);
            List<String> stored = headers.get(kept);
            if (stored != null) {
                merged.put(kept, stored);
            }
        }
        b.headers(merged);
        b.notCacheable = notModified.notCacheable != null ? notModified.notCacheable
                : notCacheable;
        b.perUserOnly = perUserOnly;
        return b.build();
    }

    /**
     * Returns this response without the header fields {@code names} lists (any case), every
     * other part the same; {@code this} when it carries none of them.
     */
    public CachedResponse withoutHeaders(Set<String> names) {
        boolean any = false;
        for (String n : names) {
            any |= headers.containsKey(n);
        }
        if (!any) {
            return this;
        }
        Builder b = new Builder(body).status(status).contentType(contentType);
        b.headers.putAll(headers);
        for (String n : names) {
            b.headers.remove(n);
        }
        b.notCacheable = notCacheable;
        b.perUserOnly = perUserOnly;
        b.notModified = notModified;
        return b.build();
    }

    /**
     * Returns this response with its body in another representation, every other part the same
     * (the shared tier's byte form of a body, and back).
     */
    public CachedResponse withBody(Object newBody) {
        if (newBody == body) {
            return this;
        }
        Builder b = new Builder(newBody).status(status).contentType(contentType);
        b.headers.putAll(headers);
        b.notCacheable = notCacheable;
        b.perUserOnly = perUserOnly;
        b.notModified = notModified;
        return b.build();
    }

    @Override
    public String toString() {
        return "CachedResponse{status=" + status + ", contentType=" + contentType + ", body="
                + (body instanceof byte[] ? "byte[" + ((byte[]) body).length + "]"
                        : body == null ? "none" : body.getClass().getSimpleName()) + "}";
    }

    /** Builds a {@link CachedResponse}. Not thread-safe. */
    public static final class Builder {
        private final Object body;
        private int status = 200;
        private String contentType;
        private final Map<String, List<String>> headers =
                new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        private String notCacheable;
        private String perUserOnly;
        private boolean notModified;

        private Builder(Object body) {
            this.body = body;
        }

        /**
         * Sets the HTTP status: any three-digit code, as a client receives it. A status outside
         * 100..599 is not a valid HTTP status (RFC 9110 §15), but services and libraries send
         * them (999, 600...): the response still reaches its caller, and the cache never stores
         * it (it stores only statuses it understands).
         *
         * @throws IllegalArgumentException if {@code status} is not in 100..999
         */
        public Builder status(int status) {
            if (status < 100 || status > 999) {
                throw new IllegalArgumentException("status must be a three-digit HTTP status: "
                        + status);
            }
            this.status = status;
            return this;
        }

        /** Sets the content type. */
        public Builder contentType(String contentType) {
            this.contentType = contentType;
            return this;
        }

        /** Adds a header value. */
        public Builder header(String name, String value) {
            Objects.requireNonNull(name, "header name");
            Objects.requireNonNull(value, "header value");
            headers.computeIfAbsent(name, n -> new ArrayList<>(1)).add(value);
            return this;
        }

        /** Adds all headers of a map (values copied). */
        public Builder headers(Map<String, List<String>> all) {
            for (Map.Entry<String, List<String>> e : all.entrySet()) {
                if (e.getKey() != null && e.getValue() != null) {
                    for (String v : e.getValue()) {
                        header(e.getKey(), v);
                    }
                }
            }
            return this;
        }

        /** Marks the response as one that must not be cached, with the reason (for stats). */
        public Builder notCacheable(String reason) {
            this.notCacheable = Objects.requireNonNull(reason, "reason");
            return this;
        }

        /**
         * Marks the response as one that may be stored only for the caller who received it:
         * an entry shared across users (no credentials, or {@code sharedAcrossUsers}) is not
         * stored, and the reason is counted as a bypass. RFC 9111 asks this of shared caches
         * for a response that sets a cookie.
         */
        public Builder perUserOnly(String reason) {
            this.perUserOnly = Objects.requireNonNull(reason, "reason");
            return this;
        }

        /** Returns the response. */
        public CachedResponse build() {
            headers.replaceAll((k, v) -> List.copyOf(v));
            return new CachedResponse(this);
        }
    }
}
