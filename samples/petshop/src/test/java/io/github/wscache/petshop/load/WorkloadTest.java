package io.github.wscache.petshop.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.wscache.petshop.load.Workload.Activity;
import java.net.URI;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class WorkloadTest {

    @Test
    void defaultWeights_areTable3() {
        double[] w = Workload.weights(Workload.TABLE_3_CACHEABLE);
        for (Activity a : Activity.values()) {
            assertThat(w[a.ordinal()]).as(a.name()).isCloseTo(a.percent / 100.0, within(1e-9));
        }
    }

    @Test
    void cacheableShare_scalesCatalogActivities_andKeepsTheOthersInProportion() {
        for (double share : new double[] {0.71, 0.52, 0.30}) {
            double[] w = Workload.weights(share);
            assertThat(Arrays.stream(w).sum()).isCloseTo(1.0, within(1e-9));
            double catalog = 0;
            for (Activity a : Activity.values()) {
                if (a.cacheable()) {
                    catalog += w[a.ordinal()];
                }
            }
            assertThat(catalog).isCloseTo(share, within(1e-9));
            assertThat(w[Activity.ACCOUNT.ordinal()] / w[Activity.CART.ordinal()])
                    .isCloseTo(22.0 / 7.0, within(1e-9));
        }
    }

    @Test
    void cacheableShare_outsideTheOpenUnitInterval_isRejected() {
        assertThatThrownBy(() -> new Workload.VirtualUser(URI.create("http://127.0.0.1:1/"),
                "u", new Recorder(), 1, 50, 1.0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cacheable share");
    }
}
