package io.github.wscache.edge.conformance;

import io.github.wscache.testkit.TestOrigin;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One requirement of an RFC as a test: origin scripts per path, then steps (requests with
 * what the client must see and whether the origin was asked, or time passing).
 */
final class ConformanceCase {
    /** The requirement level of the RFC text a case checks. */
    enum Level { MUST, SHOULD, MAY }

    /** A scripted origin response; {@code drop} closes the connection without an answer. */
    record Resp(int status, List<String[]> headers, String body, boolean drop) {
        Resp h(String name, String value) {
            List<String[]> hs = new ArrayList<>(headers);
            hs.add(new String[] {name, value});
            return new Resp(status, hs, body, drop);
        }

        Resp body(String b) {
            return new Resp(status, headers, b, drop);
        }
    }

    /** A step: a request with expectations, time passing, or waiting for the origin. */
    sealed interface Step permits Request, Advance, AwaitOrigin {
    }

    /**
     * Waits up to 3 s until {@code path} has had {@code count} origin requests, then until the
     * cache has stored what it got (the edge says when; Varnish is given 300 ms).
     */
    record AwaitOrigin(String path, int count) implements Step {
    }

    /** Lets {@code seconds} pass (the fake clock for the edge, real time for Varnish). */
    record Advance(int seconds) implements Step {
    }

    /** What a client response must satisfy. */
    record Check(String what, Predicate<Outcome> test) {
    }

    /** A client response and whether the origin was asked for it. */
    record Outcome(int status, Map<String, List<String>> headers, String body, boolean asked,
            TestOrigin.Request lastOriginRequest) {
        String header(String name) {
            for (Map.Entry<String, List<String>> e : headers.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    return String.join(", ", e.getValue());
                }
            }
            return null;
        }
    }

    /** A request step. */
    static final class Request implements Step {
        final String method;
        final String path;
        final List<String[]> headers = new ArrayList<>();
        final List<Check> checks = new ArrayList<>();
        String body;

        Request(String method, String path) {
            this.method = method;
            this.path = path;
        }
    }

    final String section;
    final String name;
    final Level level;
    final String title;
    final Map<String, List<Resp>> scripts = new java.util.LinkedHashMap<>();
    final List<Step> steps = new ArrayList<>();
    String deliberate;
    String notForVarnish;

    ConformanceCase(String section, String name, Level level, String title) {
        this.section = section;
        this.name = name;
        this.level = level;
        this.title = title;
    }

    /** Returns the test name, e.g. {@code rfc9111_4_2_1_sMaxAgeWinsOverMaxAge}. */
    String id() {
        return section.toLowerCase(java.util.Locale.ROOT).replace(" §", "_").replace(' ', '_')
                .replace('.', '_') + "_" + name;
    }

    /** Returns the group the score is kept for: the RFC and its top two section levels. */
    String group() {
        String[] parts = section.split("§");
        if (parts.length < 2) {
            return section;
        }
        String[] nums = parts[1].split("\\.");
        return parts[0] + "§" + nums[0] + (nums.length > 1 ? "." + nums[1] : "");
    }

    boolean timeBased() {
        return steps.stream().anyMatch(s -> s instanceof Advance);
    }
}
