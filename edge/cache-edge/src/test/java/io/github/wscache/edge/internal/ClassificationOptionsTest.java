package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.edge.ClientClassification;
import io.github.wscache.edge.ClientClassification.ServerAction;
import java.io.StringReader;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The client classification options of the command line and the file. */
class ClassificationOptionsTest {

    private static ClientClassification flags(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "--origin=http://o";
        System.arraycopy(args, 0, all, 1, args.length);
        return ClassificationOptions.classification(EdgeCommand.parse(all).settings());
    }

    private static String flagError(String... args) {
        try {
            flags(args);
        } catch (EdgeCommand.UsageException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error");
    }

    @Test
    void noClassificationOptions_noClassification() {
        assertThat(flags("--port", "1")).isNull();
    }

    @Test
    void flags_makeTheClassification() {
        ClientClassification c = flags("--classify-pages", "/,/shop/*", "--action-pages",
                "/shop/*", "--server-actions", "gzip,enrich", "--optional-includes", "/ads",
                "--poor-first", "800ms", "--poor-last", "2s", "--rich-first", "100ms",
                "--rich-last", "300ms", "--gzip-for-all=false", "--client-address-header",
                "X-Forwarded-For");
        assertThat(c.classifyPages()).containsExactly("/", "/shop/*");
        assertThat(c.actionPages()).containsExactly("/shop/*");
        assertThat(c.actions()).containsExactlyInAnyOrder(ServerAction.GZIP,
                ServerAction.ENRICH);
        assertThat(c.optionalIncludes()).containsExactly("/ads");
        assertThat(c.poorFirst()).isEqualTo(Duration.ofMillis(800));
        assertThat(c.poorLast()).isEqualTo(Duration.ofSeconds(2));
        assertThat(c.richFirst()).isEqualTo(Duration.ofMillis(100));
        assertThat(c.richLast()).isEqualTo(Duration.ofMillis(300));
        assertThat(c.gzipForAll()).isFalse();
        assertThat(c.clientAddressHeader()).isEqualTo("X-Forwarded-For");
    }

    @Test
    void file_makesTheClassification() {
        ClientClassification c = ClassificationOptions.classification(EdgeCommand.read(
                new StringReader("origin: http://o\nclassifyPages: [/, /shop/*]\n"
                        + "serverActions: [reduce]\npoorLast: 4s\n"), "edge.yaml"));
        assertThat(c.classifyPages()).containsExactly("/", "/shop/*");
        assertThat(c.actions()).containsExactly(ServerAction.REDUCE);
        assertThat(c.poorLast()).isEqualTo(Duration.ofSeconds(4));
        assertThat(c.poorFirst()).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void mistakes_nameTheFlagAndWhatToWrite() {
        assertThat(flagError("--poor-first", "1s")).isEqualTo("--poor-first has no effect "
                + "without --classify-pages or --action-pages; give the pages too");
        assertThat(flagError("--classify-pages", "shop")).isEqualTo(
                "--classify-pages: classify pages must start with /: shop");
        assertThat(flagError("--action-pages", "/", "--server-actions", "gzip,br"))
                .isEqualTo("--server-actions: unknown server action 'br'; the actions are "
                        + "gzip, reduce and enrich");
        assertThat(flagError("--action-pages", "/", "--rich-last", "6s")).isEqualTo(
                "--rich-last: rich last threshold PT6S must not exceed poor last threshold "
                        + "PT5S");
        assertThat(flagError("--action-pages", "/", "--poor-first", "0s")).isEqualTo(
                "--poor-first must be a positive duration such as 500ms, 30s or 2m, not '0s'");
        assertThat(flagError("--action-pages", "/", "--client-address-header", "X: y"))
                .isEqualTo("--client-address-header must be a header field name such as "
                        + "X-Forwarded-For, not 'X: y'");
        assertThat(flagError("--classify-pages", "/,,/x")).isEqualTo("--classify-pages must "
                + "be names separated by commas such as /,/shop/*, not '/,,/x'");
    }
}
