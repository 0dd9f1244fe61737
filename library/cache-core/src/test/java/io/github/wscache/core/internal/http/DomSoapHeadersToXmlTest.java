package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * {@link DomSoapHeaders#toXml}: a payload taken out of its envelope reads back as the same
 * element tree (names with their namespaces, attributes, text), whatever its ancestors declared.
 */
class DomSoapHeadersToXmlTest {
    private static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(
                xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** The payload: the first element child of the first element named "Body". */
    private static Element payload(Document d) {
        Node body = d.getElementsByTagNameNS("*", "Body").item(0);
        for (Node n = body.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element) {
                return (Element) n;
            }
        }
        throw new AssertionError("no payload");
    }

    /** The tree as lines: expanded names, attributes but namespace declarations, text. */
    private static List<String> shape(Node n, List<String> out) {
        if (n instanceof Element e) {
            StringBuilder b = new StringBuilder("<{" + e.getNamespaceURI() + "}"
                    + e.getLocalName());
            NamedNodeMap a = e.getAttributes();
            List<String> attrs = new ArrayList<>();
            for (int i = 0; i < a.getLength(); i++) {
                Node x = a.item(i);
                if (!"http://www.w3.org/2000/xmlns/".equals(x.getNamespaceURI())) {
                    attrs.add("{" + x.getNamespaceURI() + "}" + x.getLocalName() + "="
                            + x.getNodeValue());
                }
            }
            attrs.sort(null);
            out.add(b.append(' ').append(attrs).toString());
            for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
                shape(c, out);
            }
            out.add("</>");
        } else if (n.getNodeType() == Node.TEXT_NODE
                || n.getNodeType() == Node.CDATA_SECTION_NODE) {
            out.add("text:" + n.getNodeValue());
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // prefixes the payload takes from the envelope
        "<e:Envelope xmlns:e='urn:env' xmlns:g='urn:g' xmlns:x='urn:x'><e:Body>"
                + "<g:search x:mode='a&amp;b' plain='1 &lt; 2'><g:q>web &amp; &lt;caching&gt;"
                + "</g:q><g:n>10</g:n></g:search></e:Body></e:Envelope>",
        // a default namespace on the envelope, undeclared inside
        "<Envelope xmlns='urn:env'><Body><search xmlns='urn:g'><q/><r xmlns=''>x</r></search>"
                + "</Body></Envelope>",
        // a payload in no namespace under a defaulted envelope
        "<Envelope xmlns='urn:env'><Body><search><q>\"quoted\"\ttab</q></search></Body>"
                + "</Envelope>",
        // a prefix rebound inside the payload, CDATA and a comment
        "<e:Envelope xmlns:e='urn:env' xmlns:p='urn:one'><e:Body><p:a><p:b xmlns:p='urn:two'>"
                + "<![CDATA[<raw>]]></p:b><!-- note --><p:c/></p:a></e:Body></e:Envelope>"
    })
    void aPayloadReadsBackAsTheSameTree(String envelope) throws Exception {
        Element original = payload(parse(envelope));

        String xml = DomSoapHeaders.toXml(original);
        Element read = parse(xml).getDocumentElement();

        assertThat(shape(read, new ArrayList<>())).as(xml)
                .isEqualTo(shape(original, new ArrayList<>()));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<e:Envelope xmlns:e='urn:env' xmlns:g='urn:g'><e:Body><g:a><g:b>1</g:b></g:a></e:Body>"
                + "</e:Envelope>"
    })
    void equalPayloads_makeEqualText_andDifferentOnesDifferent(String envelope) throws Exception {
        String a = DomSoapHeaders.toXml(payload(parse(envelope)));
        String same = DomSoapHeaders.toXml(payload(parse(envelope)));
        String other = DomSoapHeaders.toXml(payload(parse(envelope.replace(">1<", ">2<"))));

        assertThat(same).isEqualTo(a);
        assertThat(other).isNotEqualTo(a);
    }
}
