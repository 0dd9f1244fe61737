package io.github.wscache.core.internal.http;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a cache needs to know about one HTTP response: status, header fields, the header fields
 * of the request that produced it, and when the request was sent and the response received.
 *
 * <p>The times come from the caller's clock (RFC 9111 §4.2.3 {@code request_time} and
 * {@code response_time}); this type never reads a clock. The caching-relevant header fields are
 * parsed once, when the instance is created, with the tolerance the RFC asks for:
 * <ul>
 *   <li>{@link #date()}, {@link #lastModified()}: the first field line, empty when invalid;</li>
 *   <li>{@link #expires()}: the first field line; an invalid date such as {@code 0}, or one
 *       outside the exact grammar of RFC 9110 §5.6.7 ({@link HttpDates#parseStrict}), reads as
 *       {@link Instant#EPOCH}, i.e. already expired (RFC 9111 §5.3);</li>
 *   <li>{@link #age()}: the first member of the first line, ignored when it is not a
 *       non-negative integer (RFC 9111 §5.1);</li>
 *   <li>{@link #cacheControl()}: all field lines combined.</li>
 * </ul>
 *
 * <pre>{@code
 * ResponseMetadata meta = ResponseMetadata.of(200,
 *         Map.of("Cache-Control", List.of("max-age=60"), "ETag", List.of("\"v1\"")),
 *         requestSentAt, responseReceivedAt);
 * meta.cacheControl().maxAge();   // Optional[PT1M]
 * meta.etag();                    // Optional["v1"]
 * }</pre>
 */
public final class ResponseMetadata {

    private final int status;
    private final Headers headers;
    private final Headers requestHeaders;
    private final Instant requestTime;
    private final Instant responseTime;
    private final CacheControl cacheControl;
    private final Optional<Instant> date;
    private final Optional<Duration> age;
    private final Optional<Instant> expires;
    private final Optional<Instant> lastModified;
    private final Optional<EntityTag> etag;
    private final List<String> vary;

    private ResponseMetadata(int status, Headers headers, Headers requestHeaders,
            Instant requestTime, Instant responseTime) {
        this(status, headers, requestHeaders, requestTime, responseTime,
                CacheControl.parse(headers.all("Cache-Control")));
    }

    private ResponseMetadata(int status, Headers headers, Headers requestHeaders,
            Instant requestTime, Instant responseTime, CacheControl cacheControl) {
        this.status = status;
        this.headers = headers;
        this.requestHeaders = requestHeaders;
        this.requestTime = Objects.requireNonNull(requestTime, "requestTime");
        this.responseTime = Objects.requireNonNull(responseTime, "responseTime");
        this.cacheControl = Objects.requireNonNull(cacheControl, "cacheControl");
        this.date = headers.first("Date").flatMap(v -> HttpDates.parse(v, responseTime));
        this.age = headers.first("Age").flatMap(ResponseMetadata::parseAge);
        this.expires = headers.first("Expires")
                .map(v -> HttpDates.parseStrict(v, responseTime).orElse(Instant.EPOCH));
        this.lastModified =
                headers.first("Last-Modified").flatMap(v -> HttpDates.parse(v, responseTime));
        this.etag = headers.first("ETag").flatMap(EntityTag::parse);
        List<String> names = new ArrayList<>();
        for (String member : headers.members("Vary")) {
            String name = member.toLowerCase(Locale.ROOT);
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        this.vary = List.copyOf(names);
    }

    /**
     * Describes a response.
     *
     * @param status the status code
     * @param headers the response header fields; may be {@code null}
     * @param requestTime when the request was sent
     * @param responseTime when the response was received
     * @return the metadata, without request header fields
     */
    public static ResponseMetadata of(int status, Map<String, ? extends List<String>> headers,
            Instant requestTime, Instant responseTime) {
        return new ResponseMetadata(status, Headers.of(headers), Headers.EMPTY, requestTime,
                responseTime);
    }

    /**
     * Describes a response whose headers are already wrapped.
     *
     * @param status the status code
     * @param headers the response header fields
     * @param requestTime when the request was sent
     * @param responseTime when the response was received
     * @return the metadata, without request header fields
     */
    public static ResponseMetadata of(int status, Headers headers, Instant requestTime,
            Instant responseTime) {
        return new ResponseMetadata(status, Objects.requireNonNull(headers, "headers"),
                Headers.EMPTY, requestTime, responseTime);
    }

    /**
     * Adds the request's header fields, which {@link Freshness#storable} consults for
     * {@code Authorization} and a cache needs for {@code Vary} matching.
     *
     * @param fields the request header fields; may be {@code null}
     * @return a copy carrying them
     */
    public ResponseMetadata withRequestHeaders(Map<String, ? extends List<String>> fields) {
        return new ResponseMetadata(status, headers, Headers.of(fields), requestTime,
                responseTime, cacheControl);
    }

    /**
     * Returns a copy whose directives are {@code directives} instead of those of its
     * {@code Cache-Control} field: for a cache that obeys a targeted field
     * ({@link TargetedCacheControl}, RFC 9213) in place of {@code Cache-Control}.
     *
     * @param directives the directives this cache obeys for the response
     * @return a copy with them
     */
    public ResponseMetadata withCacheControl(CacheControl directives) {
        return new ResponseMetadata(status, headers, requestHeaders, requestTime, responseTime,
                directives);
    }

    /**
     * Freshens this stored response with a {@code 304 Not Modified} (RFC 9111 §4.3.4): the
     * header fields are merged with {@link Validators#merge304(Headers, Headers)} and the times
     * become those of the validation exchange; status and request header fields stay. Check
     * first with {@link Validators#isUpdatedBy(Headers)} that the 304 refers to this response.
     *
     * @param headersOf304 the header fields of the 304 response
     * @param validationRequestTime when the conditional request was sent
     * @param validationResponseTime when the 304 was received
     * @return the freshened metadata
     */
    public ResponseMetadata freshenedWith(Map<String, ? extends List<String>> headersOf304,
            Instant validationRequestTime, Instant validationResponseTime) {
        return new ResponseMetadata(status, Validators.merge304(headers, Headers.of(headersOf304)),
                requestHeaders, validationRequestTime, validationResponseTime);
    }

    static Optional<Duration> parseAge(String value) {
        int comma = value.indexOf(',');
        String first = (comma < 0 ? value : value.substring(0, comma)).strip();
        return Optional.ofNullable(CacheControl.deltaSeconds(first));
    }

    /** @return the status code */
    public int status() {
        return status;
    }

    /** @return the response header fields */
    public Headers headers() {
        return headers;
    }

    /** @return the header fields of the request that produced the response; maybe empty */
    public Headers requestHeaders() {
        return requestHeaders;
    }

    /** @return when the request was sent ({@code request_time}) */
    public Instant requestTime() {
        return requestTime;
    }

    /** @return when the response was received ({@code response_time}) */
    public Instant responseTime() {
        return responseTime;
    }

    /** @return the parsed {@code Cache-Control}, {@link CacheControl#EMPTY} when absent */
    public CacheControl cacheControl() {
        return cacheControl;
    }

    /** @return the {@code Date} field, empty when absent or invalid */
    public Optional<Instant> date() {
        return date;
    }

    /** @return the {@code Age} field, empty when absent or invalid */
    public Optional<Duration> age() {
        return age;
    }

    /** @return the {@code Expires} field; {@link Instant#EPOCH} when present but invalid */
    public Optional<Instant> expires() {
        return expires;
    }

    /** @return the {@code Last-Modified} field, empty when absent or invalid */
    public Optional<Instant> lastModified() {
        return lastModified;
    }

    /** @return the {@code ETag} field, empty when absent or malformed */
    public Optional<EntityTag> etag() {
        return etag;
    }

    /** @return the lower-cased field names listed by {@code Vary}, possibly {@code "*"} */
    public List<String> vary() {
        return vary;
    }

    /** @return the validators to revalidate with, empty when there is neither ETag nor date */
    public Optional<Validators> validators() {
        return Validators.of(etag.orElse(null), lastModified.orElse(null));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ResponseMetadata m && status == m.status && headers.equals(m.headers)
                && requestHeaders.equals(m.requestHeaders) && requestTime.equals(m.requestTime)
                && responseTime.equals(m.responseTime);
    }

    @Override
    public int hashCode() {
        return Objects.hash(status, headers, requestHeaders, requestTime, responseTime);
    }

    @Override
    public String toString() {
        return "ResponseMetadata[status=" + status + ", headers=" + headers + ", requestTime="
                + requestTime + ", responseTime=" + responseTime + "]";
    }
}
