package io.github.wscache.axis;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import io.github.wscache.google.unpacked.DoGoogleSearch;
import io.github.wscache.google.unpacked.GoogleSearchService;
import io.github.wscache.testkit.ManualClock;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import javax.xml.namespace.QName;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMFactory;
import org.apache.axiom.om.OMNamespace;
import org.apache.axiom.om.OMSourcedElement;
import org.apache.axiom.soap.SOAPHeaderBlock;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.apache.axis2.wsdl.WSDLConstants;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

/** Every kind of Axis2 client through the message-level cache, and identity partitions. */
class ClientKindsTest extends GoogleFixture {
    private static final OMFactory OM = OMAbstractFactory.getOMFactory();
    private static final OMNamespace NS = OM.createOMNamespace(GoogleServer.NAMESPACE, "g");
    private static final String POLICY = "operations:\n"
            + "  - operation: doGoogleSearch\n"
            + "    ttl: 60s\n"
            + "  - operation: doSpellingSuggestion\n"
            + "    ttl: 60s\n";

    private final ManualClock clock = new ManualClock();
    private ResponseCache cache;

    @BeforeEach
    void setUp() {
        cache = google.install(POLICY, clock);
    }

    @Test
    void eventsHit_handsTheStubAReplayedPayloadWithoutParsing() throws Exception {
        GoogleSearchServiceStub stub =
                new GoogleSearchServiceStub(google.context, google.server.endpoint());
        stub.doGoogleSearch(GoogleFixtures.searchRequest("replay"));
        stub.doGoogleSearch(GoogleFixtures.searchRequest("replay"));

        MessageContext in = stub._getServiceClient().getLastOperationContext()
                .getMessageContext(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        OMElement payload = in.getEnvelope().getBody().getFirstElement();
        assertThat(payload).isInstanceOf(OMSourcedElement.class);
        assertThat(((OMSourcedElement) payload).getDataSource().getClass().getSimpleName())
                .isEqualTo("ReplayDataSource");
        assertThat(in.getProperty(org.apache.axis2.Constants.Configuration.CONTENT_TYPE))
                .asString().startsWith("text/xml");
        assertThat(google.server.requestCount()).isEqualTo(1);
    }

    @Test
    void unpackedStub_isCached() throws Exception {
        GoogleSearchService service = new io.github.wscache.google.unpacked
                .GoogleSearchServiceStub(google.context, google.server.endpoint());
        String first = service.doGoogleSearch(search("unpacked")).get_return().getSearchQuery();
        String second = service.doGoogleSearch(search("unpacked")).get_return().getSearchQuery();

        assertThat(first).isEqualTo("unpacked").isEqualTo(second);
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(1);
    }

    @Test
    void serviceClient_omPayloadsAreKeyedByTheirXml() throws Exception {
        ServiceClient client = new ServiceClient(google.context, null);
        client.getOptions().setTo(new EndpointReference(google.server.endpoint()));
        try {
            assertThat(spell(client, "seperate")).isEqualTo("separate");
            assertThat(spell(client, "seperate")).isEqualTo("separate");
            assertThat(spell(client, "untill")).isEqualTo("until");
        } finally {
            client.cleanup();
        }
        assertThat(google.server.requestCount("doSpellingSuggestion")).isEqualTo(2);
        assertThat(cache.stats("doSpellingSuggestion").hits()).isEqualTo(1);
    }

    @Test
    void rpcServiceClient_isCachedAtTheMessageLevel() throws Exception {
        RPCServiceClient client = new RPCServiceClient(google.context, null);
        client.getOptions().setTo(new EndpointReference(google.server.rpcEndpoint()));
        QName op = new QName(GoogleServer.RPC_NAMESPACE, "doSpellingSuggestion");
        try {
            List<Object> answers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                answers.add(client.invokeBlocking(op,
                        new Object[] {GoogleFixtures.KEY, "britney speers"},
                        new Class<?>[] {String.class})[0]);
                client.cleanupTransport();
            }
            assertThat(answers).containsOnly("britney spears");
        } finally {
            client.cleanup();
        }
        assertThat(google.server.requestCount("doSpellingSuggestion")).isEqualTo(1);
    }

    @Test
    void differentAuthorization_isADifferentEntry() throws Exception {
        GoogleSearchServiceStub alice = stubWithAuthorization("Basic YWxpY2U6YQ==");
        GoogleSearchServiceStub bob = stubWithAuthorization("Basic Ym9iOmI=");

        alice.doSpellingSuggestion(GoogleFixtures.spellingRequest("mine"));
        bob.doSpellingSuggestion(GoogleFixtures.spellingRequest("mine"));
        alice.doSpellingSuggestion(GoogleFixtures.spellingRequest("mine"));
        bob.doSpellingSuggestion(GoogleFixtures.spellingRequest("mine"));

        assertThat(google.server.requestCount("doSpellingSuggestion")).isEqualTo(2);
        assertThat(cache.stats("doSpellingSuggestion").entryCount()).isEqualTo(2);
    }

    @Test
    void differentWsSecurityUsername_isADifferentEntry() throws Exception {
        GoogleSearchServiceStub alice = stubWithUsername("alice");
        GoogleSearchServiceStub bob = stubWithUsername("bob");

        alice.doSpellingSuggestion(GoogleFixtures.spellingRequest("token"));
        bob.doSpellingSuggestion(GoogleFixtures.spellingRequest("token"));
        bob.doSpellingSuggestion(GoogleFixtures.spellingRequest("token"));

        assertThat(google.server.requestCount("doSpellingSuggestion")).isEqualTo(2);
    }

    @Test
    void severalStubsOnOneContext_shareTheCache() throws Exception {
        GoogleSearchServiceStub a =
                new GoogleSearchServiceStub(google.context, google.server.endpoint());
        GoogleSearchServiceStub b =
                new GoogleSearchServiceStub(google.context, google.server.endpoint());
        a.doGoogleSearch(GoogleFixtures.searchRequest("shared"));
        b.doGoogleSearch(GoogleFixtures.searchRequest("shared"));
        assertThat(google.server.requestCount("doGoogleSearch")).isEqualTo(1);
    }

    private GoogleSearchServiceStub stubWithAuthorization(String authorization)
            throws Exception {
        GoogleSearchServiceStub stub =
                new GoogleSearchServiceStub(google.context, google.server.endpoint());
        List<NamedValue> headers = new ArrayList<>();
        headers.add(new NamedValue("Authorization", authorization));
        stub._getServiceClient().getOptions().setProperty(HTTPConstants.HTTP_HEADERS, headers);
        return stub;
    }

    private GoogleSearchServiceStub stubWithUsername(String user) throws Exception {
        GoogleSearchServiceStub stub =
                new GoogleSearchServiceStub(google.context, google.server.endpoint());
        OMNamespace wsse = OM.createOMNamespace("http://docs.oasis-open.org/wss/2004/01/"
                + "oasis-200401-wss-wssecurity-secext-1.0.xsd", "wsse");
        SOAPHeaderBlock security = OMAbstractFactory.getSOAP11Factory()
                .createSOAPHeaderBlock("Security", wsse);
        OMElement token = OM.createOMElement("UsernameToken", wsse, security);
        OM.createOMElement("Username", wsse, token).setText(user);
        stub._getServiceClient().addHeader(security);
        return stub;
    }

    private static String spell(ServiceClient client, String phrase) throws Exception {
        OMElement request = OM.createOMElement("doSpellingSuggestion", NS);
        OM.createOMElement("key", NS, request).setText(GoogleFixtures.KEY);
        OM.createOMElement("phrase", NS, request).setText(phrase);
        OMElement response = client.sendReceive(request);
        Iterator<OMElement> it = response.getChildrenWithLocalName("return");
        String text = it.next().getText();
        client.cleanupTransport();
        return text;
    }

    private static DoGoogleSearch search(String q) {
        DoGoogleSearch s = new DoGoogleSearch();
        s.setKey(GoogleFixtures.KEY);
        s.setQ(q);
        s.setStart(0);
        s.setMaxResults(10);
        s.setFilter(true);
        s.setRestrict("");
        s.setSafeSearch(false);
        s.setLr("");
        s.setIe("latin1");
        s.setOe("latin1");
        return s;
    }
}
