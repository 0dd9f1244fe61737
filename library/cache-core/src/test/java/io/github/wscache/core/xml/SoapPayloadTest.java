package io.github.wscache.core.xml;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SoapPayloadTest {
    private static final String S11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String S12 = "http://www.w3.org/2003/05/soap-envelope";

    private static byte[] bytes(String xml) {
        return xml.getBytes(StandardCharsets.UTF_8);
    }

    private static String xml(XmlRecording r) throws Exception {
        StringWriter out = new StringWriter();
        XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
        r.writeTo(w);
        w.close();
        return out.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {S11, S12})
    void thePayloadOfAnEnvelope_replaysWithTheBindingsItTakesFromItsAncestors(String ns)
            throws Exception {
        XmlRecording r = SoapPayload.record(bytes("<?xml version='1.0'?>\n<e:Envelope xmlns:e='"
                + ns + "' xmlns:t='urn:t' xmlns:xsd='http://www.w3.org/2001/XMLSchema'>"
                + "<e:Header/><e:Body><t:r><t:v xmlns:xsi='http://www.w3.org/2001/"
                + "XMLSchema-instance' xsi:type='xsd:string'>x</t:v></t:r></e:Body>"
                + "</e:Envelope>\n"));

        assertThat(r).isNotNull();
        assertThat(r.rootName().getLocalPart()).isEqualTo("r");
        // xsd: is used only inside an attribute value, so it is not re-declared; t: is
        assertThat(xml(r)).contains("<t:r xmlns:t=\"urn:t\"").contains(">x</t:v></t:r>");
    }

    @Test
    void whatAReplayOfThePayloadWouldLose_isNoPayload() {
        String head = "<e:Envelope xmlns:e='" + S11 + "'>";
        assertThat(SoapPayload.record(bytes(head + "<e:Header><h/></e:Header><e:Body><a/>"
                + "</e:Body></e:Envelope>"))).as("a header with children").isNull();
        assertThat(SoapPayload.record(bytes(head + "<e:Body><a/><b/></e:Body></e:Envelope>")))
                .as("two body children").isNull();
        assertThat(SoapPayload.record(bytes(head + "<e:Body/></e:Envelope>")))
                .as("an empty body").isNull();
        assertThat(SoapPayload.record(bytes("<Envelope><Body><a/></Body></Envelope>")))
                .as("not SOAP").isNull();
        assertThat(SoapPayload.record(bytes(head + "<e:Body><a/></e:Body>")))
                .as("cut").isNull();
        assertThat(SoapPayload.record(bytes(head + "<e:Body><a/></e:Body></e:Envelope><x/>")))
                .as("garbage after the envelope").isNull();
        assertThat(SoapPayload.record(bytes("<!DOCTYPE e [<!ENTITY x 'y'>]>" + head
                + "<e:Body><a>&x;</a></e:Body></e:Envelope>"))).as("a DTD").isNull();
    }
}
