package io.github.wscache.benchmarks;

import io.github.wscache.benchmarks.fixtures.Operation;
import io.github.wscache.benchmarks.fixtures.Payloads;
import io.github.wscache.benchmarks.fixtures.PlainRecording;
import io.github.wscache.benchmarks.fixtures.PojoBinder;
import io.github.wscache.core.xml.XmlRecording;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Issue 15, representations at the floor: the doGoogleSearch response envelope bound into the
 * POJO mirror by one hand-written StAX binder ({@link PojoBinder}), from three sources, so that
 * the cells differ only in the reader. {@code XML}: the envelope bytes parsed by the StAX reader
 * Axis2 uses. {@code PLAIN}: a reference recording outside wscache ({@link PlainRecording}:
 * {@code int[]} operations and a shared {@code String[]} pool, nothing else), the floor for a
 * replay. {@code EVENTS}: wscache's {@link XmlRecording#newReader()}. Target: {@code EVENTS}
 * within 1.2× of {@code PLAIN}.
 */
public class ReplayFloorBenchmark extends PreparedBenchmark {
    /** Where the binder reads from. */
    public enum Source {
        /** Envelope bytes, parsed per hit. */
        XML,
        /** The reference recording replayed per hit. */
        PLAIN,
        /** wscache's recording replayed per hit. */
        EVENTS
    }

    @Param
    Source source;

    /** Makes the envelope and the recordings once. */
    @Override
    protected Hit prepare() throws Exception {
        byte[] xml = Payloads.responseEnvelope(Operation.SEARCH);
        switch (source) {
            case XML:
                return () -> PojoBinder.bind(Payloads.reader(xml));
            case PLAIN: {
                PlainRecording plain = PlainRecording.record(Payloads.reader(xml));
                return () -> PojoBinder.bind(plain.newReader());
            }
            default: {
                XmlRecording recording = XmlRecording.parse(xml);
                return () -> PojoBinder.bind(recording.newReader());
            }
        }
    }

    /** One bind: a fresh POJO from the source. */
    @Benchmark
    public Object bind() throws Exception {
        return hit.get();
    }
}
