package io.github.wscache.edge.conformance;

import io.github.wscache.core.internal.http.HttpDates;
import io.github.wscache.testkit.TestOrigin;
import io.github.wscache.testkit.Waits;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the cases of the table against one cache in front of a {@link TestOrigin}: each path of
 * a case answers its scripted responses in order (the last one repeats), the origin keeps the
 * requests it received. Header values may hold {@code {p}} (the case's path prefix),
 * {@code {origin}} (the origin's base URL) and {@code {now+N}} (an HTTP date N seconds from now,
 * real time).
 */
final class ConformanceRunner {
    /** The cache under test. */
    interface Target {
        /** Returns the cache's base URL. */
        URI base();

        /** Lets time pass. */
        void advance(int seconds);

        /**
         * Waits until the cache has stored {@code count} responses for {@code path} (the
         * origin has answered them, some in the background), or gives up quietly after a bound:
         * the checks of the next request tell.
         */
        void awaitStored(String path, int count) throws InterruptedException;
    }

    /** How long a case waits for the origin to see a request made in the background. */
    private static final Duration AWAIT_ORIGIN = Duration.ofSeconds(3);

    /** A case's result. */
    record Result(ConformanceCase c, boolean passed, String message) {
    }

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    private ConformanceRunner() {
    }

    /** Runs one case; {@code prefix} (e.g. {@code /c17}) keeps its paths apart from others. */
    static Result run(ConformanceCase c, String prefix, Target t, TestOrigin origin) {
        c.scripts.forEach((path, rs) -> script(origin, prefix + path, rs));
        int n = 0;
        for (ConformanceCase.Step s : c.steps) {
            n++;
            try {
                String failure = step(c, s, prefix, t, origin);
                if (failure != null) {
                    return new Result(c, false, "step " + n + ": " + failure);
                }
            } catch (IOException | RuntimeException e) {
                return new Result(c, false, "step " + n + ": " + e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Result(c, false, "interrupted");
            }
        }
        return new Result(c, true, "");
    }

    private static String step(ConformanceCase c, ConformanceCase.Step s, String prefix,
            Target t, TestOrigin origin) throws IOException, InterruptedException {
        if (s instanceof ConformanceCase.Advance a) {
            t.advance(a.seconds());
            return null;
        }
        if (s instanceof ConformanceCase.AwaitOrigin w) {
            String path = prefix + w.path();
            try {
                Waits.until("the origin saw " + w.count() + " requests for " + path,
                        () -> origin.count(path) >= w.count(), AWAIT_ORIGIN);
            } catch (AssertionError e) {
                return "origin saw " + origin.count(path) + " requests for " + w.path()
                        + ", expected " + w.count();
            }
            // the origin has answered; the cache stores what it got
            t.awaitStored(path, w.count());
            return null;
        }
        ConformanceCase.Request r = (ConformanceCase.Request) s;
        int before = originRequests(c, prefix, origin);
        HttpRequest.Builder b = HttpRequest.newBuilder(t.base().resolve(prefix + r.path))
                .timeout(Duration.ofSeconds(15));
        for (String[] h : r.headers) {
            b.header(h[0], h[1].replace("{p}", prefix));
        }
        b.method(r.method, r.body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(r.body));
        HttpResponse<String> resp = CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
        int after = originRequests(c, prefix, origin);
        String path = prefix + r.path.replaceAll("\\?.*", "");
        List<TestOrigin.Request> seen = origin.requests(path);
        ConformanceCase.Outcome o = new ConformanceCase.Outcome(resp.statusCode(),
                resp.headers().map(), resp.body(), after > before,
                seen.isEmpty() ? null : seen.get(seen.size() - 1));
        List<String> failed = new ArrayList<>();
        for (ConformanceCase.Check check : r.checks) {
            if (!check.test().test(o)) {
                failed.add(check.what());
            }
        }
        if (failed.isEmpty()) {
            return null;
        }
        return r.method + " " + r.path + ": expected " + String.join(", ", failed) + "; got "
                + o.status() + (o.asked() ? " (origin asked)" : " (origin not asked)")
                + " " + interesting(o) + " body=" + abbreviate(o.body());
    }

    private static int originRequests(ConformanceCase c, String prefix, TestOrigin origin) {
        int n = 0;
        for (String p : c.scripts.keySet()) {
            n += origin.count(prefix + p);
        }
        return n;
    }

    /** Makes {@code path} answer its n-th request with the n-th response; the last repeats. */
    static void script(TestOrigin origin, String path, List<ConformanceCase.Resp> responses) {
        String prefix = path.substring(0, path.indexOf('/', 1));
        origin.handle(path, request -> {
            ConformanceCase.Resp r = responses.get(Math.min(request.number() - 1,
                    responses.size() - 1));
            if (r.drop()) {
                return TestOrigin.Response.drop();
            }
            TestOrigin.Response out = TestOrigin.Response.of(r.status(), r.body());
            boolean typed = false;
            for (String[] h : r.headers()) {
                out = out.header(h[0], expand(h[1], prefix, origin.base()));
                typed |= h[0].equalsIgnoreCase("Content-Type");
            }
            if (!typed && r.status() != 304 && r.status() != 204) {
                out = out.header("Content-Type", "text/plain; charset=UTF-8");
            }
            return out;
        });
    }

    /** Expands {@code {p}}, {@code {origin}} and one {@code {now+N}} (or {@code {now-N}}). */
    static String expand(String value, String prefix, String originBase) {
        String v = value.replace("{p}", prefix).replace("{origin}", originBase);
        int i = v.indexOf("{now");
        if (i >= 0) {
            int end = v.indexOf('}', i);
            long s = Long.parseLong(v.substring(i + 4, end).replace("+", ""));
            v = v.substring(0, i) + HttpDates.format(Instant.now().plusSeconds(s))
                    + v.substring(end + 1);
        }
        return v;
    }

    private static Map<String, String> interesting(ConformanceCase.Outcome o) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String h : List.of("Age", "Vary", "Content-Range", "Content-Encoding",
                "Cache-Status", "X-Varnish")) {
            if (o.header(h) != null) {
                m.put(h, o.header(h));
            }
        }
        return m;
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
