package io.github.wscache.http.internal;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.internal.http.Credentials;
import java.io.IOException;
import java.net.CookieHandler;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The one mapping from a {@code java.net.http} request to the caller's identity, in the terms
 * of cache-core's {@link Invocation} (which partitions keys by a salted hash of all of them,
 * unless the operation is {@code sharedAcrossUsers}), following cache-axis's rules for HTTP:
 * <ul>
 *   <li>{@code Authorization}, of any scheme;</li>
 *   <li>{@code Proxy-Authorization} and {@code Cookie} headers the request carries;</li>
 *   <li>the cookies the client's own {@link CookieHandler} would add for the URI (the JDK adds
 *       them below the application, so they are asked for here);</li>
 *   <li>the client's {@code Authenticator}, by identity: a client that answers challenges for a
 *       user is that user's;</li>
 *   <li>headers the policy names in {@code identityHeaders}, and every header whose name looks
 *       like a credential ({@code X-Api-Key}, {@code X-Auth-Token}, ...).</li>
 * </ul>
 */
public final class Identity {

    private Identity() {
    }

    /**
     * Adds the credentials of one request.
     *
     * @throws IOException if the client's cookie handler fails
     */
    public static void addTo(Invocation.Builder b, HttpRequest request, HttpClient client,
            Set<String> identityHeaders) throws IOException {
        for (Map.Entry<String, List<String>> h : request.headers().map().entrySet()) {
            String n = h.getKey().toLowerCase(Locale.ROOT);
            String value = String.join("\n", h.getValue());
            if (n.equals("authorization")) {
                b.authorization(value);
            } else if (n.equals("proxy-authorization") || n.equals("cookie")
                    || Credentials.isCredentialLike(n) || named(identityHeaders, n)) {
                b.credential("header:" + n, value);
            }
        }
        if (client.cookieHandler().isPresent()) {
            Map<String, List<String>> cookies = client.cookieHandler().get()
                    .get(request.uri(), request.headers().map());
            for (Map.Entry<String, List<String>> c : cookies.entrySet()) {
                if (!c.getValue().isEmpty()) {
                    b.credential("cookie-handler:" + c.getKey().toLowerCase(Locale.ROOT),
                            String.join("\n", c.getValue()));
                }
            }
        }
        if (client.authenticator().isPresent()) {
            b.credential("authenticator", client.authenticator().get().getClass().getName() + '@'
                    + System.identityHashCode(client.authenticator().get()));
        }
    }

    private static boolean named(Set<String> names, String lowerCaseName) {
        for (String n : names) {
            if (n.equalsIgnoreCase(lowerCaseName)) {
                return true;
            }
        }
        return false;
    }
}
