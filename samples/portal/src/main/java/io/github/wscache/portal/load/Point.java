package io.github.wscache.portal.load;

import java.util.Locale;

/**
 * One measured point: a representation, a number of concurrent clients and a target hit ratio.
 *
 * @param representation the value representation under test ("none" = no cache)
 * @param clients concurrent closed-loop clients
 * @param hitRatio target cache-hit ratio in percent
 * @param requests requests completed in the measurement window
 * @param errors failed requests (non-200 or I/O error) in the window
 * @param seconds length of the measurement window
 * @param meanMs mean response time
 * @param p50Ms median response time
 * @param p99Ms 99th percentile response time
 * @param maxMs maximum response time
 * @param measuredHitRatio doGoogleSearch hits / (hits + misses + bypasses) during the window
 * @param backendRequests doGoogleSearch requests the back-end served during the window
 * @param cpu the process's CPU use during the point (warm-up and window), 1.0 = all cores
 */
public record Point(String representation, int clients, int hitRatio, long requests, long errors,
        double seconds, double meanMs, double p50Ms, double p99Ms, double maxMs,
        double measuredHitRatio, long backendRequests, double cpu) {

    /** Requests per second. */
    public double throughput() {
        return requests / seconds;
    }

    /** The CSV header matching {@link #csv()}. */
    public static String csvHeader() {
        return "representation,clients,hit_ratio_pct,requests,errors,seconds,throughput_rps,"
                + "mean_ms,p50_ms,p99_ms,max_ms,measured_hit_ratio,backend_search_requests,"
                + "cpu_fraction";
    }

    /** One CSV line. */
    public String csv() {
        return String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%.3f,%.1f,%.3f,%.3f,%.3f,%.3f,%.3f,%d,"
                + "%.2f", representation, clients, hitRatio, requests, errors, seconds,
                throughput(), meanMs, p50Ms, p99Ms, maxMs, measuredHitRatio, backendRequests,
                cpu);
    }
}
