package io.github.wscache.petshop.load;

import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One emulated browser: its own {@link HttpClient} (so its own persistent connection, as the
 * paper's ACT threads had) and cookie jar (so its own session). Follows redirects, remembers
 * the CSRF token of the last page and adds it to every form post, which also carries the
 * {@code Origin} and {@code Sec-Fetch-Site} headers a browser sends. Not thread-safe: one per
 * virtual user.
 *
 * <p>A request that gets no response in {@value #TIMEOUT_SECONDS} s fails with
 * {@link HttpTimeoutException}. The limit is kept here rather than set with
 * {@link HttpRequest.Builder#timeout}: on JDK 17 the timer of a request the client followed a
 * redirect for is never cancelled (JDK-8304701, fixed in JDK 22), so when it fires, a minute
 * later, it closes the connection under whatever request is then in flight on it. A GET is
 * retried by the client; a form post failed with "HTTP/1.1 header parser received no bytes".
 */
public final class UserAgent implements AutoCloseable {

    static final int TIMEOUT_SECONDS = 60;

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    /** A response: status, final URI and body. */
    public record Page(int status, URI uri, String body, HttpResponse<String> response) {
        /** A header of the response, or null. */
        public String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }
    }

    private final URI base;
    private final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
    private final HttpClient client;
    private final Duration timeout;
    private String csrf;

    /** A browser for the site at {@code base}. */
    public UserAgent(URI base) {
        this(base, Duration.ofSeconds(TIMEOUT_SECONDS));
    }

    /** A browser whose requests fail after {@code timeout} without a response (for tests). */
    UserAgent(URI base, Duration timeout) {
        this.base = base;
        this.timeout = timeout;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NORMAL)
                .cookieHandler(cookies)
                .connectTimeout(Duration.ofSeconds(30))
                .build();
    }

    /** GETs {@code path} (relative to the site root). */
    public Page get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(resolve(path)).GET());
    }

    /** POSTs a form to {@code path}, adding the CSRF token of the last page. */
    public Page post(String path, Map<String, String> form)
            throws IOException, InterruptedException {
        StringJoiner body = new StringJoiner("&");
        if (csrf != null && !form.containsKey("_csrf")) {
            body.add("_csrf=" + enc(csrf));
        }
        form.forEach((k, v) -> body.add(enc(k) + "=" + enc(v)));
        // what a browser sends with a form post from one of the site's pages
        String origin = base.getScheme() + "://" + base.getRawAuthority();
        return send(HttpRequest.newBuilder(resolve(path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Origin", origin)
                .header("Sec-Fetch-Site", "same-origin")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())));
    }

    /** The value of the cookie {@code name} this browser holds for the site, or null. */
    public String cookie(String name) {
        return cookies.getCookieStore().getCookies().stream()
                .filter(c -> c.getName().equals(name)).map(java.net.HttpCookie::getValue)
                .findFirst().orElse(null);
    }

    /** The CSRF token seen last, or null. */
    public String csrf() {
        return csrf;
    }

    private Page send(HttpRequest.Builder b) throws IOException, InterruptedException {
        HttpRequest request = b.build();
        CompletableFuture<HttpResponse<String>> call = client.sendAsync(request,
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        HttpResponse<String> r;
        try {
            r = call.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            call.cancel(true);
            throw new HttpTimeoutException("no response in " + timeout + ": "
                    + request.method() + " " + request.uri());
        } catch (InterruptedException e) {
            call.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException(cause);
        }
        Matcher m = CSRF.matcher(r.body());
        if (m.find()) {
            csrf = m.group(1);
        }
        return new Page(r.statusCode(), r.uri(), r.body(), r);
    }

    private URI resolve(String path) {
        return base.resolve(path.startsWith("/") ? path.substring(1) : path);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        // HttpClient has no close() before Java 21; its threads end once it is unreachable.
    }
}
