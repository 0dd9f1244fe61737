package io.github.wscache.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.benchmarks.fixtures.Operation;
import io.github.wscache.benchmarks.fixtures.Payloads;
import io.github.wscache.benchmarks.fixtures.PlainRecording;
import io.github.wscache.benchmarks.fixtures.PojoBinder;
import io.github.wscache.benchmarks.fixtures.SearchPojo;
import io.github.wscache.core.xml.XmlRecording;
import io.github.wscache.google.stub.GoogleSearchServiceStub.GoogleSearchResult;
import org.junit.jupiter.api.Test;

/** The three sources of {@link ReplayFloorBenchmark} bind the same result. */
class ReplayFloorTest {
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void xmlPlainRecordingAndXmlRecording_bindTheSameResult() throws Exception {
        byte[] xml = Payloads.responseEnvelope(Operation.SEARCH);
        String expected = json.writeValueAsString(
                SearchPojo.from((GoogleSearchResult) Payloads.value(Operation.SEARCH)));
        PlainRecording plain = PlainRecording.record(Payloads.reader(xml));
        XmlRecording events = XmlRecording.parse(xml);

        assertThat(json.writeValueAsString(PojoBinder.bind(Payloads.reader(xml))))
                .isEqualTo(expected);
        for (int replay = 0; replay < 2; replay++) {
            assertThat(json.writeValueAsString(PojoBinder.bind(plain.newReader())))
                    .isEqualTo(expected);
            assertThat(json.writeValueAsString(PojoBinder.bind(events.newReader())))
                    .isEqualTo(expected);
        }
    }
}
