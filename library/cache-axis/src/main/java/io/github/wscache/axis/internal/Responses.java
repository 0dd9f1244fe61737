package io.github.wscache.axis.internal;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.internal.http.Headers;
import io.github.wscache.core.xml.XmlRecording;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMNamespace;
import org.apache.axiom.soap.SOAP11Constants;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axis2.Constants;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.OperationContext;
import org.apache.axis2.kernel.http.HTTPConstants;

/**
 * Converts between what the HTTP transport leaves on the message contexts and a
 * {@link CachedResponse}, in both directions.
 *
 * <p><b>Capture</b> (a miss): the response bytes are scanned once with StAX. A SOAP fault, a
 * MTOM/SwA multipart message, a body that is not well-formed XML (read to its end, also when only
 * the payload is recorded) or an empty body is marked not cacheable. With {@code events} the
 * body's first child (or, for REST/POX, the document element) is recorded with
 * {@link XmlRecording#record(XMLStreamReader)}; a response whose SOAP header has children keeps
 * its bytes instead, because the replayed envelope has an empty header.
 *
 * <p><b>Apply</b> (a hit, or a waiter of a single flight): status, content type and transport
 * headers are set as the HTTP sender sets them; a recording becomes a ready envelope whose body
 * holds an {@code OMSourcedElement} backed by {@link ReplayDataSource}, so nothing is parsed;
 * bytes are put on {@code TRANSPORT_IN} for Axis2 to parse as usual, and a {@link BrokenBody}
 * (a waiter of a flight whose response stream failed) puts a stream there that fails the same
 * way.
 */
final class Responses {
    private static final XMLInputFactory INPUT = inputFactory();
    /**
     * Never stored: framing and hop-by-hop headers (RFC 9110 §7.6.1), and what belongs to one
     * caller only: cookies and authentication challenges or results (RFC 9111 §3.1, §7.3).
     */
    /**
     * Fields this integration never replays: the body is handed to Axis2 decoded and of its own
     * length, and nothing that belongs to one user or one authentication goes to another call.
     */
    private static final Set<String> NOT_REPLAYED = Set.of("content-length", "content-encoding",
            "set-cookie", "set-cookie2", "www-authenticate", "authentication-info");

    private Responses() {
    }

    private static XMLInputFactory inputFactory() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        return f;
    }

    /** Builds the cached form of a response the transport received. */
    static CachedResponse capture(byte[] bytes, int status, String contentType,
            Map<?, ?> transportHeaders, boolean events) {
        String notCacheable = null;
        Object body = bytes;
        if (bytes == null || bytes.length == 0) {
            notCacheable = "the response has no body";
        } else if (contentType != null
                && contentType.toLowerCase(Locale.ROOT).startsWith("multipart/")) {
            notCacheable = "MTOM/SwA multipart response (attachments are not cached)";
        } else {
            try {
                Scan scan = scan(bytes, charset(contentType), events && status == 200);
                notCacheable = scan.notCacheable;
                if (scan.recording != null) {
                    body = scan.recording;
                }
            } catch (XMLStreamException | RuntimeException e) {
                notCacheable = "the response is not well-formed XML: " + e.getMessage();
            }
        }
        boolean validStatus = status >= 100 && status <= 999;
        if (!validStatus) {
            // not an HTTP status: passed on as Axis2 read it, never stored as something else
            notCacheable = "no valid HTTP status (" + status + ")";
        }
        CachedResponse.Builder b = CachedResponse.builder(body)
                .status(validStatus ? status : 200)
                .contentType(contentType);
        if (transportHeaders != null) {
            Set<String> dropped = droppedHeaders(transportHeaders);
            for (Map.Entry<?, ?> h : transportHeaders.entrySet()) {
                if (h.getKey() == null || h.getValue() == null) {
                    continue;
                }
                String name = h.getKey().toString();
                String lower = name.toLowerCase(Locale.ROOT);
                if (lower.equals("set-cookie") || lower.equals("set-cookie2")) {
                    b.perUserOnly("the response sets a cookie");
                }
                if (!dropped.contains(lower)) {
                    b.header(name, h.getValue().toString());
                }
            }
        }
        if (notCacheable != null) {
            b.notCacheable(notCacheable);
        }
        return b.build();
    }

    /**
     * Returns the headers not to store: what cache-core never stores in an entry other users may
     * get ({@link Headers#notStored(Map, boolean)}: hop-by-hop and {@code Connection}-named
     * fields, proxy authentication, qualified {@code no-cache="..."} and {@code private="..."}
     * fields), and what this integration does not replay ({@link #NOT_REPLAYED}).
     */
    static Set<String> droppedHeaders(Map<?, ?> headers) {
        Map<String, List<String>> fields = new HashMap<>();
        for (Map.Entry<?, ?> h : headers.entrySet()) {
            if (h.getKey() != null && h.getValue() != null) {
                fields.computeIfAbsent(h.getKey().toString(), k -> new ArrayList<>())
                        .add(h.getValue().toString());
            }
        }
        Set<String> dropped = new HashSet<>(NOT_REPLAYED);
        dropped.addAll(Headers.notStored(fields, true));
        return dropped;
    }

    private static final class Scan {
        String notCacheable;
        XmlRecording recording;
    }

    private static Scan scan(byte[] bytes, String charset, boolean record)
            throws XMLStreamException {
        Scan scan = new Scan();
        XMLStreamReader r = charset == null
                ? INPUT.createXMLStreamReader(new ByteArrayInputStream(bytes))
                : INPUT.createXMLStreamReader(new ByteArrayInputStream(bytes), charset);
        try {
            r.nextTag();
            String ns = r.getNamespaceURI();
            boolean soap = "Envelope".equals(r.getLocalName())
                    && (SOAP11Constants.SOAP_ENVELOPE_NAMESPACE_URI.equals(ns)
                    || SOAP12Constants.SOAP_ENVELOPE_NAMESPACE_URI.equals(ns));
            if (!soap) {
                if (record) {
                    scan.recording = XmlRecording.record(r);
                }
                toEndOfDocument(r);
                return scan;
            }
            boolean headerChildren = false;
            while (true) {
                int e = r.nextTag();
                if (e == XMLStreamConstants.END_ELEMENT) {
                    scan.notCacheable = "the SOAP envelope has no body";
                    return scan;
                }
                if ("Header".equals(r.getLocalName()) && ns.equals(r.getNamespaceURI())) {
                    if (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
                        headerChildren = true;
                        skipToEndOf(r, 2);
                    }
                    continue;
                }
                if ("Body".equals(r.getLocalName()) && ns.equals(r.getNamespaceURI())) {
                    break;
                }
                skipToEndOf(r, 1);
            }
            if (r.nextTag() != XMLStreamConstants.START_ELEMENT) {
                scan.notCacheable = "the SOAP body is empty";
                return scan;
            }
            if ("Fault".equals(r.getLocalName()) && ns.equals(r.getNamespaceURI())) {
                scan.notCacheable = "SOAP fault";
                return scan;
            }
            if (record && !headerChildren) {
                XmlRecording payload = XmlRecording.record(r);
                if (nextElementEvent(r) == XMLStreamConstants.END_ELEMENT) {
                    scan.recording = payload;
                }
                // else a second body child: a replay of the first alone would lose it, so the
                // response is kept as bytes
            }
            toEndOfDocument(r);
            return scan;
        } finally {
            r.close();
        }
    }

    /**
     * Reads the rest of the document, so that a body which is cut or followed by garbage after
     * the payload fails here (not well-formed) instead of being kept.
     */
    private static void toEndOfDocument(XMLStreamReader r) throws XMLStreamException {
        while (r.hasNext()) {
            r.next();
        }
    }

    /** Skips to the next start or end tag (whitespace, comments, text) and returns its type. */
    private static int nextElementEvent(XMLStreamReader r) throws XMLStreamException {
        int e = r.next();
        while (e != XMLStreamConstants.START_ELEMENT && e != XMLStreamConstants.END_ELEMENT) {
            e = r.next();
        }
        return e;
    }

    /** Skips until {@code depth} open elements (counting the current one) are closed. */
    private static void skipToEndOf(XMLStreamReader r, int depth) throws XMLStreamException {
        int d = depth;
        while (d > 0) {
            int e = r.next();
            if (e == XMLStreamConstants.START_ELEMENT) {
                d++;
            } else if (e == XMLStreamConstants.END_ELEMENT) {
                d--;
            }
        }
    }

    /**
     * What a hit needs from a response's content type, worked out once per distinct type (a
     * client sees a handful) instead of on every hit.
     */
    private static final class MediaType {
        private static final int KNOWN_MAX = 256;
        private static final Map<String, MediaType> KNOWN = new ConcurrentHashMap<>();
        private static final MediaType NONE = new MediaType(null, false);

        final String charset;
        final boolean soap12;

        private MediaType(String charset, boolean soap12) {
            this.charset = charset;
            this.soap12 = soap12;
        }

        static MediaType of(String contentType) {
            if (contentType == null) {
                return NONE;
            }
            MediaType m = KNOWN.get(contentType);
            if (m == null) {
                m = new MediaType(charset(contentType), contentType.toLowerCase(Locale.ROOT)
                        .contains("application/soap+xml"));
                if (KNOWN.size() < KNOWN_MAX) {
                    KNOWN.put(contentType, m);
                }
            }
            return m;
        }
    }

    static String charset(String contentType) {
        if (contentType == null) {
            return null;
        }
        for (String part : contentType.split(";")) {
            String p = part.trim();
            if (p.regionMatches(true, 0, "charset=", 0, 8)) {
                return p.substring(8).replace("\"", "").trim();
            }
        }
        return null;
    }

    /**
     * Sets up the In message context from a cached response, without network I/O: what
     * {@code HTTPSender} sets after receiving it.
     */
    static void apply(CachedResponse r, MessageContext out, MessageContext in)
            throws org.apache.axis2.AxisFault {
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (Map.Entry<String, List<String>> h : r.headers().entrySet()) {
            if (!h.getValue().isEmpty()) {
                headers.put(h.getKey(), h.getValue().get(0));
            }
        }
        out.setProperty(MessageContext.TRANSPORT_HEADERS, headers);
        out.setProperty(HTTPConstants.MC_HTTP_STATUS_CODE, r.status());
        MediaType media = MediaType.of(r.contentType());
        String charset = media.charset;
        in.setProperty(Constants.Configuration.CONTENT_TYPE, r.contentType());
        in.setProperty(Constants.Configuration.CHARACTER_SET_ENCODING,
                charset == null ? MessageContext.DEFAULT_CHAR_SET_ENCODING : charset);
        Object body = r.body();
        OperationContext oc = out.getOperationContext();
        if (body instanceof XmlRecording) {
            in.setEnvelope(envelope((XmlRecording) body, media.soap12));
        } else if (body instanceof byte[] || body instanceof BrokenBody) {
            if (r.status() >= 400) {
                in.setProcessingFault(true);
            }
            oc.setProperty(MessageContext.TRANSPORT_IN, body instanceof BrokenBody
                    ? ((BrokenBody) body).open() : new ByteArrayInputStream((byte[]) body));
        } else {
            throw new IllegalStateException("unexpected cached body: " + r);
        }
    }

    /**
     * Hands a caller whose own exchange was just recorded the recording instead of its bytes, so
     * that a miss parses the payload once (while recording), not twice; as on a hit, Axis2 then
     * skips the In flow. The transport's own headers and status stay as they are (they may hold
     * this caller's cookies). Does nothing for a response kept as bytes.
     */
    static void replayOwn(CachedResponse r, MessageContext in)
            throws org.apache.axis2.AxisFault {
        if (r.body() instanceof XmlRecording) {
            in.setEnvelope(envelope((XmlRecording) r.body(),
                    MediaType.of(r.contentType()).soap12));
        }
    }

    private static SOAPEnvelope envelope(XmlRecording payload, boolean soap12) {
        SOAPFactory factory = soap12 ? OMAbstractFactory.getSOAP12Factory()
                : OMAbstractFactory.getSOAP11Factory();
        SOAPEnvelope env = factory.getDefaultEnvelope();
        QName name = rootName(payload);
        OMNamespace ns = name.getNamespaceURI().isEmpty() ? null
                : factory.createOMNamespace(name.getNamespaceURI(), name.getPrefix());
        env.getBody().addChild(factory.createOMElement(new ReplayDataSource(payload),
                name.getLocalPart(), ns));
        return env;
    }

    private static QName rootName(XmlRecording recording) {
        QName name = recording.rootName();
        if (name == null) {
            throw new IllegalStateException("the cached payload has no element");
        }
        return name;
    }
}
