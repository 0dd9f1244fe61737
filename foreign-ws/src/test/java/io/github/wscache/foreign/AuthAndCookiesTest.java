package io.github.wscache.foreign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.foreign.catalog.stub.CatalogServiceStub;
import io.github.wscache.foreign.quotes.stub.StockQuoteServiceStub;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.client.Options;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.transport.http.impl.httpclient5.HttpTransportPropertiesImpl;
import org.apache.axis2.wsdl.WSDLConstants;
import org.junit.jupiter.api.Test;

/** Optional Basic authentication and session cookies, and the identities the server records. */
class AuthAndCookiesTest extends ForeignServerFixture {

    private static final Map<String, String> USERS = Map.of("alice", "a-secret", "bob", "b-secret");

    @Test
    void basicAuth_rejectsCallWithoutCredentialsButCountsIt() throws Exception {
        server.requireBasicAuth(USERS);
        CatalogServiceStub stub = new CatalogServiceStub(client,
                server.endpoint(ForeignService.CATALOG));

        assertThatThrownBy(() -> stub.keywordSearch(ForeignServerTest.keywordSearch("java", 1)))
                .isInstanceOf(AxisFault.class);
        assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(1);
        assertThat(server.requests().get(0).authorization()).isNull();
        assertThat(server.requests().get(0).user()).isNull();
    }

    @Test
    void basicAuth_authorizationHeaderReachesServerInOneRequestAndNamesTheUser()
            throws Exception {
        server.requireBasicAuth(USERS);
        CatalogServiceStub stub = new CatalogServiceStub(client,
                server.endpoint(ForeignService.CATALOG));
        basicHeader(stub._getServiceClient().getOptions(), "alice", "a-secret");

        assertThat(stub.keywordSearch(ForeignServerTest.keywordSearch("java", 1))
                .getKeywordSearchResult().getTotalResults()).isEqualTo(4);
        assertThat(server.count()).isEqualTo(1);
        ReceivedRequest received = server.requests().get(0);
        assertThat(received.user()).isEqualTo("alice");
        assertThat(received.authorization()).isEqualTo("Basic " + Base64.getEncoder()
                .encodeToString("alice:a-secret".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void basicAuth_axis2AuthenticatorIgnoresPreemptiveAndCannotAnswerChallengeWithoutRetry()
            throws Exception {
        server.requireBasicAuth(USERS);
        CatalogServiceStub stub = new CatalogServiceStub(client,
                server.endpoint(ForeignService.CATALOG));
        authenticator(stub._getServiceClient().getOptions(), "alice", "a-secret", false);

        assertThatThrownBy(() -> stub.keywordSearch(ForeignServerTest.keywordSearch("java", 1)))
                .isInstanceOf(AxisFault.class)
                .hasMessageContaining("401");
        assertThat(server.requests()).extracting(ReceivedRequest::authorization)
                .containsExactly((String) null);
    }

    @Test
    void basicAuth_axis2AuthenticatorWithRetryCostsTwoRequestsPerCall() throws Exception {
        server.requireBasicAuth(USERS);
        CatalogServiceStub stub = new CatalogServiceStub(client,
                server.endpoint(ForeignService.CATALOG));
        authenticator(stub._getServiceClient().getOptions(), "bob", "b-secret", true);

        stub.keywordSearch(ForeignServerTest.keywordSearch("java", 1));
        stub.keywordSearch(ForeignServerTest.keywordSearch("java", 1));

        assertThat(server.requests()).extracting(ReceivedRequest::user)
                .containsExactly(null, "bob", null, "bob");
        assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(4);
    }

    @Test
    void basicAuth_rejectsWrongPassword() throws Exception {
        server.requireBasicAuth(USERS);
        CatalogServiceStub stub = new CatalogServiceStub(client,
                server.endpoint(ForeignService.CATALOG));
        basicHeader(stub._getServiceClient().getOptions(), "alice", "b-secret");

        assertThatThrownBy(() -> stub.keywordSearch(ForeignServerTest.keywordSearch("java", 1)))
                .isInstanceOf(AxisFault.class);
        assertThat(server.requests()).extracting(ReceivedRequest::user).containsExactly("alice");
    }

    @Test
    void basicAuth_offAgainAfterNull() throws Exception {
        server.requireBasicAuth(USERS);
        server.requireBasicAuth(null);
        StockQuoteServiceStub stub = new StockQuoteServiceStub(client,
                server.endpoint(ForeignService.QUOTES));
        StockQuoteServiceStub.GetQuote request = new StockQuoteServiceStub.GetQuote();
        request.setSymbol("IBM");

        assertThat(stub.getQuote(request).getResult().getSymbol()).isEqualTo("IBM");
    }

    @Test
    void requireBasicAuth_rejectsEmptyUserTable() {
        assertThatThrownBy(() -> server.requireBasicAuth(Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("users must not be empty");
        assertThatThrownBy(() -> ForeignServer.builder().requireBasicAuth(Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("users must not be empty");
    }

    @Test
    void sessionCookies_perUserCookieIsSetAndAClientCookieReachesServer() throws Exception {
        server.setSessionCookies(true);
        CatalogServiceStub stub = new CatalogServiceStub(client,
                server.endpoint(ForeignService.CATALOG));
        Options options = stub._getServiceClient().getOptions();
        basicHeader(options, "alice", "a-secret");

        stub.keywordSearch(ForeignServerTest.keywordSearch("java", 1));
        Map<?, ?> headers = (Map<?, ?>) stub._getServiceClient().getLastOperationContext()
                .getMessageContext(WSDLConstants.MESSAGE_LABEL_IN_VALUE)
                .getProperty(MessageContext.TRANSPORT_HEADERS);
        options.setProperty(HTTPConstants.HTTP_HEADERS, List.of(
                new NamedValue("Authorization", basic("alice", "a-secret")),
                new NamedValue("Cookie", "SESSION=" + ForeignServer.sessionId("alice"))));
        stub.keywordSearch(ForeignServerTest.keywordSearch("java", 1));

        assertThat(ForeignServer.sessionId("alice")).isEqualTo("u-YWxpY2U");
        assertThat(String.valueOf(headers.get("Set-Cookie")))
                .isEqualTo("SESSION=u-YWxpY2U; Path=/; HttpOnly");
        assertThat(server.requests()).extracting(ReceivedRequest::cookie)
                .containsExactly(null, "SESSION=u-YWxpY2U");
    }

    /**
     * Axis2 2.0.0's HttpClient 5 transport does not manage cookie sessions: its
     * {@code RequestImpl.getCookies()} keys the map by header name ({@code Set-Cookie}), so
     * {@code HTTPSender} finds neither {@code JSESSIONID}, {@code axis_session} nor the
     * {@code customCookieID} in it and never sends a {@code Cookie} back.
     */
    @Test
    void sessionCookies_axis2ManagedSessionDoesNotSendTheCookieBack() throws Exception {
        server.setSessionCookies(true);
        CatalogServiceStub stub = new CatalogServiceStub(client,
                server.endpoint(ForeignService.CATALOG));
        Options options = stub._getServiceClient().getOptions();
        options.setManageSession(true);
        options.setProperty(Constants.CUSTOM_COOKIE_ID, ForeignServer.SESSION_COOKIE);

        stub.keywordSearch(ForeignServerTest.keywordSearch("java", 1));
        stub.keywordSearch(ForeignServerTest.keywordSearch("java", 1));

        assertThat(server.requests()).extracting(ReceivedRequest::cookie)
                .containsExactly(null, null);
    }

    @Test
    void sessionCookies_anonymousRequestsGetNumberedSessionsFromOneAfterReset() throws Exception {
        server.setSessionCookies(true);
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.wsdlUrl(ForeignService
                .CATALOG))).build();

        String first = http.send(request, HttpResponse.BodyHandlers.discarding()).headers()
                .firstValue("Set-Cookie").orElseThrow();
        String second = http.send(request, HttpResponse.BodyHandlers.discarding()).headers()
                .firstValue("Set-Cookie").orElseThrow();
        server.reset();
        String afterReset = http.send(request, HttpResponse.BodyHandlers.discarding()).headers()
                .firstValue("Set-Cookie").orElseThrow();

        assertThat(first).isEqualTo("SESSION=anon-1; Path=/; HttpOnly");
        assertThat(second).isEqualTo("SESSION=anon-2; Path=/; HttpOnly");
        assertThat(afterReset).isEqualTo(first);
    }

    @Test
    void sessionCookies_offByDefault() throws Exception {
        HttpResponse<Void> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(server.wsdlUrl(ForeignService.QUOTES))).build(),
                HttpResponse.BodyHandlers.discarding());

        assertThat(response.headers().firstValue("Set-Cookie")).isEmpty();
    }

    @Test
    void builder_startsWithAuthAndCookiesOn() throws Exception {
        try (ForeignServer own = ForeignServer.builder()
                .requireBasicAuth(Map.of("carol", "c"))
                .sessionCookies(true)
                .start()) {
            HttpResponse<Void> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(own.wsdlUrl(ForeignService.CUSTOMERS))).build(),
                    HttpResponse.BodyHandlers.discarding());

            assertThat(response.statusCode()).isEqualTo(401);
            assertThat(response.headers().firstValue("WWW-Authenticate"))
                    .hasValue("Basic realm=\"foreign-ws\"");
            assertThat(response.headers().firstValue("Set-Cookie")).isEmpty();
            assertThat(own.count(ForeignService.CUSTOMERS, "")).isEqualTo(1);
        }
    }

    /** Sends {@code Authorization: Basic} with every request, as Axis2 2.0 users must. */
    private static void basicHeader(Options options, String user, String password) {
        options.setProperty(HTTPConstants.HTTP_HEADERS,
                List.of(new NamedValue("Authorization", basic(user, password))));
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder()
                .encodeToString((user + ':' + password).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Axis2's own way: an authenticator, asked to authenticate preemptively (which the
     * HttpClient 5 transport ignores) and, if {@code retry}, to buffer the request so that it
     * can be sent again after a 401 challenge.
     */
    private static void authenticator(Options options, String user, String password,
            boolean retry) {
        HttpTransportPropertiesImpl.Authenticator auth =
                new HttpTransportPropertiesImpl.Authenticator();
        auth.setUsername(user);
        auth.setPassword(password);
        auth.setPreemptiveAuthentication(true);
        auth.setAllowedRetry(retry);
        options.setProperty(HTTPConstants.AUTHENTICATE, auth);
    }
}
