package io.github.wscache.core.internal.http;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The directives a shared cache at the edge obeys for one response, chosen among the fields
 * addressed to it, first present wins:
 * <ol>
 *   <li>{@code CDN-Cache-Control} (RFC 9213): when it holds at least one known directive, it
 *       replaces {@code Cache-Control} altogether for this cache (RFC 9213 §2.1). It is a
 *       Structured Field Dictionary, parsed strictly ({@link StructuredDictionary}): a value
 *       that does not parse (say {@code max-age = 60}, or a member of no known type) makes the
 *       whole field ignored, and a directive whose value has the wrong type (a delta that is
 *       not a non-negative Integer) is ignored;</li>
 *   <li>{@code Surrogate-Control} {@code max-age} (W3C Edge Architecture 1.0): the lifetime,
 *       and {@code max-age=N+M} an extra {@code stale-if-error} of M seconds; the other
 *       {@code Cache-Control} directives that limit storing and reuse (private, no-store,
 *       no-cache) are addressed to the browsers behind the surrogate and are dropped;</li>
 *   <li>{@code Cache-Control} as it is.</li>
 * </ol>
 * {@code Surrogate-Control: no-store} is read by the caller ({@link SurrogateControl#noStore}).
 *
 * <pre>{@code
 * TargetedCacheControl t = TargetedCacheControl.of(headers, true);
 * t.directives().sMaxAge();   // what the edge obeys
 * t.source();                 // "CDN-Cache-Control", "Surrogate-Control" or "Cache-Control"
 * }</pre>
 *
 * @param directives the directives to obey
 * @param source the field they come from
 */
public record TargetedCacheControl(CacheControl directives, String source) {
    /** The targeted field of RFC 9213. */
    public static final String CDN_CACHE_CONTROL = "CDN-Cache-Control";

    /** Checks the components. */
    public TargetedCacheControl {
        Objects.requireNonNull(directives, "directives");
        Objects.requireNonNull(source, "source");
    }

    /**
     * Chooses the directives for a response.
     *
     * @param response the response header fields
     * @param honorSurrogateControl whether this cache is a surrogate that obeys
     *     {@code Surrogate-Control}
     * @return the directives and where they come from
     */
    public static TargetedCacheControl of(Headers response, boolean honorSurrogateControl) {
        List<String> cdn = response.all(CDN_CACHE_CONTROL);
        if (!cdn.isEmpty()) {
            Optional<Map<String, Object>> members = StructuredDictionary.parse(cdn);
            if (members.isPresent()) {
                CacheControl cc = CacheControl.parse(directives(members.get()));
                if (!cc.isEmpty()) {
                    return new TargetedCacheControl(cc, CDN_CACHE_CONTROL);
                }
            }
        }
        CacheControl cc = CacheControl.parse(response.all("Cache-Control"));
        if (honorSurrogateControl) {
            SurrogateControl sc = SurrogateControl.parse(response.all("Surrogate-Control"),
                    SurrogateControl.WSCACHE_EDGE);
            if (sc.maxAge().isPresent()) {
                return new TargetedCacheControl(surrogate(cc, sc), "Surrogate-Control");
            }
        }
        return new TargetedCacheControl(cc, "Cache-Control");
    }

    /**
     * The directives of a valid {@code CDN-Cache-Control} dictionary, written as
     * {@code Cache-Control} is: a flag for {@code true}, {@code name=N} for a non-negative
     * Integer, {@code name="..."} for the String of {@code no-cache} and {@code private} (the
     * fields they name); {@code ?0} and values of other types are left out.
     */
    private static String directives(Map<String, Object> members) {
        List<String> out = new ArrayList<>();
        members.forEach((name, value) -> {
            if (Boolean.TRUE.equals(value)) {
                out.add(name);
            } else if (value instanceof Long && (Long) value >= 0) {
                out.add(name + "=" + value);
            } else if (value instanceof String
                    && (name.equals("no-cache") || name.equals("private"))) {
                out.add(name + "=\"" + ((String) value).replace("\\", "\\\\")
                        .replace("\"", "\\\"") + "\"");
            }
        });
        return String.join(", ", out);
    }

    private static CacheControl surrogate(CacheControl cc, SurrogateControl sc) {
        List<String> d = new ArrayList<>();
        d.add("max-age=" + sc.maxAge().get().toSeconds());
        if (cc.isPublic()) {
            d.add("public");
        }
        if (cc.mustRevalidate()) {
            d.add("must-revalidate");
        }
        cc.staleWhileRevalidate().ifPresent(s -> d.add("stale-while-revalidate=" + s.toSeconds()));
        Duration sie = sc.staleExtension().orElse(cc.staleIfError().orElse(null));
        if (sie != null) {
            d.add("stale-if-error=" + sie.toSeconds());
        }
        return CacheControl.parse(String.join(", ", d));
    }
}
