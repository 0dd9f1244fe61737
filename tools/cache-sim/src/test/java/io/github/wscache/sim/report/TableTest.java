package io.github.wscache.sim.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TableTest {
    @Test
    void csv_hasTheHeaderAndFourDecimals() {
        Table t = new Table("policy", "warm_dhr", "bytes", "timeout")
                .row("LRU", 0.66214, 12L, true)
                .row("GDSF", 0.8, 3L, false);
        assertThat(t.size()).isEqualTo(2);
        assertThat(t.csv()).isEqualTo("policy,warm_dhr,bytes,timeout\n"
                + "LRU,0.6621,12,true\nGDSF,0.8000,3,false\n");
    }

    @Test
    void json_quotesStringsOnly() {
        Table t = new Table("policy", "warm_dhr", "timeout").row("say \"hi\"", 0.5, true);
        assertThat(t.json("policy", "warmDhr", "timeout"))
                .containsExactly("{\"policy\":\"say \\\"hi\\\"\",\"warmDhr\":0.5000,"
                        + "\"timeout\":true}");
    }

    @Test
    void row_mustFillEveryColumn() {
        assertThatThrownBy(() -> new Table("a", "b").row("x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a row of 2 columns has 1 values");
    }

    @Test
    void metrics_countRatiosOfRequestsBytesAndCost() {
        Metrics m = new Metrics();
        m.record(true, 300, 10);
        m.record(false, 100, 30);
        assertThat(m.requests()).isEqualTo(2);
        assertThat(m.hits()).isEqualTo(1);
        assertThat(m.documentHitRatio()).isEqualTo(0.5);
        assertThat(m.byteHitRatio()).isEqualTo(0.75);
        assertThat(m.savedCostRatio()).isEqualTo(0.25);
        assertThat(m.savedCostMicros()).isEqualTo(10);
        assertThat(new Metrics().documentHitRatio()).isZero();
    }

    @Test
    void bars_leaveOutAMissingValue() {
        String svg = Charts.bars("t", new String[] {"a", "b"}, new String[] {"s"},
                new double[][] {{0.5, Double.NaN}});
        assertThat(svg).startsWith("<svg").endsWith("</svg>\n");
        assertThat(svg).contains(">50.0</text>").doesNotContain("NaN");
    }

    @Test
    void bars_writeNarrowBarsValuesAlongThem() {
        String[] series = {"s", "t", "u", "v", "w", "x", "y", "z"};
        double[][] values = new double[series.length][];
        Arrays.fill(values, new double[] {0.9, 0.05});
        String svg = Charts.bars("t", new String[] {"a", "b"}, series, values);
        assertThat(svg).contains("fill=\"white\" transform=\"rotate(-90")
                .contains("fill=\"black\" transform=\"rotate(-90").contains(">90.0</text>");
    }
}
