package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The ESI 1.0 conditionals and variables: what each construct renders for a request, and that
 * malformed markup fails the document instead of showing a branch it should not.
 */
class EsiParserTest {

    /** Renders {@code doc} for a request with {@code cookie} the way the composer does. */
    private static String render(String doc, String cookie, String query) {
        Map<String, List<String>> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (cookie != null) {
            h.put("Cookie", List.of(cookie));
        }
        h.put("Host", List.of("shop.example:8090"));
        EsiVariables vars = new EsiVariables(h, query);
        StringBuilder out = new StringBuilder();
        render(EsiParser.parse(doc.getBytes(StandardCharsets.ISO_8859_1)), vars, out);
        return out.toString();
    }

    private static void render(List<EsiParser.Node> nodes, EsiVariables vars, StringBuilder out) {
        for (EsiParser.Node n : nodes) {
            if (n instanceof EsiParser.Text t) {
                out.append(new String(t.bytes(), StandardCharsets.ISO_8859_1));
            } else if (n instanceof EsiParser.VarText v) {
                out.append(v.text().render(vars, EsiTemplate.Escape.HTML));
            } else if (n instanceof EsiParser.Include i) {
                out.append('{').append(i.srcTemplate().render(vars, EsiTemplate.Escape.URL))
                        .append('}');
            } else if (n instanceof EsiParser.Choose c) {
                List<EsiParser.Node> chosen = c.otherwise();
                for (EsiParser.When w : c.whens()) {
                    if (w.test().test(vars)) {
                        chosen = w.body();
                        break;
                    }
                }
                render(chosen, vars, out);
            }
        }
    }

    private static final String HEADER = "[<esi:choose>\n"
            + "  <esi:when test=\"$(HTTP_COOKIE{view}) == ''\">out</esi:when>\n"
            + "  <esi:when test=\"$(HTTP_COOKIE{view}) == 'admin'\">boss</esi:when>\n"
            + "  <esi:otherwise><esi:include src=\"/h?v=$(HTTP_COOKIE{view})\"/></esi:otherwise>\n"
            + "</esi:choose>]";

    @Test
    void choose_takesTheFirstTrueWhen_elseTheOtherwise() {
        assertThat(render(HEADER, null, null)).isEqualTo("[out]");
        assertThat(render(HEADER, "a=1; view=admin", null)).isEqualTo("[boss]");
        assertThat(render(HEADER, "view=in-DOGS", null)).isEqualTo("[{/h?v=in-DOGS}]");
    }

    @Test
    void chooseWithoutOtherwise_rendersNothingWhenNoTestHolds() {
        assertThat(render("a<esi:choose><esi:when test=\"1 > 2\">x</esi:when></esi:choose>b",
                null, null)).isEqualTo("ab");
    }

    @Test
    void nestedChoose_andIncludesInBranches() {
        String doc = "<esi:choose><esi:when test=\"$(HTTP_COOKIE{a})=='1'\">"
                + "<esi:choose><esi:when test=\"$(HTTP_COOKIE{b})=='2'\">"
                + "<esi:include src=\"/ab\"/></esi:when><esi:otherwise>a</esi:otherwise>"
                + "</esi:choose></esi:when><esi:otherwise>none</esi:otherwise></esi:choose>";
        assertThat(render(doc, "a=1; b=2", null)).isEqualTo("{/ab}");
        assertThat(render(doc, "a=1", null)).isEqualTo("a");
        assertThat(render(doc, "b=2", null)).isEqualTo("none");
    }

    @Test
    void variablesInIncludeSrc_arePercentEncoded_soACookieCannotChangeTheUrlsShape() {
        String doc = "<esi:include src=\"/banner?c=$(HTTP_COOKIE{cat})\"/>";
        assertThat(render(doc, "cat=FISH", null)).isEqualTo("{/banner?c=FISH}");
        assertThat(render(doc, "cat=x&admin=1/../@evil.example#", null))
                .isEqualTo("{/banner?c=x%26admin%3D1%2F..%2F%40evil.example%23}");
        assertThat(render(doc, null, null)).isEqualTo("{/banner?c=}");
    }

    @Test
    void defaults_hostAndQueryString() {
        assertThat(render("<esi:include src=\"/b?c=$(HTTP_COOKIE{cat}|'none')\"/>", null, null))
                .isEqualTo("{/b?c=none}");
        assertThat(render("<esi:vars>$(HTTP_HOST) $(QUERY_STRING{q}) [$(QUERY_STRING)]"
                + "</esi:vars>", null, "q=red+fish&x=1"))
                .isEqualTo("shop.example:8090 red fish [q=red+fish&amp;x=1]");
    }

    @Test
    void varsText_isHtmlEscaped_andVariablesOutsideVarsAreLeftAlone() {
        assertThat(render("<esi:vars><p>Hi $(HTTP_COOKIE{name})</p></esi:vars>"
                + " $(HTTP_COOKIE{name})", "name=<script>alert(1)</script>", null))
                .isEqualTo("<p>Hi &lt;script&gt;alert(1)&lt;/script&gt;</p> "
                        + "$(HTTP_COOKIE{name})");
    }

    @Test
    void malformedVariable_isLiteralText() {
        assertThat(render("<esi:vars>$(HTTP_COOKIE{a</esi:vars>", "a=1", null))
                .isEqualTo("$(HTTP_COOKIE{a");
    }

    @Test
    void expressions_compareNumbersAsNumbers_andCombine() {
        assertThat(test("10 > 9")).isTrue();
        assertThat(test("'10' > '9'")).as("numbers compare as numbers").isTrue();
        assertThat(test("'abc' < 'abd'")).isTrue();
        assertThat(test("!(1 == 1)")).isFalse();
        assertThat(test("1 == 2 | 2 == 2 & 3 == 3")).isTrue();
        assertThat(test("(1 == 2 | 2 == 2) & 3 == 4")).isFalse();
        assertThat(test("$(HTTP_COOKIE{missing})")).as("an empty operand is false").isFalse();
        assertThat(test("!$(HTTP_COOKIE{missing})")).isTrue();
        assertThat(test("$(HTTP_COOKIE{missing}|'x') == 'x'")).isTrue();
    }

    private static boolean test(String expr) {
        return EsiExpression.parse(expr).test(EsiVariables.NONE);
    }

    @Test
    void malformedConditionals_failTheDocument() {
        for (String bad : List.of(
                "<esi:choose><esi:when test=\"1==1\">both",
                "<esi:choose><esi:when test=\"1==1\">a</esi:when>",
                "<esi:choose><esi:otherwise>x</esi:otherwise></esi:choose>",
                "<esi:choose><esi:when>x</esi:when></esi:choose>",
                "<esi:choose><esi:when test=\"$(HTTP_COOKIE{a}) == \">x</esi:when></esi:choose>",
                "<esi:choose><esi:when test=\"'open\">x</esi:when></esi:choose>",
                "<esi:choose><esi:when test=\"(1==1\">x</esi:when></esi:choose>",
                "<esi:choose><esi:when test=\"1==1 junk\">x</esi:when></esi:choose>",
                "<esi:choose/>",
                "<esi:vars>$(HTTP_COOKIE{a})",
                "x</esi:choose>",
                "<esi:when test=\"1==1\">x</esi:when>",
                "<esi:otherwise>x</esi:otherwise>",
                "<esi:choose")) {
            assertThatThrownBy(() -> EsiParser.parse(bad.getBytes(StandardCharsets.ISO_8859_1)))
                    .as(bad).isInstanceOf(EsiSyntaxException.class);
        }
    }

    @Test
    void deepNesting_isRefused_notAStackOverflow() {
        String deep = "<esi:vars>".repeat(10_000);
        assertThatThrownBy(() -> EsiParser.parse(deep.getBytes(StandardCharsets.ISO_8859_1)))
                .isInstanceOf(EsiSyntaxException.class).hasMessageContaining("nested deeper");
        String parens = "(".repeat(10_000) + "1" + ")".repeat(10_000);
        assertThatThrownBy(() -> EsiExpression.parse(parens))
                .isInstanceOf(EsiSyntaxException.class);
        String nots = "!".repeat(500) + "1";
        assertThatThrownBy(() -> EsiExpression.parse(nots))
                .isInstanceOf(EsiSyntaxException.class);
    }

    @Test
    @Timeout(30)
    void randomMarkup_alwaysEndsInNodesOrASyntaxError() {
        String[] tokens = {"<esi:choose>", "</esi:choose>", "<esi:when test=\"1==1\">",
            "<esi:when test=\"$(HTTP_COOKIE{a})\">", "</esi:when>", "<esi:otherwise>",
            "</esi:otherwise>", "<esi:vars>", "</esi:vars>", "<esi:include src=\"/x\"/>",
            "<esi:remove>", "</esi:remove>", "<!--esi", "-->", "$(HTTP_COOKIE{a})", "text",
            "<", ">", "\"", "<esi:comment text=\"c\"/>", "<esi:choose"};
        Random r = new Random(22);
        int ok = 0;
        for (int n = 0; n < 20_000; n++) {
            StringBuilder doc = new StringBuilder();
            for (int k = r.nextInt(12); k > 0; k--) {
                doc.append(tokens[r.nextInt(tokens.length)]);
            }
            try {
                render(doc.toString(), "a=1", null);
                ok++;
            } catch (EsiSyntaxException e) {
                // refused: the document fails as a whole
            }
        }
        assertThat(ok).isPositive();
    }

    @Test
    void includeMarks_optionalAndRich_areParsed_andDefaultToFalse() {
        List<EsiParser.Node> nodes = EsiParser.parse(("<esi:include src=\"/a\" "
                + "wscache-optional=\"true\"/><esi:include src='/b' wscache-rich='TRUE'/>"
                + "<esi:include src=\"/c\" wscache-optional=\"no\"/>")
                .getBytes(StandardCharsets.ISO_8859_1));
        assertThat(nodes).hasSize(3).allMatch(n -> n instanceof EsiParser.Include);
        EsiParser.Include a = (EsiParser.Include) nodes.get(0);
        EsiParser.Include b = (EsiParser.Include) nodes.get(1);
        EsiParser.Include c = (EsiParser.Include) nodes.get(2);
        assertThat(a.optional()).isTrue();
        assertThat(a.rich()).isFalse();
        assertThat(b.rich()).isTrue();
        assertThat(b.optional()).isFalse();
        assertThat(c.optional()).isFalse();
        assertThat(c.src()).isEqualTo("/c");
    }
}
