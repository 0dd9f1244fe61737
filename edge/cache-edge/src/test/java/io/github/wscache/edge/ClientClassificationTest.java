package io.github.wscache.edge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.edge.ClientClassification.ServerAction;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The classification builder: the paper's defaults and exact messages for bad values. */
class ClientClassificationTest {

    @Test
    void defaults_areThePapers() {
        ClientClassification c = ClientClassification.builder().build();
        assertThat(c.alpha()).isEqualTo(0.7);
        assertThat(c.poorFirst()).isEqualTo(Duration.ofSeconds(3));
        assertThat(c.poorLast()).isEqualTo(Duration.ofSeconds(5));
        assertThat(c.richFirst()).isEqualTo(Duration.ofSeconds(1));
        assertThat(c.richLast()).isEqualTo(Duration.ofSeconds(2));
        assertThat(c.classifyPages()).isEmpty();
        assertThat(c.actionPages()).as("no action anywhere unless configured").isEmpty();
        assertThat(c.actions()).containsExactlyInAnyOrder(ServerAction.GZIP,
                ServerAction.REDUCE);
        assertThat(c.gzipForAll()).isTrue();
        assertThat(c.clientAddressHeader()).isNull();
    }

    @Test
    void badValues_areRejectedWithMessagesThatNameThem() {
        ClientClassification.Builder b = ClientClassification.builder();
        assertThatThrownBy(() -> b.alpha(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("alpha must be at least 0 and below 1: 1.0");
        assertThatThrownBy(() -> b.alpha(-0.1))
                .hasMessage("alpha must be at least 0 and below 1: -0.1");
        assertThatThrownBy(() -> b.alpha(Double.NaN))
                .hasMessage("alpha must be at least 0 and below 1: NaN");
        assertThatThrownBy(() -> b.poorThresholds(Duration.ZERO, Duration.ofSeconds(1)))
                .hasMessage("poor first threshold must be positive: PT0S");
        assertThatThrownBy(() -> b.richThresholds(Duration.ofSeconds(1), Duration.ofSeconds(-1)))
                .hasMessage("rich last threshold must be positive: PT-1S");
        assertThatThrownBy(() -> b.classifyPages("shop/*"))
                .hasMessage("classify pages must start with /: shop/*");
        assertThatThrownBy(() -> b.actionPages("/", ""))
                .hasMessage("action pages must start with /: ");
        assertThatThrownBy(() -> b.maxClients(0)).hasMessage("max clients must be positive: 0");
        assertThatThrownBy(() -> b.clusterPrefixes(33, 48))
                .hasMessage("ipv4 cluster prefix must be in 0..32: 33");
        assertThatThrownBy(() -> b.clusterPrefixes(24, 129))
                .hasMessage("ipv6 cluster prefix must be in 0..128: 129");
        assertThatThrownBy(() -> b.embeddedSuffixes("png"))
                .hasMessage("an embedded suffix must start with a dot, such as .png: png");
        assertThatThrownBy(() -> b.sequenceTimeout(Duration.ZERO))
                .hasMessage("sequence timeout must be positive: PT0S");
        assertThatThrownBy(() -> b.clientAddressHeader(" "))
                .hasMessage("client address header must not be blank");
        assertThatThrownBy(() -> b.optionalIncludes("/ads", ""))
                .hasMessage("optional includes must not be blank: [/ads, ]");
    }

    @Test
    void build_rejectsRichThresholdsAbovePoorOnes() {
        assertThatThrownBy(() -> ClientClassification.builder()
                .richThresholds(Duration.ofSeconds(4), Duration.ofSeconds(1)).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("rich first threshold PT4S must not exceed poor first threshold PT3S");
        assertThatThrownBy(() -> ClientClassification.builder()
                .poorThresholds(Duration.ofSeconds(3), Duration.ofSeconds(1)).build())
                .hasMessage("rich last threshold PT2S must not exceed poor last threshold PT1S");
    }

    @Test
    void actionTokens_ofTheForcingHeader() {
        assertThat(ServerAction.byToken(" GZIP ")).isEqualTo(ServerAction.GZIP);
        assertThat(ServerAction.byToken(".gz")).as("the paper's spelling")
                .isEqualTo(ServerAction.GZIP);
        assertThat(ServerAction.byToken("reduce")).isEqualTo(ServerAction.REDUCE);
        assertThat(ServerAction.byToken("enrich")).isEqualTo(ServerAction.ENRICH);
        assertThat(ServerAction.byToken("br")).isNull();
    }
}
