package io.github.wscache.core.internal.http;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * RFC 9111 §4.4, once for every integration: which stored responses an answer to an unsafe
 * request invalidates. A non-error answer ({@link Freshness#invalidates}: 2xx or 3xx) to a
 * method that is not safe invalidates the target URI; and the URIs of its {@code Location} and
 * {@code Content-Location}, resolved against the target, when they have the target's origin
 * (the RFC allows these and forbids other origins: a response must not purge another site's
 * entries). cache-http and cache-edge both ask here.
 *
 * <pre>{@code
 * for (URI u : Invalidation.targets("POST", 201, target, headers::get, true)) {
 *     store.invalidate(u);
 * }
 * }</pre>
 */
public final class Invalidation {
    private static final List<String> LOCATIONS = List.of("Location", "Content-Location");

    private Invalidation() {
    }

    /**
     * Returns the URIs whose stored responses an answer invalidates, the target first; none for
     * a safe method or an error answer.
     *
     * @param field the answer's field values by name (case-insensitive), {@code null} or an
     *     empty list for an absent field
     * @param locations whether the same-origin {@code Location} and {@code Content-Location}
     *     go too (the RFC's MAY)
     */
    public static List<URI> targets(String method, int status, URI target,
            Function<String, List<String>> field, boolean locations) {
        if (!Freshness.invalidates(method, status)) {
            return List.of();
        }
        List<URI> out = new ArrayList<>();
        out.add(target);
        if (!locations) {
            return out;
        }
        for (String name : LOCATIONS) {
            List<String> values = field.apply(name);
            if (values == null) {
                continue;
            }
            for (String value : values) {
                try {
                    URI other = target.resolve(value.strip());
                    if (sameOrigin(target, other) && !out.contains(other)) {
                        out.add(other);
                    }
                } catch (IllegalArgumentException e) {
                    // not a URI reference: nothing to invalidate
                }
            }
        }
        return out;
    }

    /** Whether two URIs have one origin: scheme, host and port (the scheme's default). */
    public static boolean sameOrigin(URI a, URI b) {
        return a.getScheme() != null && a.getScheme().equalsIgnoreCase(b.getScheme())
                && a.getHost() != null && a.getHost().equalsIgnoreCase(b.getHost())
                && port(a) == port(b);
    }

    private static int port(URI u) {
        if (u.getPort() >= 0) {
            return u.getPort();
        }
        return "https".equals(u.getScheme().toLowerCase(Locale.ROOT)) ? 443 : 80;
    }
}
