package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class SurrogateControlTest {

    @Test
    void readsTheEsiSpecificationExample() {
        SurrogateControl sc = SurrogateControl.parse("content=\"ESI/1.0\", max-age=3600+600");
        assertThat(sc.requiresEsi()).isTrue();
        assertThat(sc.content()).containsExactly("ESI/1.0");
        assertThat(sc.maxAge()).contains(Duration.ofHours(1));
        assertThat(sc.staleExtension()).contains(Duration.ofMinutes(10));
        assertThat(sc.noStore()).isFalse();
        assertThat(sc).hasToString("content=\"ESI/1.0\", max-age=3600+600");
    }

    @Test
    void readsSeveralCapabilitiesCaseInsensitively() {
        SurrogateControl sc = SurrogateControl.parse("Content=\"esi/1.0  ESI-Inv/1.0\"");
        assertThat(sc.content()).containsExactly("ESI/1.0", "ESI-INV/1.0");
        assertThat(sc.requiresEsi()).isTrue();
        assertThat(SurrogateControl.parse("content=\"ESI-INV/1.0\"").requiresEsi()).isFalse();
    }

    @Test
    void readsNoStoreVariants() {
        SurrogateControl sc = SurrogateControl.parse("no-store, no-store-remote");
        assertThat(sc.noStore()).isTrue();
        assertThat(sc.noStoreRemote()).isTrue();
        assertThat(sc.maxAge()).isEmpty();
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"max-age=soon", "max-age=-1", "max-age=+60"})
    void invalidMaxAgeReadsAsZero(String header) {
        assertThat(SurrogateControl.parse(header).maxAge()).contains(Duration.ZERO);
    }

    @Test
    void invalidExtensionIsIgnored() {
        SurrogateControl sc = SurrogateControl.parse("max-age=60+x");
        assertThat(sc.maxAge()).contains(Duration.ofMinutes(1));
        assertThat(sc.staleExtension()).isEmpty();
    }

    @Test
    void targetedDirectivesApplyOnlyToTheirSurrogateAndWin() {
        List<String> header = List.of("max-age=60, content=\"ESI/1.0\";edge", "max-age=5;edge");
        SurrogateControl edge = SurrogateControl.parse(header, "EDGE");
        assertThat(edge.maxAge()).contains(Duration.ofSeconds(5));
        assertThat(edge.requiresEsi()).isTrue();
        SurrogateControl other = SurrogateControl.parse(header, "other");
        assertThat(other.maxAge()).contains(Duration.ofSeconds(60));
        assertThat(other.requiresEsi()).isFalse();
        assertThat(SurrogateControl.parse(header, null)).isEqualTo(other);
    }

    @ParameterizedTest(name = "\"{0}\"")
    @NullAndEmptySource
    @ValueSource(strings = {"unknown", "content", ",,", "max-age=60;"})
    void absentOrUnknownIsEmpty(String header) {
        SurrogateControl sc = SurrogateControl.parse(header);
        assertThat(sc).isEqualTo(SurrogateControl.EMPTY).hasSameHashCodeAs(SurrogateControl.EMPTY);
        assertThat(sc.content()).isEmpty();
        assertThat(sc.requiresEsi()).isFalse();
    }
}
