package io.github.wscache.google;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.google.internal.GoogleContent;
import io.github.wscache.google.stub.GoogleSearchFault;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGoogleSearchResponse;
import io.github.wscache.google.stub.GoogleSearchServiceStub.GoogleSearchResult;
import io.github.wscache.google.unpacked.GoogleSearchService;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;
import java.util.Iterator;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import javax.xml.namespace.QName;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMFactory;
import org.apache.axiom.om.OMNamespace;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.rpc.client.RPCServiceClient;
import org.apache.axis2.wsdl.WSDLConstants;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every kind of Axis2 client against the fixture server, over SOAP 1.1, SOAP 1.2 and REST, with
 * exact request counts. All clients share one client configuration context.
 */
class GoogleServerTest {

    private static final String PHRASE = "britney speers";
    private static final String URL = "http://www.example.org/axis2/index.html";
    private static final String QUERY = "web services caching";
    private static final OMFactory OM = OMAbstractFactory.getOMFactory();
    private static final OMNamespace NS = OM.createOMNamespace(GoogleServer.NAMESPACE, "g");

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static GoogleServer server;
    private static ConfigurationContext clientContext;

    /** The SOAP versions, each with its own port. */
    enum Soap {
        V11 {
            @Override
            String endpoint() {
                return server.endpoint();
            }

            @Override
            String envelopeUri() {
                return org.apache.axiom.soap.SOAP11Constants.SOAP_ENVELOPE_NAMESPACE_URI;
            }
        },
        V12 {
            @Override
            String endpoint() {
                return server.soap12Endpoint();
            }

            @Override
            String envelopeUri() {
                return org.apache.axiom.soap.SOAP12Constants.SOAP_ENVELOPE_NAMESPACE_URI;
            }
        };

        abstract String endpoint();

        abstract String envelopeUri();

        void configure(Options options) {
            options.setTo(new EndpointReference(endpoint()));
            options.setSoapVersionURI(envelopeUri());
        }
    }

    @BeforeAll
    static void start() throws IOException {
        server = GoogleServer.start(0);
        clientContext = ConfigurationContextFactory.createConfigurationContextFromFileSystem(
                null, null);
    }

    @AfterAll
    static void stop() throws AxisFault {
        server.close();
        clientContext.terminate();
        assertThat(Thread.getAllStackTraces().keySet()).filteredOn(Thread::isAlive)
                .extracting(Thread::getName)
                .noneMatch(name -> name.startsWith("http-nio-") || name.startsWith("Catalina"));
    }

    @BeforeEach
    void resetCounts() {
        server.resetCounts();
        server.service().setDelay(Duration.ZERO);
    }

    @ParameterizedTest
    @EnumSource(Soap.class)
    void packedStub_callsEveryOperation(Soap soap) throws Exception {
        GoogleSearchServiceStub stub = new GoogleSearchServiceStub(clientContext, soap.endpoint());
        soap.configure(stub._getServiceClient().getOptions());

        assertThat(stub.doSpellingSuggestion(GoogleFixtures.spellingRequest(PHRASE)).get_return())
                .isEqualTo("britney spears");
        byte[] page = readAll(stub.doGetCachedPage(GoogleFixtures.cachedPageRequest(URL))
                .get_return().getInputStream());
        assertThat(page).hasSize(GoogleContent.CACHED_PAGE_SIZE)
                .isEqualTo(GoogleContent.cachedPage(URL));
        DoGoogleSearchResponse search = stub.doGoogleSearch(GoogleFixtures.searchRequest(QUERY));
        assertRealistic(search.get_return(), QUERY);
        assertThat(xml(search)).isEqualTo(xml(GoogleFixtures.searchResponse(QUERY)));
        assertLastResponseWas(soap, stub._getServiceClient());

        assertThat(server.requestCount()).isEqualTo(3);
        assertThat(server.requestCount("doSpellingSuggestion")).isEqualTo(1);
        assertThat(server.requestCount("doGetCachedPage")).isEqualTo(1);
        assertThat(server.requestCount("doGoogleSearch")).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Soap.class)
    void unpackedStub_callsEveryOperationThroughItsInterface(Soap soap) throws Exception {
        io.github.wscache.google.unpacked.GoogleSearchServiceStub stub =
                new io.github.wscache.google.unpacked.GoogleSearchServiceStub(
                        clientContext, soap.endpoint());
        soap.configure(stub._getServiceClient().getOptions());
        GoogleSearchService service = stub;

        io.github.wscache.google.unpacked.DoSpellingSuggestion spelling =
                new io.github.wscache.google.unpacked.DoSpellingSuggestion();
        spelling.setKey(GoogleFixtures.KEY);
        spelling.setPhrase("teh wierd cacheing");
        assertThat(service.doSpellingSuggestion(spelling).get_return())
                .isEqualTo("the weird caching");

        io.github.wscache.google.unpacked.DoGetCachedPage cachedPage =
                new io.github.wscache.google.unpacked.DoGetCachedPage();
        cachedPage.setKey(GoogleFixtures.KEY);
        cachedPage.setUrl(URL);
        assertThat(readAll(service.doGetCachedPage(cachedPage).get_return().getInputStream()))
                .isEqualTo(GoogleContent.cachedPage(URL));

        io.github.wscache.google.unpacked.DoGoogleSearch search = unpackedSearch("axis2");
        io.github.wscache.google.unpacked.GoogleSearchResult result =
                service.doGoogleSearch(search).get_return();
        assertThat(result.getSearchQuery()).isEqualTo("axis2");
        assertThat(result.getResultElements().getItem()).hasSize(10);
        assertThat(result.getDirectoryCategories().getItem()).hasSize(2);
        assertThat(result.getResultElements().getItem()[0].getSnippet()).contains("axis2");
        assertLastResponseWas(soap, stub._getServiceClient());

        assertThat(server.requestCount()).isEqualTo(3);
        assertThat(server.requestCount("doGoogleSearch")).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Soap.class)
    void serviceClient_sendReceivesOmPayloads(Soap soap) throws Exception {
        ServiceClient client = new ServiceClient(clientContext, null);
        try {
            soap.configure(client.getOptions());

            OMElement spelling = client.sendReceive(payload("doSpellingSuggestion",
                    "key", GoogleFixtures.KEY, "phrase", "seperate untill"));
            assertThat(child(spelling, "return").getText()).isEqualTo("separate until");
            client.cleanupTransport();

            OMElement page = client.sendReceive(payload("doGetCachedPage",
                    "key", GoogleFixtures.KEY, "url", URL));
            assertThat(Base64.getMimeDecoder().decode(child(page, "return").getText()))
                    .isEqualTo(GoogleContent.cachedPage(URL));
            client.cleanupTransport();

            OMElement search = client.sendReceive(searchPayload("soap"));
            OMElement result = child(search, "return");
            assertThat(child(result, "searchQuery").getText()).isEqualTo("soap");
            assertThat(count(child(result, "resultElements").getChildElements())).isEqualTo(10);
            assertThat(count(child(result, "directoryCategories").getChildElements()))
                    .isEqualTo(2);
            assertLastResponseWas(soap, client);
            client.cleanupTransport();
        } finally {
            client.cleanup();
        }
        assertThat(server.requestCount()).isEqualTo(3);
        assertThat(server.requestCount("doSpellingSuggestion")).isEqualTo(1);
        assertThat(server.requestCount("doGetCachedPage")).isEqualTo(1);
        assertThat(server.requestCount("doGoogleSearch")).isEqualTo(1);
    }

    /**
     * RPCServiceClient names its arguments {@code arg0, arg1, ...} without a namespace (BeanUtil,
     * client side), even when they are OMElements, so it cannot produce the qualified
     * {@code key}/{@code phrase} children this document/literal schema requires; ADB rejects the
     * request. The request still reaches the server and is counted.
     */
    @ParameterizedTest
    @EnumSource(Soap.class)
    void rpcServiceClient_cannotNameDocumentLiteralParts(Soap soap) throws Exception {
        RPCServiceClient client = new RPCServiceClient(clientContext, null);
        try {
            soap.configure(client.getOptions());
            assertThatThrownBy(() -> client.invokeBlocking(qname("doSpellingSuggestion"),
                    new Object[] {GoogleFixtures.KEY, PHRASE}, new Class<?>[] {String.class}))
                    .isInstanceOf(AxisFault.class)
                    .hasMessage("Unexpected subelement arg0");
            client.cleanupTransport();
        } finally {
            client.cleanup();
        }
        assertThat(server.requestCount("doSpellingSuggestion")).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Soap.class)
    void rpcServiceClient_callsThePojoService(Soap soap) throws Exception {
        RPCServiceClient client = new RPCServiceClient(clientContext, null);
        try {
            soap.configure(client.getOptions());
            client.getOptions().setTo(new EndpointReference(server.rpcEndpoint()));

            Object[] spelling = client.invokeBlocking(rpc("doSpellingSuggestion"),
                    new Object[] {GoogleFixtures.KEY, PHRASE}, new Class<?>[] {String.class});
            assertThat(spelling).containsExactly("britney spears");
            client.cleanupTransport();

            Object[] page = client.invokeBlocking(rpc("doGetCachedPage"),
                    new Object[] {GoogleFixtures.KEY, URL}, new Class<?>[] {byte[].class});
            assertThat((byte[]) page[0]).isEqualTo(GoogleContent.cachedPage(URL));
            client.cleanupTransport();

            Object[] search = client.invokeBlocking(rpc("doGoogleSearch"),
                    new Object[] {GoogleFixtures.KEY, "rpc", 0, 10, true, "", false, "",
                        "latin1", "latin1"},
                    new Class<?>[] {GoogleSearchResult.class});
            assertRealistic((GoogleSearchResult) search[0], "rpc");
            client.cleanupTransport();
        } finally {
            client.cleanup();
        }
        assertThat(server.requestCount()).isEqualTo(3);
        assertThat(server.requestCount("doGoogleSearch")).isEqualTo(1);
    }

    @Test
    void wsdl_isServedWithThisServersAddresses() throws Exception {
        HttpResponse<String> wsdl = HTTP.send(
                HttpRequest.newBuilder(URI.create(server.wsdlUrl())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(wsdl.statusCode()).isEqualTo(200);
        assertThat(wsdl.body()).contains(server.endpoint(), server.soap12Endpoint(),
                server.restEndpoint());
        assertThat(server.requestCount("GET", "")).isEqualTo(1);
    }

    @Test
    void restGet_answersSpellingSuggestion() throws Exception {
        ServiceClient client = new ServiceClient(clientContext, null);
        try {
            Options options = client.getOptions();
            options.setTo(new EndpointReference(server.restEndpoint() + "/doSpellingSuggestion"));
            options.setProperty(Constants.Configuration.ENABLE_REST, Boolean.TRUE);
            options.setProperty(Constants.Configuration.HTTP_METHOD,
                    Constants.Configuration.HTTP_METHOD_GET);

            OMElement response = client.sendReceive(payload("doSpellingSuggestion",
                    "key", GoogleFixtures.KEY, "phrase", "definately recieve"));
            assertThat(child(response, "return").getText()).isEqualTo("definitely receive");
            client.cleanupTransport();
        } finally {
            client.cleanup();
        }
        assertThat(server.requestCount()).isEqualTo(1);
        assertThat(server.requestCount("GET", "doSpellingSuggestion")).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Soap.class)
    void declaredFault_arrivesAsGeneratedException(Soap soap) throws Exception {
        GoogleSearchServiceStub stub = new GoogleSearchServiceStub(clientContext, soap.endpoint());
        soap.configure(stub._getServiceClient().getOptions());

        assertThatThrownBy(() -> stub.doGoogleSearch(GoogleFixtures.searchRequest("fault")))
                .isInstanceOfSatisfying(GoogleSearchFault.class, fault ->
                        assertThat(fault.getFaultMessage().getQuery()).isEqualTo("fault"));

        io.github.wscache.google.unpacked.GoogleSearchServiceStub unpacked =
                new io.github.wscache.google.unpacked.GoogleSearchServiceStub(
                        clientContext, soap.endpoint());
        soap.configure(unpacked._getServiceClient().getOptions());
        assertThatThrownBy(() -> unpacked.doGoogleSearch(unpackedSearch("fault")))
                .isInstanceOfSatisfying(io.github.wscache.google.unpacked.GoogleSearchFault.class,
                        fault -> assertThat(fault.getFaultMessage().getReason())
                                .contains("always fails"));

        assertThat(server.requestCount("doGoogleSearch")).isEqualTo(2);
    }

    @ParameterizedTest
    @EnumSource(Soap.class)
    void oneWay_reachesTheService(Soap soap) throws Exception {
        GoogleSearchServiceStub stub = new GoogleSearchServiceStub(clientContext, soap.endpoint());
        soap.configure(stub._getServiceClient().getOptions());
        String q = "one way " + soap;

        stub.logQuery(GoogleFixtures.logQueryRequest(q));

        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!server.service().loggedQueries().contains(q) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(server.service().loggedQueries()).contains(q);
        assertThat(server.requestCount()).isEqualTo(1);
        assertThat(server.requestCount("logQuery")).isEqualTo(1);
    }

    @Test
    void restCaching_sendsETagAndAnswers304() throws Exception {
        HttpClient http = HTTP;
        URI uri = URI.create(server.restEndpoint()
                + "/doSpellingSuggestion?key=k&phrase=britney%20speers");
        server.setRestCaching(Duration.ofSeconds(60));
        try {
            HttpResponse<String> first = http.send(HttpRequest.newBuilder(uri).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(first.body()).contains("britney spears");
            assertThat(first.headers().firstValue("Cache-Control")).hasValue("max-age=60");
            String etag = first.headers().firstValue("ETag").orElseThrow();

            HttpResponse<String> revalidated = http.send(HttpRequest.newBuilder(uri)
                    .header("If-None-Match", etag).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(revalidated.statusCode()).isEqualTo(304);
            assertThat(revalidated.body()).isEmpty();
            assertThat(revalidated.headers().firstValue("ETag")).hasValue(etag);

            server.changeRestContent();
            HttpResponse<String> changed = http.send(HttpRequest.newBuilder(uri)
                    .header("If-None-Match", etag).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(changed.statusCode()).isEqualTo(200);
            assertThat(changed.headers().firstValue("ETag")).isPresent().get()
                    .isNotEqualTo(etag);
        } finally {
            server.setRestCaching(null);
        }
        assertThat(server.requestCount("GET", "doSpellingSuggestion")).isEqualTo(3);
    }

    @Test
    void failNext_answersStatusWithoutEnvelopeThenRecovers() throws Exception {
        GoogleSearchServiceStub stub =
                new GoogleSearchServiceStub(clientContext, server.endpoint());
        server.failNext(1, 503);

        assertThatThrownBy(
                () -> stub.doSpellingSuggestion(GoogleFixtures.spellingRequest(PHRASE)))
                .isInstanceOf(AxisFault.class);
        assertThat(stub.doSpellingSuggestion(GoogleFixtures.spellingRequest(PHRASE)).get_return())
                .isEqualTo("britney spears");

        assertThat(server.requestCount("doSpellingSuggestion")).isEqualTo(2);
    }

    @Test
    void holdRequests_holdsCountedRequestsUntilReleased() throws Exception {
        GoogleSearchServiceStub stub =
                new GoogleSearchServiceStub(clientContext, server.endpoint());
        server.holdRequests();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<String> answer = pool.submit(() -> stub.doSpellingSuggestion(
                    GoogleFixtures.spellingRequest(PHRASE)).get_return());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (server.heldRequests() == 0 && System.nanoTime() < deadline) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
            }
            assertThat(server.heldRequests()).isEqualTo(1);
            assertThat(server.requestCount("doSpellingSuggestion")).isEqualTo(1);
            assertThat(answer).isNotDone();
            server.releaseRequests();
            assertThat(answer.get(30, TimeUnit.SECONDS)).isEqualTo("britney spears");
            assertThat(server.heldRequests()).isZero();
        } finally {
            server.releaseRequests();
            pool.shutdownNow();
        }
        assertThat(stub.doSpellingSuggestion(GoogleFixtures.spellingRequest(PHRASE)).get_return())
                .as("released: not held any more").isEqualTo("britney spears");
        assertThat(server.requestCount("doSpellingSuggestion")).isEqualTo(2);
    }

    @Test
    void failNext_rejectsBadArguments() {
        assertThatThrownBy(() -> server.failNext(-1, 500))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("count must not be negative: -1");
        assertThatThrownBy(() -> server.failNext(1, 99))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("status must be in 100..599: 99");
    }

    @Test
    void start_failsOnABusyPort() {
        assertThatThrownBy(() -> GoogleServer.start(server.port()))
                .isInstanceOf(IOException.class)
                .hasMessage("cannot start tomcat on port " + server.port());
    }

    @Test
    void fixtures_differPerQueryAndMatchTheServer() throws Exception {
        GoogleSearchResult a = GoogleFixtures.searchResult("java");
        GoogleSearchResult b = GoogleFixtures.searchResult("xml");
        assertRealistic(a, "java");
        assertThat(a.getResultElements().getItem()[0].getURL())
                .isNotEqualTo(b.getResultElements().getItem()[0].getURL());
        assertThat(xml(GoogleFixtures.searchResponse("java")))
                .isEqualTo(xml(GoogleFixtures.searchResponse("java")));
        assertThat(server.requestCount()).isZero();
    }

    private static void assertLastResponseWas(Soap soap, ServiceClient client) throws AxisFault {
        MessageContext in = client.getLastOperationContext()
                .getMessageContext(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        assertThat(in.getEnvelope().getNamespace().getNamespaceURI())
                .isEqualTo(soap.envelopeUri());
    }

    private static void assertRealistic(GoogleSearchResult result, String q) {
        assertThat(result.getSearchQuery()).isEqualTo(q);
        assertThat(result.getStartIndex()).isEqualTo(1);
        assertThat(result.getEndIndex()).isEqualTo(10);
        assertThat(result.getResultElements().getItem()).hasSize(10).allSatisfy(r -> {
            assertThat(r.getSnippet()).hasSizeBetween(150, 210).contains(q);
            assertThat(r.getURL()).startsWith("http://");
            assertThat(r.getHostName()).isNotEmpty();
            assertThat(r.getTitle()).contains(q);
        });
        assertThat(result.getDirectoryCategories().getItem()).hasSize(2)
                .allSatisfy(c -> assertThat(c.getFullViewableName()).startsWith("Top/"));
    }

    private static io.github.wscache.google.unpacked.DoGoogleSearch unpackedSearch(String q) {
        io.github.wscache.google.unpacked.DoGoogleSearch search =
                new io.github.wscache.google.unpacked.DoGoogleSearch();
        search.setKey(GoogleFixtures.KEY);
        search.setQ(q);
        search.setStart(0);
        search.setMaxResults(10);
        search.setFilter(true);
        search.setRestrict("");
        search.setSafeSearch(false);
        search.setLr("");
        search.setIe("latin1");
        search.setOe("latin1");
        return search;
    }

    private static Object[] searchArguments(String q) {
        return new Object[] {
            element("key", GoogleFixtures.KEY), element("q", q), element("start", "0"),
            element("maxResults", "10"), element("filter", "true"), element("restrict", ""),
            element("safeSearch", "false"), element("lr", ""), element("ie", "latin1"),
            element("oe", "latin1"),
        };
    }

    private static OMElement searchPayload(String q) {
        OMElement payload = OM.createOMElement("doGoogleSearch", NS);
        for (Object argument : searchArguments(q)) {
            payload.addChild((OMElement) argument);
        }
        return payload;
    }

    private static OMElement payload(String operation, String... namesAndValues) {
        OMElement payload = OM.createOMElement(operation, NS);
        for (int i = 0; i < namesAndValues.length; i += 2) {
            payload.addChild(element(namesAndValues[i], namesAndValues[i + 1]));
        }
        return payload;
    }

    private static OMElement element(String name, String text) {
        OMElement element = OM.createOMElement(name, NS);
        element.setText(text);
        return element;
    }

    private static QName qname(String localName) {
        return new QName(GoogleServer.NAMESPACE, localName);
    }

    private static QName rpc(String localName) {
        return new QName(GoogleServer.RPC_NAMESPACE, localName);
    }

    private static OMElement child(OMElement parent, String localName) {
        OMElement child = parent.getFirstChildWithName(qname(localName));
        assertThat(child).as("child %s of %s", localName, parent.getLocalName()).isNotNull();
        return child;
    }

    private static int count(Iterator<?> iterator) {
        int n = 0;
        while (iterator.hasNext()) {
            iterator.next();
            n++;
        }
        return n;
    }

    private static String xml(DoGoogleSearchResponse response) {
        return response.getOMElement(DoGoogleSearchResponse.MY_QNAME, OM).toString();
    }

    private static byte[] readAll(java.io.InputStream in) throws IOException {
        try (in; ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            in.transferTo(out);
            return out.toByteArray();
        }
    }

}
