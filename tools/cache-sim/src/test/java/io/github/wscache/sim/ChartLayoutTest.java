package io.github.wscache.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.sim.report.Charts;
import io.github.wscache.sim.trace.SyntheticWorkload;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Every text of every chart the study writes, the cluster chart first, has room: its box (its
 * width estimated at 0.6 of the font size a character, its height the font size) overlaps no
 * other text's and lies inside the SVG's {@code viewBox}. The same for the charts committed to
 * the site.
 */
class ChartLayoutTest {
    private static final PrintStream QUIET =
            new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
    private static final Path SITE = Path.of("../../src/site/resources/simulation");
    private static final Pattern ROTATE =
            Pattern.compile("rotate\\(-90 ([-0-9.]+) ([-0-9.]+)\\)");

    @TempDir
    static Path out;

    @BeforeAll
    static void simulate() throws IOException {
        Simulate.run(SyntheticWorkload.of(1, 200, 1000).generate(3_000),
                "synthetic paper 003, seed 42", out, QUIET);
        Simulate.table3(1, 2_000, out, QUIET);
    }

    /** A text's box: left, top, right, bottom. */
    record Box(String text, double left, double top, double right, double bottom) {
        boolean overlaps(Box o) {
            return left < o.right && o.left < right && top < o.bottom && o.top < bottom;
        }
    }

    /** The viewBox (x, y, width, height) and the box of every text of an SVG file. */
    record Svg(double[] viewBox, List<Box> texts) {
        static Svg parse(Path file) throws Exception {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Element svg = factory.newDocumentBuilder().parse(file.toFile()).getDocumentElement();
            assertThat(svg.getAttribute("viewBox")).as("%s: viewBox", file).isNotEmpty();
            double[] viewBox = Stream.of(svg.getAttribute("viewBox").trim().split("[ ,]+"))
                    .mapToDouble(Double::parseDouble).toArray();
            double rootFont = Double.parseDouble(svg.getAttribute("font-size"));
            List<Box> boxes = new ArrayList<>();
            NodeList texts = svg.getElementsByTagName("text");
            for (int i = 0; i < texts.getLength(); i++) {
                Element t = (Element) texts.item(i);
                String content = t.getTextContent();
                if (content.isEmpty()) {
                    continue;
                }
                double x = Double.parseDouble(t.getAttribute("x"));
                double y = Double.parseDouble(t.getAttribute("y"));
                double font = t.hasAttribute("font-size")
                        ? Double.parseDouble(t.getAttribute("font-size")) : rootFont;
                String anchor = t.hasAttribute("text-anchor") ? t.getAttribute("text-anchor")
                        : "start";
                double width = content.length() * font * 0.6;
                // how far the text runs back from its anchor, along its direction
                double back = switch (anchor) {
                    case "middle" -> width / 2;
                    case "end" -> width;
                    default -> 0;
                };
                String transform = t.getAttribute("transform");
                if (transform.isEmpty()) {
                    boxes.add(new Box(content, x - back, y - 0.8 * font, x - back + width,
                            y + 0.2 * font));
                } else {
                    // turned a quarter anticlockwise about its anchor: it reads upwards
                    Matcher m = ROTATE.matcher(transform);
                    assertThat(m.matches()).as("%s: transform %s", file, transform).isTrue();
                    assertThat(Double.parseDouble(m.group(1))).isEqualTo(x);
                    assertThat(Double.parseDouble(m.group(2))).isEqualTo(y);
                    boxes.add(new Box(content, x - 0.8 * font, y + back - width, x + 0.2 * font,
                            y + back));
                }
            }
            return new Svg(viewBox, boxes);
        }

        void assertEveryTextHasRoom(String name) {
            assertThat(texts).as(name).isNotEmpty();
            for (int i = 0; i < texts.size(); i++) {
                Box a = texts.get(i);
                assertThat(a.left() >= viewBox[0] && a.top() >= viewBox[1]
                        && a.right() <= viewBox[0] + viewBox[2]
                        && a.bottom() <= viewBox[1] + viewBox[3])
                        .as("%s: '%s' %s inside viewBox %s", name, a.text(), a,
                                Arrays.toString(viewBox)).isTrue();
                for (int j = i + 1; j < texts.size(); j++) {
                    Box b = texts.get(j);
                    assertThat(a.overlaps(b)).as("%s: '%s' %s overlaps '%s' %s", name,
                            a.text(), a, b.text(), b).isFalse();
                }
            }
        }
    }

    static Stream<String> charts() {
        return Stream.of("cluster.svg", "table3.svg", "dhr.svg", "bhr.svg", "saved-cost.svg",
                "coldstart.svg");
    }

    @Test
    void clusterChart_labelsDoNotOverlap_andTheLegendIsInsideTheViewBox() throws Exception {
        Svg cluster = Svg.parse(out.resolve("cluster.svg"));
        cluster.assertEveryTextHasRoom("cluster.svg");
        // the whole legend is there, its longest entry too
        assertThat(cluster.texts()).extracting(Box::text)
                .contains("Caffeine (W-TinyLFU), 2 ms timeout", "wscache store",
                        "L1 + shared L2");
    }

    @ParameterizedTest
    @MethodSource("charts")
    void everyChart_textsHaveRoom(String chart) throws Exception {
        Svg.parse(out.resolve(chart)).assertEveryTextHasRoom(chart);
    }

    @Test
    void narrowAndWideBars_andLongLabels_haveRoom(@TempDir Path dir) throws Exception {
        String[] categories = {"a category with a long name", "b", "another long category"};
        for (int series : new int[] {1, 3, 12}) {
            String[] names = new String[series];
            double[][] values = new double[series][];
            for (int p = 0; p < series; p++) {
                names[p] = "series " + p + (p % 2 == 0 ? ", with a long label to wrap" : "");
                values[p] = new double[] {p / (double) series, 1, 0.02};
            }
            Path file = dir.resolve("bars" + series + ".svg");
            Files.writeString(file, Charts.bars("A title " + "long ".repeat(series * 3),
                    categories, names, values));
            Svg.parse(file).assertEveryTextHasRoom(file.getFileName().toString());
        }
        Path lines = dir.resolve("lines.svg");
        String[] xs = {"1,000,000", "2,000,000", "3,000,000", "4,000,000"};
        Files.writeString(lines, Charts.lines("t", "x", xs, new String[] {"one"},
                new double[][] {{0, 0.5, 1, 1}}));
        Svg.parse(lines).assertEveryTextHasRoom("lines.svg");
    }

    @ParameterizedTest
    @MethodSource("charts")
    void committedCharts_textsHaveRoom(String chart) throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(SITE), "the site's resources are not here");
        List<Path> files = new ArrayList<>();
        for (String dir : new String[] {"", "portal", "petshop"}) {
            Path file = SITE.resolve(dir).resolve(chart);
            if (Files.exists(file)) {
                files.add(file);
            }
        }
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            Svg.parse(file).assertEveryTextHasRoom(SITE.relativize(file).toString());
        }
    }
}
