package io.github.wscache.google;

import io.github.wscache.embedded.EmbeddedServer;
import io.github.wscache.embedded.SharedServiceObject;
import io.github.wscache.google.server.GoogleSearchServiceMessageReceiverInOnly;
import io.github.wscache.google.server.GoogleSearchServiceMessageReceiverInOut;
import io.github.wscache.google.service.GoogleSearchRpc;
import io.github.wscache.google.service.GoogleSearchServiceImpl;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import javax.xml.namespace.QName;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.WSDL11ToAxisServiceBuilder;
import org.apache.axis2.description.WSDL2Constants;
import org.apache.axis2.engine.MessageReceiver;
import org.apache.axis2.rpc.receivers.RPCMessageReceiver;
import org.apache.axis2.transport.http.AxisServlet;
import org.apache.axis2.wsdl.WSDLUtil;

/**
 * The dummy Google Web APIs on loopback: Axis2 2.0's {@link AxisServlet} on embedded Tomcat 11
 * (an {@link EmbeddedServer}), serving {@code GoogleSearch.wsdl} over SOAP 1.1, SOAP 1.2 and
 * REST (GET {@code doSpellingSuggestion}), backed by one {@link GoogleSearchServiceImpl}.
 *
 * <p>The server counts every HTTP request that reaches it, in total and per operation, so tests
 * can assert exactly how many calls a cache let through; it can hold requests until released
 * ({@link #holdRequests()}), so that tests order concurrent callers without sleeping. With
 * {@link #setRestCaching(Duration)} REST GET responses carry {@code Cache-Control: max-age} and
 * an {@code ETag}, and a matching {@code If-None-Match} is answered {@code 304 Not Modified} (and
 * counted).
 *
 * <pre>{@code
 * try (GoogleServer server = GoogleServer.start(0)) {
 *     GoogleSearchServiceStub stub = new GoogleSearchServiceStub(clientContext, server.endpoint());
 *     ...
 *     assertThat(server.requestCount("doGoogleSearch")).isEqualTo(1);
 * }
 * }</pre>
 *
 * <p>The Axis2 configuration is built in code ({@code axis2.xml} defaults, no repository) and the
 * service is deployed from the WSDL with {@link WSDL11ToAxisServiceBuilder}, so all three ports
 * exist. Thread-safe; {@link #close()} stops Tomcat and terminates the Axis2 configuration.
 */
public final class GoogleServer implements AutoCloseable {

    /** Service name in the WSDL and in every endpoint URL. */
    public static final String SERVICE_NAME = "GoogleSearchService";

    /** Target namespace of the WSDL and its schema. */
    public static final String NAMESPACE = "urn:wscache:google";

    /** Name of the POJO service for {@code RPCServiceClient}, see {@link #rpcEndpoint()}. */
    public static final String RPC_SERVICE_NAME = "GoogleSearchRpc";

    /** Target namespace of the POJO service's operations and schema. */
    public static final String RPC_NAMESPACE = "urn:wscache:google:rpc";

    /** Port used by {@link #main(String[])} without an argument. */
    public static final int DEFAULT_PORT = 8081;

    private static final String SOAP11_PORT = "GoogleSearchSoap11Port";
    private static final String SOAP12_PORT = "GoogleSearchSoap12Port";
    private static final String HTTP_PORT = "GoogleSearchHttpPort";

    private final EmbeddedServer server;
    private final GoogleSearchServiceImpl service;
    private final RequestCounter counter;
    private final RestCaching restCaching;
    private final FailureInjection failures;
    private final SessionCookies sessions;
    private final RequestGate gate;
    private final String root;
    private final String base;

    private GoogleServer(EmbeddedServer server, GoogleSearchServiceImpl service,
            RequestCounter counter, RestCaching restCaching, FailureInjection failures,
            SessionCookies sessions, RequestGate gate, int port) {
        this.server = server;
        this.service = service;
        this.counter = counter;
        this.restCaching = restCaching;
        this.failures = failures;
        this.sessions = sessions;
        this.gate = gate;
        this.root = "http://127.0.0.1:" + port + "/services/";
        this.base = root + SERVICE_NAME + ".";
    }

    /** Starts a server on the given loopback port (0 for any free port) with default options. */
    public static GoogleServer start(int port) throws IOException {
        return builder().port(port).start();
    }

    /** Returns a builder for a server with non-default options. */
    public static Builder builder() {
        return new Builder();
    }

    /** Returns the WSDL on the class path, the one the stubs were generated from. */
    public static URL wsdl() {
        return Objects.requireNonNull(GoogleServer.class.getResource("GoogleSearch.wsdl"),
                "GoogleSearch.wsdl");
    }

    /** The SOAP 1.1 endpoint URL. */
    public String endpoint() {
        return base + SOAP11_PORT;
    }

    /** The SOAP 1.2 endpoint URL. */
    public String soap12Endpoint() {
        return base + SOAP12_PORT;
    }

    /**
     * The REST endpoint URL; operations are below it, e.g.
     * {@code restEndpoint() + "/doSpellingSuggestion?key=k&phrase=p"}.
     */
    public String restEndpoint() {
        return base + HTTP_PORT;
    }

    /** The WSDL of the document/literal service as served, with this server's addresses. */
    public String wsdlUrl() {
        return root + SERVICE_NAME + "?wsdl";
    }

    /**
     * The endpoint of {@link GoogleSearchRpc}, the same operations as a POJO service that
     * {@code RPCServiceClient} can call (namespace {@value #RPC_NAMESPACE}).
     */
    public String rpcEndpoint() {
        return root + RPC_SERVICE_NAME;
    }

    /** The TCP port the server listens on. */
    public int port() {
        return server.port();
    }

    /** The service implementation, e.g. to set a delay or read the logged queries. */
    public GoogleSearchServiceImpl service() {
        return service;
    }

    /** Number of HTTP requests received since start or the last {@link #resetCounts()}. */
    public long requestCount() {
        return counter.total();
    }

    /**
     * Number of HTTP requests received for the operation (e.g. {@code "doGoogleSearch"}) since
     * start or the last {@link #resetCounts()}; {@code ""} counts requests with no operation.
     */
    public long requestCount(String operation) {
        return counter.count(operation);
    }

    /**
     * Number of HTTP requests with the method (e.g. {@code "GET"}) received for the operation
     * since start or the last {@link #resetCounts()}.
     */
    public long requestCount(String method, String operation) {
        return counter.count(method, operation);
    }

    /** Sets all request counts to zero. */
    public void resetCounts() {
        counter.reset();
    }

    /**
     * Makes REST GET responses cacheable for {@code maxAge} with an entity tag and answers
     * matching conditional requests with 304; {@code null} turns this off (the default).
     */
    public void setRestCaching(Duration maxAge) {
        if (maxAge != null && maxAge.isNegative()) {
            throw new IllegalArgumentException("max age must not be negative: " + maxAge);
        }
        restCaching.maxAge(maxAge);
    }

    /**
     * Makes the server answer a matching REST conditional request with {@code status} instead of
     * {@code 304} (a misbehaving origin or proxy); {@code 304} restores the default.
     */
    public void setConditionalStatus(int status) {
        restCaching.conditionalStatus(status);
    }

    /** Returns a header of the last REST conditional request received, or {@code null}. */
    public String lastConditionalRequestHeader(String name) {
        return restCaching.lastConditionalHeader(name);
    }

    /** Changes every REST entity tag, as if all content had changed at the origin. */
    public void changeRestContent() {
        restCaching.changeContent();
    }

    /**
     * Answers the next {@code count} requests (counted as usual) with the HTTP {@code status} and
     * a plain-text body, without a SOAP envelope and without reaching the service; e.g.
     * {@code failNext(1, 503)}. A new call replaces what is left of the previous one.
     */
    public void failNext(int count, int status) {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status must be in 100..599: " + status);
        }
        failures.failNext(count, status);
    }

    /**
     * Switches per-caller session cookies on or off: while on, every request without a
     * {@code JSESSIONID} cookie is answered with {@code Set-Cookie: JSESSIONID=s<n>}, a new
     * session each time, as a stateful service does. Off by default.
     */
    public void setSessionCookies(boolean enabled) {
        sessions.enable(enabled);
    }

    /**
     * Holds every request from now on, after counting it, until {@link #releaseRequests()}: a
     * test can see a request arrive ({@link #heldRequests()}) and order other callers against
     * its answer without sleeping. A request held for more than a minute is answered {@code 503}
     * without reaching the service. Calling it while requests are held keeps holding them.
     */
    public void holdRequests() {
        gate.close();
    }

    /** Lets the held requests and every later one through; idempotent. */
    public void releaseRequests() {
        gate.open();
    }

    /** The number of requests {@link #holdRequests()} holds now. */
    public int heldRequests() {
        return gate.held();
    }

    /** Stops Tomcat (which terminates the server's Axis2 configuration); idempotent. */
    @Override
    public void close() {
        server.close();
    }

    /**
     * Starts a server on the port given as the only argument (default {@value #DEFAULT_PORT}),
     * prints its URLs and runs until the JVM is stopped.
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_PORT;
        GoogleServer server = start(port);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "google-ws-shutdown"));
        System.out.println("GoogleSearchService running");
        System.out.println("  SOAP 1.1: " + server.endpoint());
        System.out.println("  SOAP 1.2: " + server.soap12Endpoint());
        System.out.println("  REST:     " + server.restEndpoint()
                + "/doSpellingSuggestion?key=k&phrase=britney%20speers");
        System.out.println("  WSDL:     " + server.wsdlUrl());
        System.out.println("  RPC:      " + server.rpcEndpoint());
        new CountDownLatch(1).await();
    }

    private static void deploy(ConfigurationContext context,
            GoogleSearchServiceImpl impl) throws IOException {
        AxisService axisService;
        try (InputStream in = wsdl().openStream()) {
            WSDL11ToAxisServiceBuilder builder = new WSDL11ToAxisServiceBuilder(in,
                    new QName(NAMESPACE, SERVICE_NAME), null);
            builder.setServerSide(true);
            axisService = builder.populateService();
        }
        axisService.setClassLoader(GoogleServer.class.getClassLoader());
        for (Iterator<AxisOperation> it = axisService.getOperations(); it.hasNext();) {
            AxisOperation operation = it.next();
            operation.setMessageReceiver(
                    WSDLUtil.isOutputPresentForMEP(operation.getMessageExchangePattern())
                            ? new GoogleSearchServiceMessageReceiverInOut()
                            : new GoogleSearchServiceMessageReceiverInOnly());
        }
        SharedServiceObject.install(axisService, impl);
        context.getAxisConfiguration().addService(axisService);
    }

    private static void deployRpc(ConfigurationContext context,
            GoogleSearchServiceImpl impl) throws AxisFault {
        Map<String, MessageReceiver> receivers = new HashMap<>();
        receivers.put(WSDL2Constants.MEP_URI_IN_OUT, new RPCMessageReceiver());
        AxisService rpcService = AxisService.createService(GoogleSearchRpc.class.getName(),
                context.getAxisConfiguration(), receivers, RPC_NAMESPACE, RPC_NAMESPACE,
                GoogleServer.class.getClassLoader());
        SharedServiceObject.install(rpcService, new GoogleSearchRpc(impl));
        context.getAxisConfiguration().addService(rpcService);
    }

    /** Options for a {@link GoogleServer}. Not thread-safe. */
    public static final class Builder {
        private int port;
        private Duration restMaxAge;
        private GoogleSearchServiceImpl service;

        private Builder() {
        }

        /** The loopback port to listen on; 0 (the default) picks a free one. */
        public Builder port(int port) {
            this.port = EmbeddedServer.checkPort(port);
            return this;
        }

        /** See {@link GoogleServer#setRestCaching(Duration)}; off by default. */
        public Builder restCaching(Duration maxAge) {
            if (maxAge != null && maxAge.isNegative()) {
                throw new IllegalArgumentException("max age must not be negative: " + maxAge);
            }
            this.restMaxAge = maxAge;
            return this;
        }

        /** The implementation to serve; a new {@link GoogleSearchServiceImpl} by default. */
        public Builder service(GoogleSearchServiceImpl service) {
            this.service = Objects.requireNonNull(service, "service");
            return this;
        }

        /** Deploys the service and starts Tomcat; returns once the port is open. */
        public GoogleServer start() throws IOException {
            GoogleSearchServiceImpl impl =
                    service == null ? new GoogleSearchServiceImpl() : service;
            ConfigurationContext axis2 = ConfigurationContextFactory
                    .createConfigurationContextFromFileSystem(null, null);
            deploy(axis2, impl);
            deployRpc(axis2, impl);

            RequestCounter counter = new RequestCounter();
            RestCaching caching = new RestCaching();
            caching.maxAge(restMaxAge);
            FailureInjection failures = new FailureInjection();
            SessionCookies sessions = new SessionCookies();
            RequestGate gate = new RequestGate();
            EmbeddedServer server = EmbeddedServer.builder()
                    .port(port)
                    .address("127.0.0.1")
                    .baseDirPrefix("google-ws-tomcat")
                    .filter("requestCounter", counter, "/*")
                    .filter("requestGate", gate, "/*")
                    .filter("sessionCookies", sessions, "/*")
                    .filter("failureInjection", failures, "/*")
                    .filter("restCaching", caching, "/*")
                    .axis2("/services/*", axis2)
                    .start();
            return new GoogleServer(server, impl, counter, caching, failures, sessions, gate,
                    server.port());
        }
    }
}
