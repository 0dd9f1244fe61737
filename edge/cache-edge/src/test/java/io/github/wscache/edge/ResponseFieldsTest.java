package io.github.wscache.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.TestOrigin;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fields the edge sends reach the client byte for byte as the origin sent them, on a miss
 * and on a hit: the edge adds most of them to Tomcat as bytes, which Tomcat writes as they are
 * (no encoder, no filter of its own), so the wire is read here, not a client's decoding of it.
 */
class ResponseFieldsTest extends EdgeTestBase {

    @Test
    void fieldsWithTabsLatin1AndSeveralLines_reachTheClientAsTheOriginSentThem_missAndHit()
            throws IOException {
        origin.handle("/r", request -> TestOrigin.Response.of(200, "body")
                .header("Cache-Control", "max-age=60").header("Content-Type", "text/plain")
                .header("X-Latin", "caf\u00e9 cr\u00e8me").header("X-Tab", "a\tb")
                .header("X-Multi", "one").header("X-Multi", "two")
                .header("Cache-Status", "origin; hit"));
        edge();
        for (String expected : List.of("wscache-edge; fwd=uri-miss; stored",
                "wscache-edge; hit")) {
            // field names are compared in lower case: the edge may spell them differently
            List<String> head = head("/r").stream().map(ResponseFieldsTest::lowerCaseName)
                    .toList();
            assertThat(head).contains("x-latin: caf\u00e9 cr\u00e8me", "x-tab: a\tb",
                    "x-multi: one", "x-multi: two", "cache-control: max-age=60",
                    "content-type: text/plain", "cache-status: " + expected);
            assertThat(head).filteredOn(l -> l.startsWith("cache-status:"))
                    .as("the origin's Cache-Status is replaced, not repeated").hasSize(1);
        }
        assertThat(origin.count("/r")).isOne();
    }

    @Test
    void generatedFieldValues_ofEveryCharacterAnOriginCanSend_reachTheClientUnchanged()
            throws IOException {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<String> values = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            values.add(fieldValue(random));
        }
        origin.handle("/g", request -> {
            TestOrigin.Response r = TestOrigin.Response.of(200, "g")
                    .header("Cache-Control", "max-age=60");
            for (int i = 0; i < values.size(); i++) {
                r = r.header("X-G" + i, values.get(i));
            }
            return r;
        });
        edge();
        for (int round = 0; round < 2; round++) {
            List<String> head = head("/g").stream().map(ResponseFieldsTest::lowerCaseName)
                    .toList();
            for (int i = 0; i < values.size(); i++) {
                assertThat(head).as("seed %d, round %d, field %d", seed, round, i)
                        .contains("x-g" + i + ": " + values.get(i));
            }
        }
        assertThat(origin.count("/g")).isOne();
    }

    /**
     * A field value as a parser hands it on (RFC 9110 §5.5): visible ASCII, obs-text (0x80-0xFF),
     * spaces and tabs inside, none at either end.
     */
    private static String fieldValue(Random random) {
        StringBuilder b = new StringBuilder();
        int length = 1 + random.nextInt(40);
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(10);
            char c;
            if (kind == 0) {
                c = random.nextBoolean() ? ' ' : '\t';
            } else if (kind < 3) {
                c = (char) (0x80 + random.nextInt(0x80));
            } else {
                c = (char) (0x21 + random.nextInt(0x7E - 0x21 + 1));
            }
            b.append(c);
        }
        return b.toString().strip().isEmpty() ? "x" : trimWhitespace(b.toString());
    }

    private static String trimWhitespace(String s) {
        int from = 0;
        int to = s.length();
        while (from < to && (s.charAt(from) == ' ' || s.charAt(from) == '\t')) {
            from++;
        }
        while (to > from && (s.charAt(to - 1) == ' ' || s.charAt(to - 1) == '\t')) {
            to--;
        }
        return s.substring(from, to);
    }

    private static String lowerCaseName(String line) {
        int colon = line.indexOf(':');
        return colon < 0 ? line : line.substring(0, colon).toLowerCase(Locale.ROOT)
                + line.substring(colon);
    }

    /** The status line and field lines of a GET, each byte read as one ISO-8859-1 char. */
    private List<String> head(String path) throws IOException {
        try (Socket s = new Socket("127.0.0.1", edge.port())) {
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            String text = all.toString(StandardCharsets.ISO_8859_1);
            List<String> lines = new ArrayList<>(List.of(
                    text.substring(0, text.indexOf("\r\n\r\n")).split("\r\n")));
            assertThat(lines.get(0)).startsWith("HTTP/1.1 200");
            return lines;
        }
    }
}
