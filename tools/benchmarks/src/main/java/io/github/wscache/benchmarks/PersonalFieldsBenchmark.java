package io.github.wscache.benchmarks;

import io.github.wscache.core.internal.http.CookieNames;
import io.github.wscache.core.internal.http.Credentials;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Which fields make a request personal ({@link Credentials#personalFields}): asked for every
 * request at the edge and for every call of cache-http, cache-axis and cache-jaxws, over every
 * field a browser sends (issue 38: the edge's hit path). Two requests, as a browser sends them:
 * an anonymous one (twelve fields) and a signed-in one (the same with a session cookie and an
 * {@code Authorization}). {@code REFERENCE} is the rule as it was read before 2026-11-28, kept
 * here as the baseline of the same run: every name lowered, every value list streamed, the
 * nineteen credential words searched one after another, the cookies split into a list of names.
 *
 * <pre>{@code
 * java -jar tools/benchmarks/target/benchmarks.jar PersonalFieldsBenchmark
 * }</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class PersonalFieldsBenchmark {
    /** How the fields are read. */
    public enum Reading {
        /** {@link Credentials#personalFields}. */
        CURRENT,
        /** The same rule, read as before (see the class comment). */
        REFERENCE
    }

    /** Who sends the request. */
    public enum Request {
        ANONYMOUS, SIGNED_IN
    }

    private static final String[] WORDS = {"auth", "token", "apikey", "api-key", "api_key",
        "secret", "session", "cookie", "ticket", "credential", "passw", "signature", "jwt",
        "bearer", "assertion", "saml", "login", "license", "licence"};

    @Param
    Reading reading;

    @Param
    Request request;

    private Map<String, List<String>> fields;

    /** Builds the request's fields, in a browser's order. */
    @Setup
    public void setUp() {
        fields = new LinkedHashMap<>();
        fields.put("Host", List.of("shop.example.com"));
        fields.put("Connection", List.of("keep-alive"));
        fields.put("sec-ch-ua", List.of("\"Chromium\";v=\"131\", \"Not_A Brand\";v=\"24\""));
        fields.put("sec-ch-ua-mobile", List.of("?0"));
        fields.put("Upgrade-Insecure-Requests", List.of("1"));
        fields.put("User-Agent", List.of("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36"));
        fields.put("Accept", List.of("text/html,application/xhtml+xml,*/*;q=0.8"));
        fields.put("Sec-Fetch-Site", List.of("same-origin"));
        fields.put("Sec-Fetch-Mode", List.of("navigate"));
        fields.put("Referer", List.of("https://shop.example.com/catalog"));
        fields.put("Accept-Encoding", List.of("gzip, deflate, br"));
        fields.put("Accept-Language", List.of("en-GB,en;q=0.9"));
        if (request == Request.SIGNED_IN) {
            fields.put("Cookie", List.of("_ga=GA1.2.1; JSESSIONID=8F2A"));
            fields.put("Authorization", List.of("Bearer eyJhbGciOi"));
        }
    }

    /** One request's personal fields. */
    @Benchmark
    public List<String> personalFields() {
        return reading == Reading.CURRENT ? Credentials.personalFields(fields, CookieNames.NONE)
                : reference(fields, CookieNames.NONE);
    }

    private static List<String> reference(Map<String, List<String>> request,
            CookieNames anonymous) {
        List<String> out = new ArrayList<>(2);
        for (Map.Entry<String, List<String>> e : request.entrySet()) {
            String n = e.getKey().toLowerCase(Locale.ROOT);
            if (e.getValue() == null || e.getValue().stream().allMatch(String::isBlank)) {
                continue;
            }
            if (n.equals("cookie")) {
                if (!CookieNames.cookieNames(e.getValue()).stream()
                        .allMatch(anonymous::covers)) {
                    out.add(n);
                }
            } else if (n.equals("authorization") || n.equals("proxy-authorization")
                    || referenceCredentialLike(n)) {
                out.add(n);
            }
        }
        return out;
    }

    private static boolean referenceCredentialLike(String lower) {
        for (String w : WORDS) {
            if (lower.contains(w)) {
                return true;
            }
        }
        return false;
    }
}
