package io.github.wscache.petshop.edge;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The classification experiment runs end to end, briefly (about 30 s: the modem is slow), so
 * that the driver does not rot; tagged slow, run with {@code -Pslow}.
 */
@Tag("slow")
class ClassifyExperimentTest {

    @Test
    void shortRun_classifiesTheModemPoor_andTheActionsShortenItsPageViews() throws Exception {
        String report = ClassifyExperiment.run(3, 1);
        assertThat(report).contains("| modem | 100 % | 100 % | 100 % |")
                .contains("gzip, reduce");
        String modem = report.lines().filter(l -> l.startsWith("| modem |"))
                .reduce((a, b) -> b).orElseThrow();
        String[] cells = modem.split("\\|");
        double without = Double.parseDouble(cells[2].trim());
        double with = Double.parseDouble(cells[3].trim());
        assertThat(with).as(modem).isLessThan(without / 2);
    }
}
