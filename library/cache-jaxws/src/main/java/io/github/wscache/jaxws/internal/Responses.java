package io.github.wscache.jaxws.internal;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.xml.SoapPayload;
import io.github.wscache.core.xml.XmlRecording;
import jakarta.xml.soap.MessageFactory;
import jakarta.xml.soap.MimeHeaders;
import jakarta.xml.soap.SOAPConstants;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPMessage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * Captures a response the runtime received as a {@link CachedResponse} (the envelope's XML
 * bytes; for {@code value: events} the payload's recording, {@link SoapPayload}, unless the
 * header has children or the body more than one) and turns a cached one back into the
 * {@link SOAPMessage} a handler answers with (on CXF a recording is replayed into the data
 * binding instead, {@code CxfHooks.replay}).
 *
 * <p>Not kept: SOAP faults and statuses other than 200 (passed to the waiters of the same call,
 * never stored), responses with attachments (MTOM/SwA: the handler sees them as SAAJ
 * attachments, which are not cached). Response headers are kept but for those no other caller
 * may be given (hop-by-hop, cookies, authentication); a {@code Set-Cookie} makes the response
 * the caller's own.
 */
final class Responses {
    private static final Set<String> NOT_KEPT = Set.of("content-length", "content-encoding",
            "transfer-encoding", "connection", "keep-alive", "te", "trailer", "upgrade",
            "proxy-authenticate", "proxy-authorization", "set-cookie", "set-cookie2",
            "www-authenticate", "authentication-info");

    private Responses() {
    }

    /** Builds the cached form of the response in an inbound handler context. */
    static CachedResponse capture(SOAPMessage m, Object status, Object headers, boolean record)
            throws SOAPException, IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        m.writeTo(out);
        String[] types = m.getMimeHeaders().getHeader("Content-Type");
        return of(out.toByteArray(), status, types == null || types.length == 0 ? null
                : types[0], headers, record, m.countAttachments() > 0);
    }

    /**
     * Builds the cached form of a response envelope's bytes, as received (a handler's message
     * written out, or the bytes CXF read from the network).
     *
     * @param status the HTTP status, 200 when not an {@code Integer}
     * @param headers the HTTP response fields, a map of names to values or lists of values
     * @param record whether the payload is kept as a recording ({@code value: events})
     * @param attachments whether the message had MTOM/SwA attachments (never kept)
     */
    static CachedResponse of(byte[] envelope, Object status, String contentType, Object headers,
            boolean record, boolean attachments) {
        QName first = attachments ? null : SoapPayload.bodyChild(envelope);
        return build(envelope, status, contentType, headers, record, attachments, first != null,
                SoapPayload.isFault(first));
    }

    /**
     * Like {@link #of}, for a response the runtime has read already and judged: a SOAP
     * envelope with a body child, a fault or not (CXF's in chain, which a miss runs).
     */
    static CachedResponse read(byte[] envelope, Object status, String contentType,
            Object headers, boolean record, boolean fault) {
        return build(envelope, status, contentType, headers, record, false, true, fault);
    }

    private static CachedResponse build(byte[] envelope, Object status, String contentType,
            Object headers, boolean record, boolean attachments, boolean payload,
            boolean fault) {
        int code = status instanceof Integer ? (Integer) status : 200;
        Object body = envelope;
        if (record && code == 200 && payload && !fault) {
            XmlRecording recording = SoapPayload.record(envelope);
            if (recording != null) {
                body = recording;
            }
        }
        CachedResponse.Builder b = CachedResponse.builder(body).status(code)
                .contentType(contentType);
        if (headers instanceof Map) {
            for (Map.Entry<?, ?> h : ((Map<?, ?>) headers).entrySet()) {
                if (h.getKey() == null || h.getValue() == null) {
                    continue;
                }
                String name = h.getKey().toString();
                String lower = name.toLowerCase(Locale.ROOT);
                if (lower.equals("set-cookie") || lower.equals("set-cookie2")) {
                    b.perUserOnly("the response sets a cookie");
                }
                if (NOT_KEPT.contains(lower)) {
                    continue;
                }
                Object v = h.getValue();
                if (v instanceof List) {
                    for (Object one : (List<?>) v) {
                        b.header(name, String.valueOf(one));
                    }
                } else {
                    b.header(name, v.toString());
                }
            }
        }
        if (attachments) {
            b.notCacheable("MTOM/SwA response (attachments are not cached)");
        } else if (fault) {
            b.notCacheable("SOAP fault");
        } else if (!payload) {
            b.notCacheable("the SOAP body is empty or the envelope cannot be read");
        }
        return b.build();
    }

    /**
     * A response read from the farm's shared tier, if this module can answer with it: XML bytes
     * that are a SOAP envelope with a body child, or a payload's recording ({@link
     * io.github.wscache.core.Exchange#fromShared}). Anything else — another integration's body,
     * bytes that are no envelope — is refused here, so the engine counts a miss, fetches and
     * replaces the entry; entries of this JVM's own store were read by the runtime when stored.
     *
     * @throws IllegalArgumentException when it cannot answer a call, saying why
     */
    static CachedResponse fromShared(CachedResponse shared) {
        Object body = shared.body();
        if (body instanceof XmlRecording) {
            return shared;
        }
        if (!(body instanceof byte[])) {
            throw new IllegalArgumentException("a shared body of another integration ("
                    + (body == null ? "none" : body.getClass().getName()) + ")");
        }
        if (SoapPayload.bodyChild((byte[]) body) == null) {
            throw new IllegalArgumentException("shared bytes that are no SOAP envelope with a "
                    + "body (" + ((byte[]) body).length + " bytes)");
        }
        return shared;
    }

    /** Whether a response can answer a call: non-empty XML bytes or a payload's recording. */
    static boolean replayable(CachedResponse r) {
        return r.body() instanceof XmlRecording
                || r.body() instanceof byte[] && ((byte[]) r.body()).length > 0;
    }

    /** The SOAP message of a cached response, for a caller of the given SOAP version. */
    static SOAPMessage message(CachedResponse r, boolean soap12) throws SOAPException,
            IOException {
        MimeHeaders mime = new MimeHeaders();
        String type = r.contentType();
        mime.addHeader("Content-Type", type != null ? type
                : soap12 ? "application/soap+xml; charset=UTF-8" : "text/xml; charset=UTF-8");
        MessageFactory f = MessageFactory.newInstance(soap12 ? SOAPConstants.SOAP_1_2_PROTOCOL
                : SOAPConstants.SOAP_1_1_PROTOCOL);
        byte[] xml = r.body() instanceof XmlRecording
                ? SoapPayload.envelope((XmlRecording) r.body(), soap12) : (byte[]) r.body();
        SOAPMessage m = f.createMessage(mime, new ByteArrayInputStream(xml));
        // parsed now, so that a broken entry fails here (a miss) and not in the runtime
        m.getSOAPPart().getEnvelope();
        return m;
    }
}
