package io.github.wscache.benchmarks;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.rits.cloning.Cloner;
import io.github.wscache.benchmarks.fixtures.Payloads;
import io.github.wscache.benchmarks.fixtures.Registrations;
import io.github.wscache.benchmarks.fixtures.Subject;
import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.copy.CopyStrategy;
import io.github.wscache.core.xml.XmlRecording;
import java.io.Serializable;
import java.util.function.UnaryOperator;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * How a cached response is kept and turned into the caller's object on a hit (paper 001,
 * Table 7): the wscache representations first, then outside reference points. A prepared
 * {@link Hit} holds the cached form made once in {@code @Setup}; each call produces a fresh
 * object from it (a fresh reader per call for the message-level forms).
 */
public enum Representation {
    /** wscache {@code value: xml}: the envelope bytes re-parsed into the ADB beans per hit. */
    XML("XML message", true),
    /**
     * wscache {@code value: xml} as the generated stub reads it: the envelope bytes built into
     * Axiom's SOAP model (the whole envelope: the stub calls {@code buildWithAttachments()}),
     * then the body's first element read into the ADB parser (the baseline issue 15 names:
     * bytes, Axiom, ADB). {@link #XML} is the same parse without Axiom, its lower bound.
     */
    XML_AXIOM("XML message through Axiom (as the stub)", true),
    /** wscache {@code value: events}: recorded StAX events replayed into the ADB parser. */
    EVENTS("SAX/StAX events sequence", true),
    /**
     * As {@link #EVENTS}, recorded the way cache-axis records a response: from the client's own
     * StAX parser (Woodstox beside Axis2), not {@code XmlRecording.parse}'s JDK parser. The JDK
     * parser reports text split at every entity reference, Woodstox in one event, so the two
     * recordings of one message differ in event count where its text holds entities.
     */
    EVENTS_AS_STORED("SAX/StAX events, recorded as cache-axis does", true),
    /** wscache serialization copier on a Serializable type: Java serialization bytes. */
    JAVA_SERIALIZATION("Java serialization", true),
    /** wscache's Kryo copier (what serialization picks for non-Serializable types): bytes. */
    KRYO_BYTES("Kryo bytes", true),
    /** wscache {@code value: reflection}: field-by-field copy with a precomputed plan. */
    REFLECTION("Copy by reflection", true),
    /** wscache {@code value: clone}: the type's registered deep {@code clone()}. */
    CLONE("Copy by clone", true),
    /** wscache {@code value: auto}: the strategy {@code CopierRegistry.forType} selects. */
    AUTO("wscache auto copier", true),
    /** wscache {@code readOnly: true}: pass by reference. */
    REFERENCE("Pass by reference", true),
    /** Outside: a hand-written deep copy, the floor for any copy. */
    HAND_COPY("Hand-written deep copy", false),
    /** Outside: {@code Kryo.copy()} (no bytes), references on, registration not required. */
    KRYO_COPY("Kryo copy()", false),
    /** Outside: {@code com.rits.cloning.Cloner.deepClone}. */
    CLONING("cloning library", false),
    /** Outside: Jackson JSON bytes read per hit. */
    JACKSON("Jackson JSON bytes", false),
    /** Diagnostic: the envelope tokenized by the StAX reader, no ADB parse (XML's floor). */
    XML_TOKENS_ONLY("XML tokenized only, no ADB (diagnostic)", false),
    /** Diagnostic: the recording replayed, no ADB parse (events' floor). */
    EVENTS_ONLY("Events replayed only, no ADB (diagnostic)", false);

    private final String title;
    private final boolean wscache;

    Representation(String title, boolean wscache) {
        this.title = title;
        this.wscache = wscache;
    }

    /** Returns the row title of the report. */
    public String title() {
        return title;
    }

    /** Returns whether this is a wscache representation (else an outside reference point). */
    public boolean isWscache() {
        return wscache;
    }

    /**
     * Makes the cached form of {@code subject} and returns the per-hit work. The result is
     * confined to one thread (Kryo and the cloner are not shared).
     *
     * @throws IllegalArgumentException if this representation does not apply to the subject
     */
    public Hit prepare(Subject<?> subject) throws Exception {
        return typed(subject, Registrations.copiers());
    }

    private <T> Hit typed(Subject<T> s, CopierRegistry copiers) throws Exception {
        Class<T> type = s.type();
        T value = s.value();
        switch (this) {
            case XML: {
                byte[] xml = require(s.envelope(), s);
                Subject.Parser parser = s.parser();
                return () -> parser.parse(Payloads.reader(xml));
            }
            case XML_AXIOM: {
                byte[] xml = require(s.envelope(), s);
                Subject.Parser parser = s.parser();
                return () -> parser.parse(Payloads.axiomPayloadReader(xml));
            }
            case EVENTS: {
                XmlRecording recording = XmlRecording.parse(require(s.envelope(), s));
                Subject.Parser parser = s.parser();
                return () -> parser.parse(recording.newReader());
            }
            case EVENTS_AS_STORED: {
                XmlRecording recording = XmlRecording.record(
                        Payloads.reader(require(s.envelope(), s)));
                Subject.Parser parser = s.parser();
                return () -> parser.parse(recording.newReader());
            }
            case JAVA_SERIALIZATION:
                if (!Serializable.class.isAssignableFrom(type)) {
                    throw notApplicable(s);
                }
                return cached(copiers.of(CopyStrategy.SERIALIZATION, type), value);
            case KRYO_BYTES:
                return cached(Registrations.kryo(type), value);
            case REFLECTION:
                return cached(copiers.of(CopyStrategy.REFLECTION, type), value);
            case CLONE:
                return cached(copiers.of(CopyStrategy.CLONE, type), value);
            case AUTO:
                return cached(copiers.forType(type), value);
            case REFERENCE:
                return cached(copiers.readOnly(type), value);
            case HAND_COPY: {
                UnaryOperator<T> copy = require(s.handCopy(), s);
                return () -> copy.apply(value);
            }
            case KRYO_COPY: {
                Kryo kryo = new Kryo();
                kryo.setRegistrationRequired(false);
                kryo.setReferences(true);
                kryo.setInstantiatorStrategy(
                        new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
                return () -> kryo.copy(value);
            }
            case CLONING: {
                Cloner cloner = new Cloner();
                return () -> cloner.deepClone(value);
            }
            case JACKSON: {
                ObjectMapper mapper = new ObjectMapper();
                byte[] json = mapper.writeValueAsBytes(value);
                return () -> mapper.readValue(json, type);
            }
            case XML_TOKENS_ONLY: {
                byte[] xml = require(s.envelope(), s);
                return () -> drain(Payloads.reader(xml));
            }
            case EVENTS_ONLY: {
                XmlRecording recording = XmlRecording.parse(require(s.envelope(), s));
                return () -> drain(recording.newReader());
            }
            default:
                throw notApplicable(s);
        }
    }

    /** Reads every event and the length of every text, so that nothing is skipped lazily. */
    private static Object drain(XMLStreamReader reader) throws XMLStreamException {
        long sum = 0;
        while (reader.hasNext()) {
            int event = reader.next();
            sum += event;
            if (event == XMLStreamConstants.CHARACTERS) {
                sum += reader.getTextLength();
            } else if (event == XMLStreamConstants.START_ELEMENT) {
                sum += reader.getLocalName().length() + reader.getAttributeCount();
            }
        }
        return sum;
    }

    private static <T> Hit cached(Copier<T> copier, T value) {
        Object captured = copier.capture(value);
        return () -> copier.restore(captured);
    }

    private <V> V require(V v, Subject<?> s) {
        if (v == null) {
            throw notApplicable(s);
        }
        return v;
    }

    private IllegalArgumentException notApplicable(Subject<?> s) {
        return new IllegalArgumentException(name() + " does not apply to " + s.name());
    }
}
