package io.github.wscache.petshop.web;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Locale;

/**
 * Token-free protection against cross-site form posts, the way current browsers allow it (Fetch
 * Metadata and the {@code Origin} header; OWASP's "verifying origin with standard headers"): a
 * post is accepted without a CSRF token when the browser says it comes from this site
 * ({@code Sec-Fetch-Site: same-origin}) or when its {@code Origin} names the host the request was
 * sent to ({@code X-Forwarded-Host} when a proxy forwarded it, else {@code Host}).
 *
 * <p>Pages shared at an edge cache cannot carry a per-session token, so their forms rely on this;
 * pages rendered per session still carry the token, which remains accepted.
 */
final class CrossOrigin {

    private CrossOrigin() {
    }

    /** True when the request proves it was sent by a page of this site. */
    static boolean isSameOrigin(HttpServletRequest req) {
        String site = req.getHeader("Sec-Fetch-Site");
        if (site != null) {
            return "same-origin".equals(site.trim().toLowerCase(Locale.ROOT));
        }
        String origin = req.getHeader("Origin");
        if (origin == null || origin.isBlank() || "null".equals(origin.trim())) {
            return false;
        }
        String host = req.getHeader("X-Forwarded-Host");
        if (host != null && !host.isBlank()) {
            host = host.split(",", 2)[0].trim();
        } else {
            host = req.getHeader("Host");
        }
        if (host == null) {
            return false;
        }
        try {
            URI o = URI.create(origin.trim());
            String authority = o.getRawAuthority();
            return authority != null && authority.equalsIgnoreCase(host.trim());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
