package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.spi.SharedTier.Request;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The names in Redis are part of the wire format: nodes of one farm that name an entry
 * differently share nothing. These are the names, byte for byte.
 */
class KeyLayoutTest {
    private final KeyLayout keys = new KeyLayout("app");

    private static Request request(String service, String operation, String key) {
        return new Request(service, operation, key.getBytes(StandardCharsets.UTF_8), false);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    @Test
    void anEntryIsItsReadablePrefixItsGenerationsAndTheDigestOfItsKeyAsItsHashTag() {
        byte[] entry = keys.entry(request("Search", "search", "search q=redis"), 3, 7, 2);

        assertThat(text(entry))
                .isEqualTo("app:Search/search:3.7.2:{dOwtCeNUbkxd_OG3B1R1wShq-GRXVLjdHze1QrWIrAk}");
        assertThat(text(keys.lease(entry))).isEqualTo(text(entry) + ":lease");
    }

    @Test
    void withoutAServiceThePrefixIsTheOperationAndBracesAreNoHashTagOfItsOwn() {
        assertThat(text(keys.entry(request(null, "get{x}", "k"), 0, 0, 0)))
                .isEqualTo("app:get(x):0.0.0:{glTDKakoUPbVOd03b0gW7idkUX2l4CNVFK9DMWRIDXo}");
    }

    @Test
    void generationsSaltAndChannelAreUnderTheNamespace() {
        assertThat(text(keys.allGeneration())).isEqualTo("app:generation");
        assertThat(text(keys.generation("search"))).isEqualTo("app:generation:search");
        assertThat(text(keys.identitySalt())).isEqualTo("app:identity-salt");
        assertThat(text(keys.invalidationChannel())).isEqualTo("app:invalidations");
    }
}
