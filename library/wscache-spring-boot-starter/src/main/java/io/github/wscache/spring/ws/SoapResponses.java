package io.github.wscache.spring.ws;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.internal.http.Headers;
import io.github.wscache.core.xml.SoapPayload;
import io.github.wscache.core.xml.XmlRecording;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.ws.FaultAwareWebServiceMessage;
import org.springframework.ws.WebServiceMessage;
import org.springframework.ws.WebServiceMessageFactory;
import org.springframework.ws.mime.MimeMessage;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.SoapVersion;
import org.springframework.ws.transport.HeadersAwareSenderWebServiceConnection;
import org.springframework.ws.transport.WebServiceConnection;

/**
 * Captures a response the template received as a {@link CachedResponse} and turns a cached one
 * back into the message the template hands to its interceptors and extractor.
 *
 * <p>Kept as {@code bytes}: the envelope as the service sent it, made into a message again by the
 * template's own factory per hit. As {@code events}: the payload's recording ({@link
 * ReplayedMessage}); a response whose SOAP header has children, or whose body has more than one,
 * is kept as bytes (a replay of the payload alone would lose them). Never stored: SOAP faults
 * (handed as they are to the concurrent callers that waited), responses with attachments
 * (MTOM/SwA: passed through to their caller only), an empty body. A {@code Set-Cookie} makes the
 * response its caller's own.
 */
final class SoapResponses {
    private static final Set<String> PERSONAL = Set.of("set-cookie", "set-cookie2",
            "www-authenticate", "authentication-info", "content-length", "transfer-encoding");

    private SoapResponses() {
    }

    /**
     * The cached form of a response the template received.
     *
     * @param record whether the operation keeps {@code events}
     */
    static CachedResponse capture(WebServiceMessage m, WebServiceConnection connection,
            boolean record) throws IOException {
        Map<String, List<String>> headers = headers(connection);
        String notCacheable = null;
        boolean fault = m instanceof FaultAwareWebServiceMessage f && f.hasFault();
        boolean attachments = m instanceof MimeMessage mime && mime.getAttachments().hasNext();
        if (fault) {
            notCacheable = "SOAP fault";
        } else if (attachments) {
            notCacheable = "MTOM/SwA response (attachments are not cached)";
        } else if (m instanceof SoapMessage s && s.getSoapBody().getPayloadSource() == null) {
            notCacheable = "the SOAP body is empty";
        }
        Object body;
        if (attachments) {
            // a MIME package: no waiter could be answered with it
            body = new byte[0];
        } else {
            ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
            m.writeTo(out);
            body = out.toByteArray();
            if (record && notCacheable == null) {
                XmlRecording payload = SoapPayload.record((byte[]) body);
                if (payload != null) {
                    body = payload;
                }
            }
        }
        CachedResponse.Builder b = CachedResponse.builder(body).status(fault ? 500 : 200);
        Set<String> dropped = Headers.notStored(headers);
        for (Map.Entry<String, List<String>> h : headers.entrySet()) {
            String lower = h.getKey().toLowerCase(Locale.ROOT);
            if (lower.equals("set-cookie") || lower.equals("set-cookie2")) {
                b.perUserOnly("the response sets a cookie");
            }
            if (lower.equals("content-type") && !h.getValue().isEmpty()) {
                b.contentType(h.getValue().get(0));
            }
            if (PERSONAL.contains(lower) || dropped.contains(lower)) {
                continue;
            }
            for (String v : h.getValue()) {
                b.header(h.getKey(), v);
            }
        }
        if (notCacheable != null) {
            b.notCacheable(notCacheable);
        }
        return b.build();
    }

    /** Whether a response can answer a call: a recording or non-empty XML bytes. */
    static boolean replayable(CachedResponse r) {
        return r.body() instanceof XmlRecording
                || r.body() instanceof byte[] bytes && bytes.length > 0;
    }

    /**
     * The message of a cached response.
     *
     * @param replay whether a recording may answer as a {@link ReplayedMessage} (else it is made
     *     into the factory's own message)
     * @throws IOException or a runtime exception when the entry cannot be made a message (the
     *     call is then sent as without the cache)
     */
    static WebServiceMessage message(CachedResponse r, WebServiceMessageFactory factory,
            SoapVersion version, boolean replay) throws IOException {
        if (r.body() instanceof XmlRecording recording) {
            ReplayedMessage m = new ReplayedMessage(recording, version, factory);
            return replay ? m : m.full();
        }
        if (!(r.body() instanceof byte[] bytes) || bytes.length == 0) {
            throw new IllegalArgumentException("no XML to answer with");
        }
        WebServiceMessage m = factory.createWebServiceMessage(new ByteArrayInputStream(bytes));
        if (m instanceof SoapMessage s) {
            // parsed now, so that a broken entry fails here (a miss) and not in the template
            s.getEnvelope();
        }
        return m;
    }

    private static Map<String, List<String>> headers(WebServiceConnection connection)
            throws IOException {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        if (connection instanceof HeadersAwareSenderWebServiceConnection c) {
            for (Iterator<String> names = c.getResponseHeaderNames(); names.hasNext();) {
                String name = names.next();
                List<String> values = new ArrayList<>();
                c.getResponseHeaders(name).forEachRemaining(values::add);
                headers.put(name, values);
            }
        }
        return headers;
    }
}
