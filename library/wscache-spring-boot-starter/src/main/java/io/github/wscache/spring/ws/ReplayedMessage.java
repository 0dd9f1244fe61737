package io.github.wscache.spring.ws;

import io.github.wscache.core.xml.SoapPayload;
import io.github.wscache.core.xml.XmlRecording;
import jakarta.activation.DataHandler;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;
import javax.xml.namespace.QName;
import javax.xml.transform.Result;
import javax.xml.transform.Source;
import javax.xml.transform.stax.StAXSource;
import org.springframework.core.io.InputStreamSource;
import org.springframework.ws.WebServiceMessageFactory;
import org.springframework.ws.mime.Attachment;
import org.springframework.ws.soap.SoapBody;
import org.springframework.ws.soap.SoapEnvelope;
import org.springframework.ws.soap.SoapHeader;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.SoapVersion;
import org.w3c.dom.Document;

/**
 * A cached response kept as {@code events}: its payload's recorded parse events, replayed into
 * whatever reads {@link #getPayloadSource()} (the template's unmarshaller, a transformer) as a
 * {@link StAXSource}, without parsing XML. Everything else a {@link SoapMessage} offers is
 * answered by the message the template's factory makes from the recording's XML, made the first
 * time something asks (an interceptor that reads the envelope, an extractor that wants the
 * header); from then on the payload comes from that message too, so a change made through it is
 * seen.
 *
 * <p>Not thread-safe: one call's response, as any {@code WebServiceMessage}.
 */
final class ReplayedMessage implements SoapMessage {
    private final XmlRecording payload;
    private final SoapVersion version;
    private final WebServiceMessageFactory factory;
    private SoapMessage full;

    ReplayedMessage(XmlRecording payload, SoapVersion version, WebServiceMessageFactory factory) {
        this.payload = payload;
        this.version = version;
        this.factory = factory;
    }

    /** The message the template's factory makes of the recording's XML. */
    SoapMessage full() {
        if (full == null) {
            try {
                full = (SoapMessage) factory.createWebServiceMessage(new ByteArrayInputStream(
                        SoapPayload.envelope(payload, version == SoapVersion.SOAP_12)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return full;
    }

    @Override
    public Source getPayloadSource() {
        return full != null ? full.getPayloadSource() : new StAXSource(payload.newReader());
    }

    @Override
    public Result getPayloadResult() {
        return full().getPayloadResult();
    }

    @Override
    public void writeTo(OutputStream outputStream) throws IOException {
        full().writeTo(outputStream);
    }

    @Override
    public boolean hasFault() {
        // a fault is never stored
        return full != null && full.hasFault();
    }

    @Override
    public QName getFaultCode() {
        return full != null ? full.getFaultCode() : null;
    }

    @Override
    public String getFaultReason() {
        return full != null ? full.getFaultReason() : null;
    }

    @Override
    public SoapVersion getVersion() {
        return version;
    }

    @Override
    public SoapEnvelope getEnvelope() {
        return full().getEnvelope();
    }

    @Override
    public String getSoapAction() {
        return full().getSoapAction();
    }

    @Override
    public void setSoapAction(String soapAction) {
        full().setSoapAction(soapAction);
    }

    @Override
    public SoapBody getSoapBody() {
        return full().getSoapBody();
    }

    @Override
    public SoapHeader getSoapHeader() {
        return full().getSoapHeader();
    }

    @Override
    public Document getDocument() {
        return full().getDocument();
    }

    @Override
    public void setDocument(Document document) {
        full().setDocument(document);
    }

    @Override
    public boolean isXopPackage() {
        return full != null && full.isXopPackage();
    }

    @Override
    public boolean convertToXopPackage() {
        return full().convertToXopPackage();
    }

    @Override
    public Attachment getAttachment(String contentId) {
        return full().getAttachment(contentId);
    }

    @Override
    public Iterator<Attachment> getAttachments() {
        return full().getAttachments();
    }

    @Override
    public Attachment addAttachment(String contentId, File file) {
        return full().addAttachment(contentId, file);
    }

    @Override
    public Attachment addAttachment(String contentId, InputStreamSource inputStreamSource,
            String contentType) {
        return full().addAttachment(contentId, inputStreamSource, contentType);
    }

    @Override
    public Attachment addAttachment(String contentId, DataHandler dataHandler) {
        return full().addAttachment(contentId, dataHandler);
    }

    @Override
    public String toString() {
        return "wscache replay of " + payload.rootName();
    }
}
