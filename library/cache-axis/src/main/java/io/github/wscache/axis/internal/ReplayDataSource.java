package io.github.wscache.axis.internal;

import io.github.wscache.core.xml.XmlRecording;
import javax.xml.stream.XMLStreamReader;
import org.apache.axiom.om.ds.AbstractPullOMDataSource;

/**
 * The content of a cached payload element: every {@link #getReader()} replays the recorded parse
 * events from {@code START_DOCUMENT}, so Axiom hands a fresh reader straight to the ADB
 * deserializer and no XML is parsed on a cache hit. Non-destructive: the element can be read
 * any number of times. Thread-safe (each reader is independent). Public only so that the
 * benchmarks' floor cell builds its responses from the very same data source.
 */
public final class ReplayDataSource extends AbstractPullOMDataSource {
    private final XmlRecording recording;

    /** A data source replaying {@code recording}. */
    public ReplayDataSource(XmlRecording recording) {
        this.recording = recording;
    }

    @Override
    public XMLStreamReader getReader() {
        return recording.newReader();
    }

    @Override
    public boolean isDestructiveRead() {
        return false;
    }

    @Override
    public Object getObject() {
        return recording;
    }
}
