package io.github.wscache.petshop.edge;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * cache-edge and Varnish (Debian's varnishd, installed by CI) in front of the same Pet Shop
 * origin behind a 100 ms WAN: the same HTML, and the Cart page's two uncacheable fragments
 * fetched in parallel by cache-edge only (one round trip against two).
 */
class EdgeComparisonTest {

    @Test
    void varnishAndCacheEdge_composeTheSamePages_andOnlyCacheEdgeFetchesFragmentsInParallel()
            throws Exception {
        EdgeComparison.Result r = EdgeComparison.run(100, 3, new EdgeComparison.CachedLoad(
                Duration.ofSeconds(1), Duration.ofSeconds(1), 1, 2));
        System.out.println(r.csv());
        assertThat(r.mismatches()).as("pages whose composed HTML differs").isEmpty();
        assertThat(r.pagesCompared()).isEqualTo(2 * 2 * EdgeComparison.PAGES.size() + 1);
        // the container is cached; the cart and the favourites take one round trip here (in
        // parallel), two through Varnish (one after the other)
        assertThat(r.cartEdgeMillis()).isBetween(95.0, 190.0);
        assertThat(r.cartVarnishMillis()).isGreaterThan(190.0);
        assertThat(r.cachedEdgeRps()).isPositive();
        assertThat(r.cachedVarnishRps()).isPositive();
        // both did work for their requests, and it was counted
        assertThat(r.cachedEdgeCpuMicros()).isPositive();
        assertThat(r.cachedVarnishCpuMicros()).isPositive();
    }
}
