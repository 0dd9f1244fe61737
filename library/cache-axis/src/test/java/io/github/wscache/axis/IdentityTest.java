package io.github.wscache.axis;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.service.GoogleSearchServiceImpl;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import io.github.wscache.testkit.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMFactory;
import org.apache.axiom.om.OMNamespace;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.transport.http.impl.httpclient5.HttpTransportPropertiesImpl;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * One identity for both levels: two users for every credential kind, 16 threads interleaved,
 * and not one response reaches the wrong user. The server answers
 * {@link GoogleSearchServiceImpl#WHOAMI} with the credentials it saw, so a response made for
 * one user and handed to another is visible in the answer, not only in a count.
 */
class IdentityTest extends GoogleFixture {
    private static final String WSSE = "http://docs.oasis-open.org/wss/2004/01/"
            + "oasis-200401-wss-wssecurity-secext-1.0.xsd";
    private static final OMFactory OM = OMAbstractFactory.getOMFactory();
    private static final int THREADS = 16;
    private static final int CALLS = 10;

    private ResponseCache cache;

    /** Where the cache sits. */
    enum Level { EVENTS, XML, OBJECT }

    /** A way an application tells the service who its caller is. */
    enum Credential {
        /** Axis2's authenticator, HTTP Basic sent pre-emptively. */
        BASIC_AUTHENTICATOR,
        /** An {@code Authorization} header of another scheme. */
        BEARER_HEADER,
        /** A session cookie the application sets itself. */
        COOKIE_HEADER,
        /** An API key in a custom HTTP header. */
        API_KEY_HEADER,
        /**
         * An API key in an HTTP header set on the client's {@code ServiceContext} rather than
         * its options (Axis2's transport reads both).
         */
        SERVICE_CONTEXT_HEADER,
        /** {@code Options.setUserName} (as WS-Security modules read it). */
        OPTIONS_USER,
        /** A WS-Security {@code UsernameToken} with a clear-text password. */
        WSSE_USERNAME_TOKEN,
        /** A custom SOAP header the cache has never heard of, with a credential-like name. */
        CUSTOM_SOAP_HEADER,
        /** A SOAP header the policy names in {@code identityHeaders}. */
        POLICY_IDENTITY_HEADER,
        /** A SOAP header that is not a credential but selects the answer (a tenant). */
        OTHER_SOAP_HEADER
    }

    @BeforeEach
    void reset() {
        google.server.setSessionCookies(false);
    }

    private static String policy(Level level) {
        return "operations:\n"
                + "  - operation: doSpellingSuggestion\n"
                + "    ttl: 60s\n"
                + "    identityHeaders: [Tenancy]\n"
                + (level == Level.OBJECT ? ""
                        : "    value: " + level.name().toLowerCase(Locale.ROOT) + "\n");
    }

    private GoogleSearchServiceStub stub(Level level) throws Exception {
        if (level == Level.OBJECT) {
            return CachingStubs.using(cache).subclass(GoogleSearchServiceStub.class,
                    google.context, google.server.endpoint());
        }
        return new GoogleSearchServiceStub(google.context, google.server.endpoint());
    }

    private void install(Level level) {
        if (level == Level.OBJECT) {
            cache = ResponseCache.builder().policy(Policy.parse(policy(level), "test.yaml"))
                    .build();
        } else {
            cache = google.install(policy(level), new ManualClock());
        }
    }

    /** Gives {@code stub} the credentials of {@code user}; returns what the server will see. */
    private static String identify(GoogleSearchServiceStub stub, Credential kind, String user) {
        ServiceClient client = stub._getServiceClient();
        Options o = client.getOptions();
        switch (kind) {
            case BASIC_AUTHENTICATOR: {
                // Axis2 sends Basic credentials pre-emptively over HTTPS only, and the fixture
                // does not challenge: the server never sees them, so only the counts can tell
                // that alice and bob were kept apart
                HttpTransportPropertiesImpl.Authenticator a =
                        new HttpTransportPropertiesImpl.Authenticator();
                a.setUsername(user);
                a.setPassword("pw-" + user);
                a.setPreemptiveAuthentication(true);
                o.setProperty(HTTPConstants.AUTHENTICATE, a);
                return null;
            }
            case BEARER_HEADER:
                return header(o, "Authorization", "Bearer token-" + user);
            case COOKIE_HEADER:
                return header(o, "Cookie", "sid=" + user);
            case API_KEY_HEADER:
                return header(o, "X-Api-Key", "key-" + user);
            case SERVICE_CONTEXT_HEADER: {
                List<NamedValue> headers = new ArrayList<>();
                headers.add(new NamedValue("X-Api-Key", "key-" + user));
                client.getServiceContext().setProperty(HTTPConstants.HTTP_HEADERS, headers);
                return "key-" + user;
            }
            case OPTIONS_USER:
                o.setUserName(user);
                o.setPassword("pw-" + user);
                return null;
            case WSSE_USERNAME_TOKEN: {
                OMNamespace ns = OM.createOMNamespace(WSSE, "wsse");
                OMElement security = OM.createOMElement("Security", ns);
                OMElement token = OM.createOMElement("UsernameToken", ns, security);
                OM.createOMElement("Username", ns, token).setText(user);
                OM.createOMElement("Password", ns, token).setText("pw-" + user);
                client.addHeader(security);
                return "pw-" + user;
            }
            case CUSTOM_SOAP_HEADER:
                return soapHeader(client, "AuthHeader", "ticket-" + user);
            case POLICY_IDENTITY_HEADER:
                return soapHeader(client, "Tenancy", "tenancy-" + user);
            default:
                return soapHeader(client, "Region", "region-" + user);
        }
    }

    private static String header(Options o, String name, String value) {
        List<NamedValue> headers = new ArrayList<>();
        headers.add(new NamedValue(name, value));
        o.setProperty(HTTPConstants.HTTP_HEADERS, headers);
        return value;
    }

    private static String soapHeader(ServiceClient client, String name, String value) {
        OMElement h = OM.createOMElement(name, OM.createOMNamespace("urn:example:app", "app"));
        h.setText(value);
        client.addHeader(h);
        return value;
    }

    @ParameterizedTest(name = "{0} at level {1}")
    @EnumSource(Credential.class)
    void twoUsers_sixteenThreads_noResponseReachesTheWrongUser(Credential kind) throws Exception {
        for (Level level : Level.values()) {
            google.reset();
            install(level);
            List<String> wrong = run(level, kind);

            assertThat(wrong).as("%s at %s", kind, level).isEmpty();
            assertThat(google.server.requestCount("doSpellingSuggestion"))
                    .as("one request per user for %s at %s", kind, level).isEqualTo(2);
            assertThat(cache.stats("doSpellingSuggestion").hits())
                    .as("hits for %s at %s", kind, level)
                    .isEqualTo((long) THREADS * CALLS - 2);
            WsCache.uninstall(google.context);
        }
    }

    /** Returns the answers that were not made for the user who got them. */
    private List<String> run(Level level, Credential kind) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<List<String>>> results = new ArrayList<>();
        try {
            for (int t = 0; t < THREADS; t++) {
                String user = t % 2 == 0 ? "alice" : "bob";
                String other = t % 2 == 0 ? "bob" : "alice";
                GoogleSearchServiceStub stub = stub(level);
                String mine = identify(stub, kind, user);
                String theirs = mine == null ? null
                        : identify(new GoogleSearchServiceStub(google.context,
                                google.server.endpoint()), kind, other);
                results.add(pool.submit((Callable<List<String>>) () -> {
                    go.await();
                    List<String> wrong = new ArrayList<>();
                    for (int i = 0; i < CALLS; i++) {
                        String answer = stub.doSpellingSuggestion(GoogleFixtures.spellingRequest(
                                GoogleSearchServiceImpl.WHOAMI)).get_return();
                        stub._getServiceClient().cleanupTransport();
                        if (mine != null && (!answer.contains(mine) || answer.contains(theirs))) {
                            wrong.add(user + " got " + answer);
                        }
                    }
                    return wrong;
                }));
            }
            go.countDown();
            List<String> wrong = new ArrayList<>();
            for (Future<List<String>> f : results) {
                wrong.addAll(f.get(60, TimeUnit.SECONDS));
            }
            return wrong;
        } finally {
            pool.shutdownNow();
            assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(Level.class)
    void sessionCookies_areNeverStoredNorReplayedToAnotherCaller(Level level) throws Exception {
        install(level);
        google.server.setSessionCookies(true);
        GoogleSearchServiceStub alice = stub(level);
        GoogleSearchServiceStub bob = stub(level);
        alice._getServiceClient().getOptions().setManageSession(true);
        bob._getServiceClient().getOptions().setManageSession(true);

        String a1 = whoami(alice);
        String b1 = whoami(bob);
        String a2 = whoami(alice);
        String b2 = whoami(bob);
        String a3 = whoami(alice);
        String b3 = whoami(bob);

        // the first calls carry no cookie: the answers set one, so they are not stored shared
        // (the object level cannot see Set-Cookie: it passes a sessionless managed client by)
        assertThat(a1).contains("Cookie=null");
        assertThat(b1).contains("Cookie=null");
        String aliceSession = a2.substring(a2.indexOf("Cookie=") + 7, a2.indexOf(";X-Api"));
        String bobSession = b2.substring(b2.indexOf("Cookie=") + 7, b2.indexOf(";X-Api"));
        assertThat(aliceSession).startsWith("JSESSIONID=").isNotEqualTo(bobSession);
        assertThat(a3).isEqualTo(a2);
        assertThat(b3).isEqualTo(b2);
        // two uncached first calls, one miss per session, then hits
        assertThat(google.server.requestCount("doSpellingSuggestion")).isEqualTo(4);
        assertThat(cache.stats("doSpellingSuggestion").hits()).isEqualTo(2);
        assertThat(cache.stats("doSpellingSuggestion").bypasses()).isEqualTo(2);
        // what a hit hands back carries no Set-Cookie
        Object headers = alice._getServiceClient().getLastOperationContext()
                .getMessageContext("Out").getProperty(MessageContext.TRANSPORT_HEADERS);
        assertThat(String.valueOf(headers)).doesNotContainIgnoringCase("set-cookie");
    }

    private static String whoami(GoogleSearchServiceStub stub) throws Exception {
        String answer = stub.doSpellingSuggestion(GoogleFixtures.spellingRequest(
                GoogleSearchServiceImpl.WHOAMI)).get_return();
        keepSession(stub._getServiceClient());
        stub._getServiceClient().cleanupTransport();
        return answer;
    }

    /**
     * Keeps the session cookie of the last response as Axis2's managed session does in releases
     * after 2.0.0: 2.0.0's HttpClient 5 {@code RequestImpl.getCookies()} returns every response
     * header instead of the cookies, so its {@code HTTPSender} never finds the session cookie.
     */
    private static void keepSession(ServiceClient client) throws Exception {
        Object headers = client.getLastOperationContext().getMessageContext("Out")
                .getProperty(MessageContext.TRANSPORT_HEADERS);
        if (headers instanceof java.util.Map) {
            Object setCookie = ((java.util.Map<?, ?>) headers).get("Set-Cookie");
            if (setCookie != null) {
                client.getServiceContext().setProperty(HTTPConstants.COOKIE_STRING,
                        setCookie.toString().split(";")[0]);
            }
        }
    }

    @Test
    void sharedAcrossUsers_sharesOneEntryWhateverTheCredentials() throws Exception {
        cache = google.install("operations:\n"
                + "  - operation: doSpellingSuggestion\n"
                + "    ttl: 60s\n"
                + "    value: events\n"
                + "    sharedAcrossUsers: true\n", new ManualClock());
        GoogleSearchServiceStub alice = stub(Level.EVENTS);
        GoogleSearchServiceStub bob = stub(Level.EVENTS);
        identify(alice, Credential.BEARER_HEADER, "alice");
        identify(bob, Credential.BEARER_HEADER, "bob");

        String a = alice.doSpellingSuggestion(GoogleFixtures.spellingRequest("teh")).get_return();
        String b = bob.doSpellingSuggestion(GoogleFixtures.spellingRequest("teh")).get_return();

        assertThat(a).isEqualTo(b);
        assertThat(google.server.requestCount("doSpellingSuggestion")).isEqualTo(1);
    }
}
