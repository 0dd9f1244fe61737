package io.github.wscache.petshop.load;

import java.util.List;
import java.util.Map;

/**
 * The measurements of one run: one deployment, one WAN round-trip time, one number of users,
 * one share of cacheable (class A) activities in the workload. Times are in milliseconds.
 * {@code fragmentHitRatio} is the hit ratio of the fragment output cache (the application's in
 * F0, Fdb and Fremoting; the edge's documents in Fproxy); {@code filteredShare} the share of
 * client requests the edge answered without any origin round trip (Fproxy; NaN elsewhere);
 * {@code errorKinds} how many of the {@code errors} each page had, by HTTP status or exception
 * ({@code "Cart: HTTP 500"}).
 */
public record RunResult(String deployment, long rttMillis, int users, double seconds,
        long requests, long errors, double throughput, Stats all, Stats classA, Stats classB,
        Stats classC, List<PageStats> pages, long originRequests, double originCpuMillis,
        double fragmentHitRatio, double cacheableShare, double filteredShare,
        Map<String, Long> errorKinds) {

    /** Latency summary of a set of requests. */
    public record Stats(long count, double mean, double p50, double p95, double p99,
            double max) {
    }

    /** Latency summary of one page (user action). */
    public record PageStats(String page, RequestClass requestClass, Stats stats) {
    }

    /** Defensive copy. */
    public RunResult {
        pages = List.copyOf(pages);
    }

    /** The summary of one class. */
    public Stats byClass(RequestClass c) {
        return switch (c) {
            case A -> classA;
            case B -> classB;
            case C -> classC;
            default -> throw new IllegalArgumentException("unknown class " + c);
        };
    }
}
