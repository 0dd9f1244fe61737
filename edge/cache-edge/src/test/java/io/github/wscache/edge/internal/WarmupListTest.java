package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading warm-up lists and the top of an access log. */
class WarmupListTest {
    private static final URI ORIGIN = URI.create("http://origin.example:8080/");

    private static WarmupList.Parsed parse(String text) throws IOException {
        return WarmupList.parse(new BufferedReader(new StringReader(text)), ORIGIN);
    }

    private static String line(String method, String target, int status) {
        String path = target.contains("?") ? target.substring(0, target.indexOf('?')) : target;
        String query = target.contains("?") ? target.substring(target.indexOf('?') + 1) : null;
        StringBuilder b = new StringBuilder();
        AccessLog.format(new AccessLog.Entry("127.0.0.1", null, 0, method, path, query,
                "HTTP/1.1", status, 10, null, "agent", "wscache-edge; hit", 1000),
                ZoneId.of("UTC"), b);
        return b.append('\n').toString();
    }

    private static List<String> top(String log, int n) throws IOException {
        return WarmupList.topOfAccessLog(new BufferedReader(new StringReader(log)), n);
    }

    @Test
    void parse_takesPathsWithTheirQueries_skippingCommentsBlankLinesAndDuplicates()
            throws IOException {
        WarmupList.Parsed p = parse("# popular\n\n/\n  /category?id=FISH  # fish\n/\n"
                + "http://origin.example:8080/item?id=EST-1\n");

        assertThat(p.paths()).containsExactly("/", "/category?id=FISH", "/item?id=EST-1");
        assertThat(p.badLines()).isEmpty();
        assertThat(p.truncated()).isFalse();
    }

    @Test
    void parse_reportsLinesThatAreNotPathsOnTheOrigin_withTheirNumbers() throws IOException {
        WarmupList.Parsed p = parse("/ok\nrelative\nhttp://other.example/x\n/a b\n//host/x\n"
                + "ftp://origin.example:8080/x\n/caf\u00e9\n");

        assertThat(p.paths()).containsExactly("/ok");
        assertThat(p.badLines()).containsExactly("2: 'relative'", "3: 'http://other.example/x'",
                "4: '/a b'", "5: '//host/x'", "6: 'ftp://origin.example:8080/x'",
                "7: '/caf\u00e9'");
    }

    @Test
    void parse_stopsAtTheBoundOnPaths() throws IOException {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i <= WarmupList.MAX_PATHS; i++) {
            b.append("/p").append(i).append('\n');
        }
        WarmupList.Parsed p = parse(b.toString());

        assertThat(p.paths()).hasSize(WarmupList.MAX_PATHS);
        assertThat(p.truncated()).isTrue();
    }

    @Test
    void topOfAccessLog_countsGetsWith2xx_mostRequestedFirst_tiesInOrderOfFirstAppearance()
            throws IOException {
        String log = line("GET", "/b", 200) + line("GET", "/a?x=1", 200)
                + line("GET", "/a?x=1", 200) + line("GET", "/c", 200) + line("GET", "/b", 304)
                + line("POST", "/post", 200) + line("POST", "/post", 200)
                + line("GET", "/gone", 404) + line("GET", "/gone", 404)
                + line("GET", "/redirect", 303) + line("GET", "/a?x=1", 206)
                + line("HEAD", "/head", 200) + "not a log line\n"
                + line("GET", "/caf\u00e9", 200) + line("GET", "/caf\u00e9", 200)
                + line("GET", "/caf\u00e9", 200);

        assertThat(top(log, 10)).containsExactly("/a?x=1", "/b", "/c");
        assertThat(top(log, 2)).containsExactly("/a?x=1", "/b");
    }

    @Test
    void topOfAccessLog_readsQuotesInTheRefererAndAgentFields() throws IOException {
        String log = "10.0.0.1 - alice [24/Nov/2026:19:25:18 +0100] \"GET /x HTTP/1.1\" 200 51 "
                + "\"http://r/\\\"q\\\"\" \"agent \\\"x\\\"\" HIT 412\n";

        assertThat(top(log, 5)).containsExactly("/x");
    }
}
