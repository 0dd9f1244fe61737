package io.github.wscache.edge.conformance;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Runs the cases of the table against one cache in front of a {@link ScriptedOrigin}. */
final class ConformanceRunner {
    /** The cache under test. */
    interface Target {
        /** Returns the cache's base URL. */
        URI base();

        /** Lets time pass. */
        void advance(int seconds);
    }

    /** A case's result. */
    record Result(ConformanceCase c, boolean passed, String message) {
    }

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    private ConformanceRunner() {
    }

    /** Runs one case; {@code prefix} (e.g. {@code /c17}) keeps its paths apart from others. */
    static Result run(ConformanceCase c, String prefix, Target t, ScriptedOrigin origin) {
        c.scripts.forEach((path, rs) -> origin.script(prefix + path, rs));
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
            Target t, ScriptedOrigin origin) throws IOException, InterruptedException {
        if (s instanceof ConformanceCase.Advance a) {
            t.advance(a.seconds());
            return null;
        }
        if (s instanceof ConformanceCase.AwaitOrigin w) {
            long deadline = System.nanoTime() + 3_000_000_000L;
            while (origin.seen(prefix + w.path()).size() < w.count()) {
                if (System.nanoTime() > deadline) {
                    return "origin saw " + origin.seen(prefix + w.path()).size()
                            + " requests for " + w.path() + ", expected " + w.count();
                }
                Thread.sleep(20);
            }
            // the origin has answered; give the cache a moment to store what it got
            Thread.sleep(300);
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
        List<ScriptedOrigin.Seen> seen = origin.seen(path);
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

    private static int originRequests(ConformanceCase c, String prefix, ScriptedOrigin origin) {
        int n = 0;
        for (String p : c.scripts.keySet()) {
            n += origin.seen(prefix + p).size();
        }
        return n;
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
