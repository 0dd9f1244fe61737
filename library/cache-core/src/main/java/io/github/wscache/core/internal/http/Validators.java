package io.github.wscache.core.internal.http;

import java.time.Instant;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The validators kept with a stored response, {@code ETag} and {@code Last-Modified}, and the
 * conditional-request rules built on them (RFC 9110 §13, RFC 9111 §4.3).
 *
 * <pre>{@code
 * Validators v = meta.validators().orElseThrow();
 * Map<String, List<String>> conditional = v.conditionalRequestHeaders();
 * // {If-None-Match=["v1"], If-Modified-Since=[Sun, 06 Nov 1994 08:49:37 GMT]}
 * // ... send the request; on 304:
 * ResponseMetadata fresh = meta.freshenedWith(headersOf304, sentAt, receivedAt);
 * }</pre>
 */
public final class Validators {

    /**
     * Fields a 304 never replaces in the stored response (RFC 9111 §3.1, §3.2): hop-by-hop and
     * proxy-specific fields, and {@code Content-Length}, which describes the 304's empty body.
     */
    private static final Set<String> NOT_UPDATED = notUpdated();

    private static Set<String> notUpdated() {
        Set<String> s = new HashSet<>(Headers.HOP_BY_HOP);
        s.addAll(Headers.PROXY_AUTHENTICATION);
        s.add("content-length");
        return Set.copyOf(s);
    }

    private final EntityTag etag;
    private final Instant lastModified;

    private Validators(EntityTag etag, Instant lastModified) {
        this.etag = etag;
        this.lastModified = lastModified;
    }

    /**
     * Combines the validators of a response.
     *
     * @param etag the entity tag, or {@code null}
     * @param lastModified the last modification date, or {@code null}
     * @return the validators, empty when both are {@code null}
     */
    public static Optional<Validators> of(EntityTag etag, Instant lastModified) {
        if (etag == null && lastModified == null) {
            return Optional.empty();
        }
        return Optional.of(new Validators(etag, lastModified));
    }

    /** @return the entity tag, if the response had one */
    public Optional<EntityTag> etag() {
        return Optional.ofNullable(etag);
    }

    /** @return the last modification date, if the response had one */
    public Optional<Instant> lastModified() {
        return Optional.ofNullable(lastModified);
    }

    /**
     * Builds the header fields that make a request conditional (RFC 9111 §4.3.1):
     * {@code If-None-Match} with the entity tag and {@code If-Modified-Since} with the
     * {@code Last-Modified} date, each when available.
     *
     * @return an unmodifiable map with one or two fields
     */
    public Map<String, List<String>> conditionalRequestHeaders() {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        if (etag != null) {
            fields.put("If-None-Match", List.of(etag.toString()));
        }
        if (lastModified != null) {
            fields.put("If-Modified-Since", List.of(HttpDates.format(lastModified)));
        }
        return Collections.unmodifiableMap(fields);
    }

    /**
     * Tells whether a {@code 304 Not Modified} applies to the stored response that has these
     * validators (RFC 9111 §4.3.4). With an entity tag in the 304, the tags must match (strongly
     * if the 304's tag is strong, weakly otherwise); else with a {@code Last-Modified} in the
     * 304, the dates must be equal; a 304 with neither is taken to refer to the response whose
     * validators were sent, since this cache keeps one response per key.
     *
     * @param headersOf304 the header fields of the 304 response
     * @return whether the stored response may be freshened with it
     */
    public boolean isUpdatedBy(Headers headersOf304) {
        Optional<EntityTag> newTag = headersOf304.first("ETag").flatMap(EntityTag::parse);
        if (newTag.isPresent()) {
            if (etag == null) {
                return false;
            }
            return newTag.get().isWeak() ? etag.weakMatch(newTag.get())
                    : etag.strongMatch(newTag.get());
        }
        Optional<Instant> newDate =
                headersOf304.first("Last-Modified").flatMap(HttpDates::parse);
        if (newDate.isPresent()) {
            return newDate.get().equals(lastModified);
        }
        return true;
    }

    /**
     * Evaluates {@code If-None-Match} against a current entity tag with weak comparison
     * (RFC 9110 §13.1.2), e.g. for an edge that answers conditional requests itself.
     *
     * @param ifNoneMatch the field value, such as {@code "a", W/"b"} or {@code *}
     * @param current the current representation's tag; {@code null} when it has none
     * @return {@code true} when a tag matches (the answer is 304 for GET and HEAD)
     */
    public static boolean ifNoneMatchMatches(String ifNoneMatch, EntityTag current) {
        if (ifNoneMatch == null) {
            return false;
        }
        if (ifNoneMatch.strip().equals("*")) {
            return true;
        }
        if (current == null) {
            return false;
        }
        for (EntityTag candidate : EntityTag.parseList(ifNoneMatch)) {
            if (candidate.weakMatch(current)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Evaluates {@code If-Range} (RFC 9110 §13.1.5): an entity tag must match the current one
     * strongly; a date must be an exact match of a {@code Last-Modified} that is strong, i.e.
     * at least one second older than the response's {@code Date} (a date without a
     * {@code Date} to compare with is taken as weak). Anything else, including an invalid
     * value, means the range is not applied and the full representation is sent.
     *
     * @param ifRange the field value
     * @param etag the current entity tag, or {@code null}
     * @param lastModified the current modification date, or {@code null}
     * @param date the response's {@code Date}, or {@code null}
     * @return whether the {@code Range} applies
     */
    public static boolean ifRangeMatches(String ifRange, EntityTag etag, Instant lastModified,
            Instant date) {
        if (ifRange == null) {
            return true;
        }
        String v = ifRange.strip();
        if (v.startsWith("\"") || v.startsWith("W/")) {
            Optional<EntityTag> tag = EntityTag.parse(v);
            return tag.isPresent() && etag != null && etag.strongMatch(tag.get());
        }
        Optional<Instant> when = HttpDates.parse(v);
        return when.isPresent() && lastModified != null && date != null
                && when.get().equals(lastModified) && !lastModified.plusSeconds(1).isAfter(date);
    }

    /**
     * Evaluates {@code If-Modified-Since} (RFC 9110 §13.1.3): true when the representation was
     * not modified after the given date. An invalid date is ignored (false).
     *
     * @param ifModifiedSince the field value
     * @param lastModified the current representation's modification date
     * @return {@code true} when the answer is 304
     */
    public static boolean notModifiedSince(String ifModifiedSince, Instant lastModified) {
        if (lastModified == null) {
            return false;
        }
        return HttpDates.parse(ifModifiedSince).map(d -> !lastModified.isAfter(d)).orElse(false);
    }

    /**
     * Updates stored header fields with those of a {@code 304 Not Modified} (RFC 9111 §3.2,
     * §4.3.4): every field of the 304 replaces the stored field of the same name, except
     * {@code Content-Length}, hop-by-hop fields (including those named by the 304's
     * {@code Connection}) and proxy authentication fields. Stored fields the 304 does not
     * mention are kept.
     *
     * @param stored the stored response's header fields
     * @param headersOf304 the 304's header fields
     * @return the merged header fields
     */
    public static Headers merge304(Headers stored, Headers headersOf304) {
        Set<String> skip = new HashSet<>(NOT_UPDATED);
        skip.addAll(Headers.connectionOptions(headersOf304.members("Connection")));
        Map<String, List<String>> merged = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        merged.putAll(stored.asMap());
        for (String name : headersOf304.names()) {
            if (!skip.contains(name.toLowerCase(Locale.ROOT))) {
                merged.remove(name);
                merged.put(name, headersOf304.all(name));
            }
        }
        return Headers.of(merged);
    }

    /**
     * {@link #merge304(Headers, Headers)} for plain maps.
     *
     * @param stored the stored response's header fields
     * @param headersOf304 the 304's header fields
     * @return the merged header fields, an unmodifiable case-insensitive map
     */
    public static Map<String, List<String>> merge304(Map<String, ? extends List<String>> stored,
            Map<String, ? extends List<String>> headersOf304) {
        return merge304(Headers.of(stored), Headers.of(headersOf304)).asMap();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Validators v && Objects.equals(etag, v.etag)
                && Objects.equals(lastModified, v.lastModified);
    }

    @Override
    public int hashCode() {
        return Objects.hash(etag, lastModified);
    }

    @Override
    public String toString() {
        return "Validators[etag=" + etag + ", lastModified=" + lastModified + "]";
    }
}
