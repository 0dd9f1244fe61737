package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.github.benmanes.caffeine.cache.Ticker;
import io.github.wscache.edge.ClientClassification;
import io.github.wscache.edge.ClientClassification.ClientClass;
import io.github.wscache.edge.internal.ClientClassifier.Basis;
import io.github.wscache.edge.internal.ClientClassifier.Classification;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The classifier alone, with scripted timings: thresholds, EWMA, clusters, memory bound. */
class ClientClassifierTest {
    private static final long MS = 1_000_000L;

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final Ticker ticker = nanos::get;

    private ClientClassifier classifier(ClientClassification.Builder b) {
        return new ClientClassifier(b.classifyPages("/", "/shop/*").build(), ticker,
                Runnable::run);
    }

    private ClientClassifier classifier() {
        return classifier(ClientClassification.builder());
    }

    /**
     * Scripts one page view of {@code address}: the page, then embedded objects at the given
     * delays after it (ms), then returns the classification its next page gets.
     */
    private Classification view(ClientClassifier c, String address, long... embeddedAtMs) {
        long start = nanos.get();
        c.page(address, start);
        c.measure(address, start);
        for (long ms : embeddedAtMs) {
            nanos.set(start + ms * MS);
            c.request(address, "/img/x" + ms + ".png", nanos.get());
        }
        nanos.addAndGet(100 * MS);
        return c.page(address, nanos.get());
    }

    private Classification nextPage(ClientClassifier c, String address) {
        return c.request(address, "/", nanos.get());
    }

    @Test
    void unknownClient_isNormal_withNoBasis() {
        Classification k = nextPage(classifier(), "10.0.0.1");
        assertThat(k.clientClass()).isEqualTo(ClientClass.NORMAL);
        assertThat(k.basis()).isEqualTo(Basis.NONE);
    }

    @Test
    void thresholds_ofThePaper_poorNormalRich() {
        ClientClassifier c = classifier();
        view(c, "10.0.0.1", 200, 1500);
        view(c, "10.0.1.1", 2000, 4000);
        view(c, "10.0.2.1", 3500, 4000);
        view(c, "10.0.3.1", 500, 5500);
        view(c, "10.0.4.1", 1000, 2000);
        assertThat(nextPage(c, "10.0.0.1").clientClass()).isEqualTo(ClientClass.RICH);
        assertThat(nextPage(c, "10.0.1.1").clientClass()).isEqualTo(ClientClass.NORMAL);
        assertThat(nextPage(c, "10.0.2.1").clientClass()).as("E_first > 3 s")
                .isEqualTo(ClientClass.POOR);
        assertThat(nextPage(c, "10.0.3.1").clientClass()).as("E_last > 5 s")
                .isEqualTo(ClientClass.POOR);
        assertThat(nextPage(c, "10.0.4.1").clientClass()).as("<= is still rich")
                .isEqualTo(ClientClass.RICH);
    }

    @Test
    void sequence_isClosedByTheNextPage_notBefore() {
        ClientClassifier c = classifier();
        long start = nanos.get();
        c.page("10.0.0.1", start);
        c.measure("10.0.0.1", start);
        c.request("10.0.0.1", "/a.css", start + 4000 * MS);
        assertThat(c.classification("10.0.0.1").basis()).isEqualTo(Basis.NONE);
        Classification k = c.request("10.0.0.1", "/other", start + 9000 * MS);
        assertThat(k.clientClass()).isEqualTo(ClientClass.POOR);
        assertThat(k.firstNanos()).isEqualTo(4000.0 * MS);
        assertThat(k.lastNanos()).isEqualTo(4000.0 * MS);
    }

    @Test
    void ewma_weighsHistoryWithAlpha() {
        ClientClassifier c = classifier(ClientClassification.builder().alpha(0.7));
        view(c, "10.0.0.1", 1000, 2000);
        Classification k = view(c, "10.0.0.1", 4000, 6000);
        // first measurement taken as is, then E = 0.7 E + 0.3 measured
        assertThat(k.firstNanos()).isCloseTo((0.7 * 1000 + 0.3 * 4000) * MS, within(1.0));
        assertThat(k.lastNanos()).isCloseTo((0.7 * 2000 + 0.3 * 6000) * MS, within(1.0));
        assertThat(k.clientClass()).as("1.9 s, 3.2 s").isEqualTo(ClientClass.NORMAL);
        k = view(c, "10.0.0.1", 4000, 6000);
        assertThat(k.lastNanos()).isCloseTo((0.7 * 3200 + 0.3 * 6000) * MS, within(1.0));
        assertThat(k.clientClass()).as("2.53 s, 4.04 s").isEqualTo(ClientClass.NORMAL);
        k = view(c, "10.0.0.1", 4000, 9000);
        assertThat(k.clientClass()).as("E_last 5.53 s").isEqualTo(ClientClass.POOR);
    }

    @Test
    void alphaZero_keepsOnlyTheLastMeasurement() {
        ClientClassifier c = classifier(ClientClassification.builder().alpha(0));
        view(c, "10.0.0.1", 8000, 9000);
        assertThat(view(c, "10.0.0.1", 100, 200).clientClass()).isEqualTo(ClientClass.RICH);
    }

    @Test
    void configuredThresholds_areUsed() {
        ClientClassifier c = classifier(ClientClassification.builder()
                .poorThresholds(Duration.ofMillis(300), Duration.ofMillis(500))
                .richThresholds(Duration.ofMillis(50), Duration.ofMillis(100)));
        assertThat(view(c, "10.0.0.1", 40, 90).clientClass()).isEqualTo(ClientClass.RICH);
        assertThat(view(c, "10.0.1.1", 100, 200).clientClass()).isEqualTo(ClientClass.NORMAL);
        assertThat(view(c, "10.0.2.1", 100, 600).clientClass()).isEqualTo(ClientClass.POOR);
    }

    @Test
    void pageWithoutEmbeddedObjects_measuresNothing() {
        ClientClassifier c = classifier();
        view(c, "10.0.0.1");
        assertThat(nextPage(c, "10.0.0.1").basis()).isEqualTo(Basis.NONE);
    }

    @Test
    void unmeasuredPage_endsTheSequence_itsObjectsDoNotCount() {
        ClientClassifier c = classifier();
        long start = nanos.get();
        c.page("10.0.0.1", start);
        c.measure("10.0.0.1", start);
        c.request("10.0.0.1", "/a.css", start + 100 * MS);
        // a page not used for classification (or acted on): page() without measure()
        c.page("10.0.0.1", start + 200 * MS);
        c.request("10.0.0.1", "/b.css", start + 9000 * MS);
        Classification k = nextPage(c, "10.0.0.1");
        assertThat(k.lastNanos()).isEqualTo(100.0 * MS);
        assertThat(k.clientClass()).isEqualTo(ClientClass.RICH);
    }

    @Test
    void embeddedObjectsAfterTheSequenceTimeout_areIgnored() {
        ClientClassifier c = classifier(ClientClassification.builder()
                .sequenceTimeout(Duration.ofSeconds(10)));
        Classification k = view(c, "10.0.0.1", 500, 9000, 12_000);
        assertThat(k.lastNanos()).isEqualTo(9000.0 * MS);
    }

    @Test
    void newClient_isClassifiedByItsCluster_thenByItself() {
        ClientClassifier c = classifier();
        view(c, "192.0.2.10", 4000, 7000);
        Classification k = nextPage(c, "192.0.2.77");
        assertThat(k.clientClass()).isEqualTo(ClientClass.POOR);
        assertThat(k.basis()).isEqualTo(Basis.CLUSTER);
        assertThat(nextPage(c, "192.0.3.77").basis()).as("another /24")
                .isEqualTo(Basis.NONE);
        assertThat(view(c, "192.0.2.77", 100, 200).clientClass()).isEqualTo(ClientClass.RICH);
        assertThat(c.classification("192.0.2.77").basis()).isEqualTo(Basis.CLIENT);
    }

    @Test
    void cluster_meansAllItsClients() {
        ClientClassifier c = classifier(ClientClassification.builder().alpha(0.5));
        view(c, "198.51.100.1", 100, 200);
        view(c, "198.51.100.2", 5000, 9000);
        Classification k = nextPage(c, "198.51.100.3");
        assertThat(k.basis()).isEqualTo(Basis.CLUSTER);
        assertThat(k.lastNanos()).isCloseTo(4600.0 * MS, within(1.0));
    }

    @Test
    void clusterPrefix_isConfigurable_andIpv6Clusters() {
        assertThat(ClientClassifier.cluster("10.1.2.3", 24, 48)).isEqualTo("10.1.2.0/24");
        assertThat(ClientClassifier.cluster("10.1.255.3", 20, 48)).isEqualTo("10.1.240.0/20");
        assertThat(ClientClassifier.cluster("2001:db8:1:2::5", 24, 48))
                .isEqualTo("2001:db8:1:0:0:0:0:0/48");
        assertThat(ClientClassifier.cluster("not-an-address", 24, 48)).isNull();
        assertThat(ClientClassifier.cluster("10.1.2", 24, 48)).isNull();
        assertThat(ClientClassifier.cluster("10.1.2.256", 24, 48)).isNull();
        ClientClassifier c = classifier(ClientClassification.builder().clusterPrefixes(16, 64));
        view(c, "10.1.2.3", 4000, 7000);
        assertThat(nextPage(c, "10.1.99.99").basis()).isEqualTo(Basis.CLUSTER);
    }

    @Test
    void clusterKeys_groupByPrefix() {
        ClientClassifier c = classifier(ClientClassification.builder().clusterPrefixes(20, 48));
        assertThat(c.clusterKey("10.1.255.3")).isEqualTo(c.clusterKey("10.1.240.7"))
                .isNotEqualTo(c.clusterKey("10.1.239.7"));
        assertThat(c.clusterKey("2001:db8:1:2::5")).isEqualTo(c.clusterKey("2001:db8:1:ff::1"))
                .isNotEqualTo(c.clusterKey("2001:db8:2::1"));
        assertThat(c.clusterKey("10.1.2")).isNull();
        ClientClassifier all = classifier(ClientClassification.builder().clusterPrefixes(0, 0));
        assertThat(all.clusterKey("1.2.3.4")).isEqualTo(all.clusterKey("250.2.3.4"));
        ClientClassifier one = classifier(ClientClassification.builder().clusterPrefixes(32, 128));
        assertThat(one.clusterKey("1.2.3.4")).isNotEqualTo(one.clusterKey("1.2.3.5"));
    }

    @Test
    void addressThatIsNotAnIp_isNeverClassified_norRemembered() {
        ClientClassifier c = classifier();
        view(c, "evil.example.com", 4000, 7000);
        assertThat(nextPage(c, "evil.example.com").basis()).isEqualTo(Basis.NONE);
        assertThat(c.clients()).isZero();
    }

    @Test
    void clientTable_isBounded() {
        ClientClassifier c = classifier(ClientClassification.builder().maxClients(100));
        for (int i = 0; i < 5000; i++) {
            view(c, "10." + (i >> 16 & 255) + "." + (i >> 8 & 255) + "." + (i & 255), 10, 20);
        }
        assertThat(c.clients()).isLessThanOrEqualTo(100);
        assertThat(c.clusters()).isLessThanOrEqualTo(100);
    }

    @Test
    void idleClients_areForgotten() {
        ClientClassifier c = classifier(ClientClassification.builder()
                .clientIdle(Duration.ofMinutes(10)));
        view(c, "10.0.0.1", 4000, 7000);
        assertThat(c.clients()).isEqualTo(1);
        nanos.addAndGet(Duration.ofMinutes(11).toNanos());
        assertThat(c.clients()).isZero();
        assertThat(nextPage(c, "10.0.0.1").basis()).isEqualTo(Basis.NONE);
    }

    @Test
    void embeddedSuffixes_decideWhatIsAnEmbeddedObject() {
        ClientClassifier c = classifier();
        assertThat(c.isEmbedded("/a/B.PNG")).isTrue();
        assertThat(c.isEmbedded("/style.css")).isTrue();
        assertThat(c.isEmbedded("/shop/item")).isFalse();
        assertThat(c.isEmbedded("/x.pngs")).isFalse();
        assertThat(c.isEmbedded("/font.WOFF2")).isTrue();
        assertThat(c.isEmbedded("/a.Css")).isTrue();
        assertThat(c.isEmbedded("/photo.jpeg")).isTrue();
        assertThat(c.isEmbedded("/css")).isFalse();
        assertThat(c.isEmbedded("/")).isFalse();
        assertThat(c.isEmbedded("")).isFalse();
        ClientClassifier d = classifier(ClientClassification.builder().embeddedSuffixes(".jpg"));
        assertThat(d.isEmbedded("/style.css")).isFalse();
    }

    @Test
    void pagePatterns_exactOrPrefix() {
        ClientClassifier c = classifier();
        assertThat(c.isClassifyPage("/")).isTrue();
        assertThat(c.isClassifyPage("/shop/")).isTrue();
        assertThat(c.isClassifyPage("/shop/cart")).isTrue();
        assertThat(c.isClassifyPage("/shopping")).isFalse();
        assertThat(c.isClassifyPage("/index.html")).isFalse();
    }
}
