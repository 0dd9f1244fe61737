package io.github.wscache.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.benchmarks.fixtures.Operation;
import io.github.wscache.benchmarks.fixtures.Payloads;
import io.github.wscache.core.xml.XmlRecording;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;

/**
 * Issue 15: an {@code XmlRecording} weighs no more than the XML it was recorded from on the
 * search response (about 9 KB), and no more than 1.5 times on the 280-byte spelling response;
 * measured both with the recording's own {@code retainedSize()} (what a cache's weigher sees)
 * and with JOL, which walks every object the recording references.
 */
class RecordingWeightTest {

    private static void assertWeight(Operation op, double ratio) throws Exception {
        byte[] xml = Payloads.responseEnvelope(op);
        XmlRecording recording = XmlRecording.parse(xml);
        long jol = GraphLayout.parseInstance(recording).totalSize();

        assertThat(recording.retainedSize()).as(op + " retainedSize vs " + xml.length
                + " XML bytes").isLessThanOrEqualTo((long) (ratio * xml.length));
        assertThat(jol).as(op + " JOL size vs " + xml.length + " XML bytes")
                .isLessThanOrEqualTo((long) (ratio * xml.length));
        assertThat(recording.retainedSize()).as("retainedSize estimates the JOL size")
                .isBetween(jol * 9 / 10, jol * 11 / 10);
    }

    @Test
    void theSearchResponseRecordingWeighsNoMoreThanItsXml() throws Exception {
        assertWeight(Operation.SEARCH, 1.0);
    }

    @Test
    void theSpellingResponseRecordingWeighsNoMoreThanOneAndAHalfTimesItsXml() throws Exception {
        assertWeight(Operation.SPELLING, 1.5);
    }
}
