package io.github.wscache.jaxws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.jaxws.test.catalog.CatalogServiceSoap;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.Handler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.cxf.configuration.security.AuthorizationPolicy;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.headers.Header;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.transport.http.HTTPConduit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * What a CXF client's own interceptors cache must see of the caller, since it keys a call
 * before CXF writes it: credentials configured on the HTTP conduit, SOAP headers in CXF's
 * header list, and out interceptors of the application's that run after the cache (it cannot
 * see what they add, so such a client is its own caller). Against foreign-ws's CatalogService
 * on embedded Tomcat; every assertion counts the requests that reached it.
 */
@Tag("cxf")
@Timeout(60)
class CxfInterceptorsTest extends CatalogServerTest {
    private static final String POLICY = "operations:\n"
            + "  - service: CatalogService\n    operation: KeywordSearch\n    ttl: 60s\n";

    CxfInterceptorsTest() {
        super(POLICY);
    }

    private CatalogServiceSoap cached() {
        return WsCacheJaxWs.install(port(), cache);
    }

    @Test
    void twoPlainClients_shareTheirEntries() {
        cached().keywordSearch("java", 1);
        cached().keywordSearch("java", 1);

        assertThat(searches()).isEqualTo(1);
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(1);
    }

    @Test
    void credentialsOnTheHttpConduit_partitionTheKeys() {
        conduitUsers_areKeptApart(user -> withConduitUser(cached(), user));
    }

    /** Alice, bob and alice again on three clients that {@code client} makes for a user. */
    private void conduitUsers_areKeptApart(
            Function<String, CatalogServiceSoap> client) {
        CatalogServiceSoap alice = client.apply("alice");
        CatalogServiceSoap bob = client.apply("bob");
        CatalogServiceSoap alice2 = client.apply("alice");

        alice.keywordSearch("java", 1);
        bob.keywordSearch("java", 1);
        alice2.keywordSearch("java", 1);

        assertThat(searches()).as("alice and bob each sent; alice's second client hit")
                .isEqualTo(2);
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(1);
    }

    @Test
    void soapHeadersInCxfsHeaderList_takePartInTheKey() throws Exception {
        CatalogServiceSoap k1 = withHeader(cached(), "ApiKey", "k1");
        CatalogServiceSoap k2 = withHeader(cached(), "ApiKey", "k2");
        CatalogServiceSoap k1again = withHeader(cached(), "ApiKey", "k1");

        k1.keywordSearch("java", 1);
        k2.keywordSearch("java", 1);
        k1again.keywordSearch("java", 1);

        assertThat(searches()).isEqualTo(2);
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(1);
    }

    @Test
    void anInterceptorOfTheApplicationsAfterTheCache_makesTheClientItsOwnCaller() {
        CatalogServiceSoap tenantA = withTenant(cached(), "a");
        CatalogServiceSoap tenantB = withTenant(cached(), "b");

        tenantA.keywordSearch("java", 1);
        tenantB.keywordSearch("java", 1);
        tenantA.keywordSearch("java", 1);
        tenantB.keywordSearch("java", 1);

        assertThat(searches()).as("each client sent once, then hit its own entry").isEqualTo(2);
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(2);
    }

    @Test
    void anOperationSharedAcrossUsers_isSharedDespiteSuchAnInterceptor() {
        cache = ResponseCache.builder().policy(Policy.parse(POLICY
                + "    sharedAcrossUsers: true\n", "wscache.yaml")).build();

        withTenant(cached(), "a").keywordSearch("java", 1);
        withTenant(cached(), "b").keywordSearch("java", 1);

        assertThat(searches()).isEqualTo(1);
    }

    /*
     * The object level (WsCacheJaxWs.objects) answers before CXF runs, so it reads the client
     * itself: the conduit's credentials are the call's; SOAP headers in the header list,
     * WS-Security settings or an interceptor of the application's make the port its own caller.
     */

    private CatalogServiceSoap objects(CatalogServiceSoap port) {
        return WsCacheJaxWs.objects(port, cache);
    }

    @Test
    void objectLevel_twoPlainClients_shareTheirEntries() {
        objects(port()).keywordSearch("java", 1);
        objects(port()).keywordSearch("java", 1);

        assertThat(searches()).isEqualTo(1);
    }

    @Test
    void objectLevel_credentialsOnTheHttpConduit_partitionTheKeys() {
        conduitUsers_areKeptApart(user -> objects(withConduitUser(port(), user)));
    }

    @Test
    void objectLevel_soapHeadersInCxfsHeaderList_makeThePortItsOwnCaller() throws Exception {
        CatalogServiceSoap k1 = objects(withHeader(port(), "ApiKey", "k1"));
        CatalogServiceSoap k2 = objects(withHeader(port(), "ApiKey", "k2"));

        keptApart(k1, k2);
    }

    @Test
    void objectLevel_webServicesSecuritySettings_makeThePortItsOwnCaller() {
        CatalogServiceSoap alice = port();
        ((BindingProvider) alice).getRequestContext().put("security.username", "alice");
        CatalogServiceSoap bob = port();
        ((BindingProvider) bob).getRequestContext().put("security.username", "bob");

        objects(alice).keywordSearch("java", 1);
        objects(bob).keywordSearch("java", 1);

        assertThat(searches()).isEqualTo(2);
    }

    @Test
    void objectLevel_anInterceptorOfTheApplications_makesThePortItsOwnCaller() {
        keptApart(objects(withTenant(port(), "a")), objects(withTenant(port(), "b")));
    }

    /*
     * The JAX-WS handler path on CXF: a client with a handler of the application's is cached by
     * the cache's handler at the end of its chain, which runs in CXF's user-protocol phase; it
     * must see the conduit and what runs after it as the interceptors do.
     */

    /** {@code port} with a SOAP handler of the application's, so the cache's handler caches. */
    private CatalogServiceSoap throughTheHandler(CatalogServiceSoap port) {
        AppHandler.appendTo(port);
        return cached(port);
    }

    private CatalogServiceSoap cached(CatalogServiceSoap port) {
        return WsCacheJaxWs.install(port, cache);
    }

    /** Checks that {@code port}'s calls went through the cache's JAX-WS handler. */
    private static void cachedByTheHandler(CatalogServiceSoap port) {
        @SuppressWarnings("rawtypes")
        List<Handler> chain = ((BindingProvider) port).getBinding().getHandlerChain();
        assertThat(chain).extracting(h -> h.getClass().getSimpleName())
                .containsExactly("AppHandler", "CachingSoapHandler");
    }

    /** Alice, bob, alice and bob again: each sent once, then hit their own entry. */
    private void usersKeptApart(CatalogServiceSoap alice, CatalogServiceSoap bob) {
        alice.keywordSearch("java", 1);
        bob.keywordSearch("java", 1);
        alice.keywordSearch("java", 1);
        bob.keywordSearch("java", 1);

        assertThat(searches()).as("alice and bob each sent once, then hit their own entry")
                .isEqualTo(2);
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(2);
    }

    @Test
    void handlerPath_twoPlainClients_shareTheirEntries() {
        CatalogServiceSoap a = throughTheHandler(port());
        CatalogServiceSoap b = throughTheHandler(port());

        a.keywordSearch("java", 1);
        b.keywordSearch("java", 1);

        cachedByTheHandler(a);
        assertThat(searches()).isEqualTo(1);
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(1);
    }

    /*
     * Basic credentials are in the request's Authorization field by the time the handlers run
     * (the conduit is prepared first); Digest (as NTLM, SPNEGO) answers the service's challenge
     * later, so the handler sees nothing of it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"Basic", "Digest"})
    void handlerPath_credentialsOnTheHttpConduit_partitionTheKeys(String scheme) {
        CatalogServiceSoap alice = throughTheHandler(withConduitUser(port(), "alice", scheme));
        CatalogServiceSoap bob = throughTheHandler(withConduitUser(port(), "bob", scheme));

        usersKeptApart(alice, bob);
        cachedByTheHandler(alice);
    }

    @Test
    void handlerPath_webServicesSecurityUserNames_partitionTheKeys() {
        CatalogServiceSoap alice = throughTheHandler(port());
        ((BindingProvider) alice).getRequestContext().put("security.username", "alice");
        CatalogServiceSoap bob = throughTheHandler(port());
        ((BindingProvider) bob).getRequestContext().put("security.username", "bob");

        usersKeptApart(alice, bob);
        cachedByTheHandler(alice);
    }

    @Test
    void handlerPath_anInterceptorOfTheApplicationsAfterTheHandler_makesTheClientItsOwnCaller() {
        // after the SOAP handlers (user-protocol), where WS-Security writes its header
        CatalogServiceSoap tenantA = throughTheHandler(withTenant(port(), "a",
                Phase.POST_PROTOCOL));
        CatalogServiceSoap tenantB = throughTheHandler(withTenant(port(), "b",
                Phase.POST_PROTOCOL));

        usersKeptApart(tenantA, tenantB);
        cachedByTheHandler(tenantA);
    }

    /** Each way of caching a CXF port. */
    enum Way {
        /** CXF's own interceptors (the feature). */
        INTERCEPTORS,
        /** The JAX-WS handler, behind a handler of the application's. */
        HANDLER,
        /** The object level's proxy. */
        OBJECTS
    }

    private CatalogServiceSoap cached(Way way, CatalogServiceSoap port) {
        return switch (way) {
            case INTERCEPTORS -> cached(port);
            case HANDLER -> throughTheHandler(port);
            case OBJECTS -> objects(port);
        };
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void webServicesSecurityUserNameOfEachCall_partitionsTheKeys(Way way) {
        CatalogServiceSoap plain = port();
        CatalogServiceSoap port = cached(way, plain);
        Map<String, Object> request = ((BindingProvider) plain).getRequestContext();

        for (String user : List.of("alice", "bob", "alice", "bob")) {
            request.put("security.username", user);
            request.put("security.password", user + "-secret");
            port.keywordSearch("java", 1);
        }

        assertThat(searches()).as("alice and bob each sent once, then hit their own entry")
                .isEqualTo(2);
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(2);
    }

    /** Sets {@code user} (and a password) on the port's HTTP conduit. */
    static CatalogServiceSoap withConduitUser(CatalogServiceSoap port, String user) {
        return withConduitUser(port, user, null);
    }

    /** Sets {@code user} (and a password) on the port's HTTP conduit, for {@code scheme}. */
    static CatalogServiceSoap withConduitUser(CatalogServiceSoap port, String user,
            String scheme) {
        AuthorizationPolicy auth = new AuthorizationPolicy();
        auth.setAuthorizationType(scheme);
        auth.setUserName(user);
        auth.setPassword(user + "-secret");
        ((HTTPConduit) ClientProxy.getClient(port).getConduit()).setAuthorization(auth);
        return port;
    }

    private static CatalogServiceSoap withHeader(CatalogServiceSoap port, String name,
            String value) throws Exception {
        Document d = DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder()
                .newDocument();
        Element e = d.createElementNS("urn:example:keys", "k:" + name);
        e.setTextContent(value);
        List<Header> headers = new ArrayList<>();
        headers.add(new Header(new QName("urn:example:keys", name), e));
        ((BindingProvider) port).getRequestContext().put(Header.HEADER_LIST, headers);
        return port;
    }

    /** An interceptor of the application's that adds an HTTP field as the request is written. */
    private static CatalogServiceSoap withTenant(CatalogServiceSoap port, String tenant) {
        return withTenant(port, tenant, Phase.PRE_STREAM);
    }

    /** The same, in {@code phase}. */
    private static CatalogServiceSoap withTenant(CatalogServiceSoap port, String tenant,
            String phase) {
        Client client = ClientProxy.getClient(port);
        client.getOutInterceptors().add(new AbstractPhaseInterceptor<Message>(phase) {
            @Override
            public void handleMessage(Message message) {
                @SuppressWarnings("unchecked")
                Map<String, List<String>> headers =
                        (Map<String, List<String>>) message.get(Message.PROTOCOL_HEADERS);
                headers.put("X-Tenant", List.of(tenant));
            }
        });
        return port;
    }
}
