package io.github.wscache.foreign;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;

/**
 * Optional HTTP Basic authentication in front of Axis2. Off by default; when a user table is set,
 * a request without {@code Authorization: Basic} credentials from the table is answered
 * {@code 401} with {@code WWW-Authenticate: Basic realm="foreign-ws"} and never reaches Axis2
 * (it is still counted: {@link RequestRecorder} runs first). Thread-safe.
 */
final class BasicAuth implements Filter {

    /** The realm in the challenge. */
    static final String REALM = "foreign-ws";

    private volatile Map<String, String> users;

    /** Requires credentials from {@code users} (user name to password); {@code null}: off. */
    void users(Map<String, String> users) {
        this.users = users == null ? null : Map.copyOf(users);
    }

    boolean required() {
        return users != null;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        Map<String, String> table = users;
        if (table != null) {
            String[] credentials = credentials(
                    ((HttpServletRequest) request).getHeader("Authorization"));
            if (credentials == null || !credentials[1].equals(table.get(credentials[0]))) {
                HttpServletResponse http = (HttpServletResponse) response;
                http.setHeader("WWW-Authenticate", "Basic realm=\"" + REALM + "\"");
                http.sendError(HttpServletResponse.SC_UNAUTHORIZED);
                return;
            }
        }
        chain.doFilter(request, response);
    }

    /** The user name of a well-formed Basic {@code Authorization} header, else {@code null}. */
    static String user(String authorization) {
        String[] credentials = credentials(authorization);
        return credentials == null ? null : credentials[0];
    }

    private static String[] credentials(String authorization) {
        if (authorization == null
                || !authorization.toLowerCase(Locale.ROOT).startsWith("basic ")) {
            return null;
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(authorization.substring(6).trim()),
                    StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
        int colon = decoded.indexOf(':');
        return colon < 0 ? null
                : new String[] {decoded.substring(0, colon), decoded.substring(colon + 1)};
    }
}
