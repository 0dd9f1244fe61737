package io.github.wscache.sim.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Positive;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class TraceCsvTest {
    @Test
    void roundTrip_keepsEveryColumn() throws IOException {
        Trace trace = SyntheticWorkload.paper003(1).generate(1_000);
        StringWriter out = new StringWriter();
        TraceCsv.write(trace, out);
        assertThat(out.toString()).startsWith(TraceCsv.HEADER + "\n");
        Trace back = TraceCsv.read(new StringReader(out.toString()));
        assertSame(trace, back);
    }

    @Test
    void read_skipsCommentsBlankLinesAndAcceptsNoHeader() throws IOException {
        Trace trace = TraceCsv.read(new StringReader("# recorded by the portal\n\n0,17,2048,15000\n"
                + " 1250 , -3 , 512 , 0 \n"));
        assertThat(trace.length()).isEqualTo(2);
        assertThat(trace.key(1)).isEqualTo(-3);
        assertThat(trace.timeMicros(1)).isEqualTo(1250);
        assertThat(trace.size(1)).isEqualTo(512);
    }

    @Test
    void read_rejectsAShortLineNamingIt() {
        assertThatThrownBy(() -> TraceCsv.read(new StringReader(TraceCsv.HEADER + "\n1,2,3\n")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("trace line 2 must have 4 columns, time_us,key,size_bytes,"
                        + "miss_cost_us (integers, e.g. 1250,17,2048,15000), not: 1,2,3");
    }

    @Test
    void read_rejectsTimeGoingBack() {
        assertThatThrownBy(() -> TraceCsv.read(new StringReader("5,1,1,1\n4,1,1,1\n")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("trace line 2 is not valid (time must not decrease: 4 "
                        + "after 5); write time_us,key,size_bytes,miss_cost_us")
                .hasMessageEndingWith("not: 4,1,1,1");
    }

    @Test
    void read_rejectsANegativeSize() {
        assertThatThrownBy(() -> TraceCsv.read(new StringReader("0,1,-1,1\n")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("size and cost must not be negative: -1, 1");
    }

    @Test
    void read_rejectsAWordWhereANumberGoes() {
        assertThatThrownBy(() -> TraceCsv.read(new StringReader("0,1,1,1\n1,/search,1,1\n")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("trace line 2 is not valid (For input string: \"/search\")")
                .hasMessageContaining("e.g. 1250,17,2048,15000");
    }

    @Property(tries = 50, seed = "19")
    void roundTrip_anyTrace(@ForAll @Size(max = 40) List<@IntRange(max = 1_000_000) Integer> gaps,
            @ForAll long key, @ForAll @Positive int size) throws IOException {
        Trace.Builder builder = new Trace.Builder();
        long time = 0;
        for (int gap : gaps) {
            time += gap;
            builder.add(time, key ^ gap, size, gap);
        }
        Trace trace = builder.build();
        StringWriter out = new StringWriter();
        TraceCsv.write(trace, out);
        assertSame(trace, TraceCsv.readUnchecked(new StringReader(out.toString())));
    }

    private static void assertSame(Trace expected, Trace actual) {
        assertThat(actual.length()).isEqualTo(expected.length());
        for (int i = 0; i < expected.length(); i++) {
            assertThat(actual.timeMicros(i)).isEqualTo(expected.timeMicros(i));
            assertThat(actual.key(i)).isEqualTo(expected.key(i));
            assertThat(actual.size(i)).isEqualTo(expected.size(i));
            assertThat(actual.cost(i)).isEqualTo(expected.cost(i));
        }
    }
}
