package io.github.wscache.axis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.xml.XmlRecording;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Capturing responses: what is kept, and what is refused. */
class ResponsesTest {
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";

    private static byte[] envelope(String ns, String header, String body) {
        return ("<?xml version='1.0' encoding='UTF-8'?><s:Envelope xmlns:s='" + ns + "'>"
                + header + "<s:Body>" + body + "</s:Body></s:Envelope>")
                .getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void payload_isRecordedForEvents() {
        CachedResponse r = Responses.capture(envelope(SOAP11, "<s:Header/>",
                "<g:r xmlns:g='urn:g'><g:v>1</g:v></g:r>"), 200, "text/xml; charset=UTF-8",
                Map.of("ETag", "\"1\"", "Content-Length", "99"), true);

        assertThat(r.body()).isInstanceOf(XmlRecording.class);
        assertThat(r.notCacheableReason()).isEmpty();
        assertThat(r.header("ETag")).hasValue("\"1\"");
        assertThat(r.header("Content-Length")).isEmpty();
    }

    @Test
    void aBodyWithTwoChildren_keepsItsBytes_becauseAReplayOfTheFirstWouldLoseTheSecond() {
        byte[] bytes = envelope(SOAP11, "", "<a/> <!-- c --> <b>2</b>");
        CachedResponse r = Responses.capture(bytes, 200, "text/xml", null, true);
        assertThat(r.body()).isEqualTo(bytes);
        assertThat(r.notCacheableReason()).isEmpty();
    }

    @Test
    void aPayloadFollowedByWhitespaceAndComments_isStillRecorded() {
        CachedResponse r = Responses.capture(envelope(SOAP11, "", "<a>1</a> <!-- c -->\n"), 200,
                "text/xml", null, true);
        assertThat(r.body()).isInstanceOf(XmlRecording.class);
    }

    @Test
    void xmlRepresentation_keepsTheBytes() {
        byte[] bytes = envelope(SOAP12, "", "<r/>");
        CachedResponse r = Responses.capture(bytes, 200, "application/soap+xml", null, false);
        assertThat(r.body()).isEqualTo(bytes);
        assertThat(r.notCacheableReason()).isEmpty();
    }

    @Test
    void soapFaults_areNotCacheable() {
        CachedResponse r = Responses.capture(envelope(SOAP12, "",
                "<s:Fault><s:Code><s:Value>s:Receiver</s:Value></s:Code></s:Fault>"), 500,
                "application/soap+xml", null, true);
        assertThat(r.notCacheableReason()).hasValue("SOAP fault");
        assertThat(r.status()).isEqualTo(500);
    }

    @Test
    void multipartMtomResponses_areNotCacheable() {
        CachedResponse r = Responses.capture("--MIMEBoundary\r\n".getBytes(StandardCharsets.UTF_8),
                200, "multipart/related; boundary=MIMEBoundary; type=\"application/xop+xml\"",
                null, true);
        assertThat(r.notCacheableReason()).get().asString().contains("MTOM/SwA");
    }

    @Test
    void responsesWithSoapHeaders_keepTheirBytes() {
        CachedResponse r = Responses.capture(envelope(SOAP11,
                "<s:Header><a:To xmlns:a='urn:a'>x</a:To></s:Header>", "<r/>"), 200, "text/xml",
                null, true);
        assertThat(r.body()).isInstanceOf(byte[].class);
        assertThat(r.notCacheableReason()).isEmpty();
    }

    @Test
    void emptyOrBrokenBodies_areNotCacheable() {
        assertThat(Responses.capture(new byte[0], 200, "text/xml", null, true)
                .notCacheableReason()).hasValue("the response has no body");
        assertThat(Responses.capture(envelope(SOAP11, "", ""), 200, "text/xml", null, true)
                .notCacheableReason()).hasValue("the SOAP body is empty");
        assertThat(Responses.capture("<a><b></a>".getBytes(StandardCharsets.UTF_8), 200,
                "text/xml", null, true).notCacheableReason()).get().asString()
                .startsWith("the response is not well-formed XML");
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void bodyCutAndFollowedByGarbage_isNotCacheableInEitherRepresentation(boolean events) {
        byte[] broken = ("<?xml version='1.0' encoding='UTF-8'?><s:Envelope xmlns:s='" + SOAP11
                + "'><s:Body><g:r xmlns:g='urn:g'><g:v>1</g:v></g:r>"
                + "<oops a=\"1\" <<</mismatch>&undefined;").getBytes(StandardCharsets.UTF_8);

        CachedResponse r = Responses.capture(broken, 200, "text/xml", null, events);

        assertThat(r.notCacheableReason()).get().asString()
                .startsWith("the response is not well-formed XML");
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void garbageAfterTheEnvelopeOrPoxDocument_isNotCacheable(boolean events) {
        byte[] soap = (new String(envelope(SOAP11, "", "<r/>"), StandardCharsets.UTF_8)
                + "<oops>").getBytes(StandardCharsets.UTF_8);
        byte[] pox = "<r xmlns='urn:x'><v>1</v></r><r>".getBytes(StandardCharsets.UTF_8);

        assertThat(Responses.capture(soap, 200, "text/xml", null, events).notCacheableReason())
                .get().asString().startsWith("the response is not well-formed XML");
        assertThat(Responses.capture(pox, 200, "application/xml", null, events)
                .notCacheableReason()).get().asString()
                .startsWith("the response is not well-formed XML");
    }

    @Test
    void poxDocuments_areRecordedWhole() {
        CachedResponse r = Responses.capture("<r xmlns='urn:x'><v>1</v></r>".getBytes(
                StandardCharsets.UTF_8), 200, "application/xml", null, true);
        assertThat(r.body()).isInstanceOf(XmlRecording.class);
    }

    @Test
    void charset_isReadFromTheContentType() {
        assertThat(Responses.charset("text/xml; charset=\"ISO-8859-1\"")).isEqualTo("ISO-8859-1");
        assertThat(Responses.charset("text/xml")).isNull();
        assertThat(Responses.charset(null)).isNull();
    }

    @Test
    void stubServiceNames_loseTheirUniqueSuffix() {
        assertThat(Names.service("GoogleSearchService1763758800000_12"))
                .isEqualTo("GoogleSearchService");
        assertThat(Names.service("anonService1")).isNull();
        assertThat(Names.service("Plain")).isEqualTo("Plain");
    }
}
