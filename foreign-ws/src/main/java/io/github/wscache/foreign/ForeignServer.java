package io.github.wscache.foreign;

import io.github.wscache.embedded.EmbeddedServer;
import io.github.wscache.foreign.catalog.server.CatalogServiceMessageReceiverInOut;
import io.github.wscache.foreign.customers.server.CustomerServiceMessageReceiverInOut;
import io.github.wscache.embedded.SharedServiceObject;
import io.github.wscache.foreign.quotes.server.StockQuoteServiceMessageReceiverInOut;
import io.github.wscache.foreign.service.CatalogServiceImpl;
import io.github.wscache.foreign.service.CustomerServiceImpl;
import io.github.wscache.foreign.service.StockQuoteServiceImpl;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import javax.xml.namespace.QName;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.WSDL11ToAxisServiceBuilder;
import org.apache.axis2.engine.MessageReceiver;
import org.apache.axis2.transport.http.AxisServlet;

/**
 * The foreign-ws corpus on loopback: every {@link ForeignService} deployed from its WSDL into one
 * Axis2 2.0 {@link AxisServlet} on embedded Tomcat 11 (an {@link EmbeddedServer}), backed by the
 * implementations in {@code io.github.wscache.foreign.service}.
 *
 * <p>In front of Axis2, three servlet filters, in this order:
 * <ol>
 *   <li>a recorder that counts every HTTP request per service and operation
 *       ({@link #count(ForeignService, String)}) and keeps its headers
 *       ({@link #requests()}), so tests can assert exactly how many requests, and whose,
 *       reached the server;</li>
 *   <li>optional HTTP Basic authentication ({@link #requireBasicAuth(Map)}): a request without
 *       valid credentials is answered 401 (and is counted, since it reached the server);</li>
 *   <li>optional per-user session cookies ({@link #setSessionCookies(boolean)}):
 *       {@code Set-Cookie: SESSION=<id>} on every response.</li>
 * </ol>
 *
 * <pre>{@code
 * try (ForeignServer server = ForeignServer.start()) {
 *     CatalogServiceStub stub =
 *             new CatalogServiceStub(clientContext, server.endpoint(ForeignService.CATALOG));
 *     ...
 *     assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(1);
 * }
 * }</pre>
 *
 * <p>Thread-safe. {@link #close()} stops Tomcat, terminates the Axis2 configuration and returns
 * once the connector's threads have ended.
 */
public final class ForeignServer implements AutoCloseable {

    /** Port used by {@link #main(String[])} without an argument. */
    public static final int DEFAULT_PORT = 8082;

    /** Name of the session cookie, see {@link #setSessionCookies(boolean)}. */
    public static final String SESSION_COOKIE = "SESSION";

    private final EmbeddedServer server;
    private final Services services;
    private final RequestRecorder recorder;
    private final BasicAuth basicAuth;
    private final SessionCookies sessionCookies;
    private final String root;

    private ForeignServer(EmbeddedServer server, Services services,
            RequestRecorder recorder, BasicAuth basicAuth, SessionCookies sessionCookies,
            int port) {
        this.server = server;
        this.services = services;
        this.recorder = recorder;
        this.basicAuth = basicAuth;
        this.sessionCookies = sessionCookies;
        this.root = "http://127.0.0.1:" + port + "/services/";
    }

    /** Starts a server on any free loopback port with default options. */
    public static ForeignServer start() throws IOException {
        return builder().start();
    }

    /** Starts a server on the given loopback port (0 for any free port) with default options. */
    public static ForeignServer start(int port) throws IOException {
        return builder().port(port).start();
    }

    /** Returns a builder for a server with non-default options. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The session id a server with {@link #setSessionCookies(boolean) session cookies} gives
     * the Basic user {@code user}: {@code u-} and the URL-safe Base64 of the name's UTF-8 bytes,
     * e.g. {@code u-YWxpY2U} for {@code alice}.
     */
    public static String sessionId(String user) {
        return "u-" + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(user.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The endpoint its stub was generated for: the SOAP 1.1 port, or for
     * {@link ForeignService#CUSTOMERS} the only (SOAP 1.2) port.
     */
    public String endpoint(ForeignService service) {
        return root + service.serviceName() + '.' + service.stubPort();
    }

    /**
     * The SOAP 1.2 endpoint of a service that has one ({@link ForeignService#CATALOG},
     * {@link ForeignService#CUSTOMERS}).
     *
     * @throws IllegalArgumentException for a service without a SOAP 1.2 port
     */
    public String soap12Endpoint(ForeignService service) {
        String port = service.soap12Port().orElseThrow(() -> new IllegalArgumentException(
                "service has no soap 1.2 port: " + service));
        return root + service.serviceName() + '.' + port;
    }

    /** {@link #endpoint(ForeignService)} of every service. */
    public Map<ForeignService, String> endpoints() {
        Map<ForeignService, String> endpoints = new EnumMap<>(ForeignService.class);
        for (ForeignService service : ForeignService.values()) {
            endpoints.put(service, endpoint(service));
        }
        return endpoints;
    }

    /** The service's WSDL as Axis2 serves it, with this server's addresses. */
    public String wsdlUrl(ForeignService service) {
        return root + service.serviceName() + "?wsdl";
    }

    /** The TCP port the server listens on. */
    public int port() {
        return server.port();
    }

    /** The implementation of {@link ForeignService#CATALOG}. */
    public CatalogServiceImpl catalog() {
        return services.catalog;
    }

    /** The implementation of {@link ForeignService#QUOTES}. */
    public StockQuoteServiceImpl quotes() {
        return services.quotes;
    }

    /** The implementation of {@link ForeignService#CUSTOMERS}. */
    public CustomerServiceImpl customers() {
        return services.customers;
    }

    /** Number of HTTP requests received since start or the last {@link #reset()}. */
    public long count() {
        return recorder.total();
    }

    /**
     * Number of HTTP requests received for the operation since start or the last
     * {@link #reset()}. The operation is named as on the wire: the SOAP body's first element
     * (e.g. {@code "KeywordSearch"}, {@code "GetQuote"}, {@code "getCustomer"}), which for
     * these WSDLs is the WSDL operation name, not the stub's Java method name.
     */
    public long count(ForeignService service, String operation) {
        return recorder.count(service.serviceName(), operation);
    }

    /** Every request received since start or the last {@link #reset()}, oldest first. */
    public List<ReceivedRequest> requests() {
        return recorder.requests();
    }

    /**
     * The requests received for the operation (named as in
     * {@link #count(ForeignService, String)}), oldest first.
     */
    public List<ReceivedRequest> requests(ForeignService service, String operation) {
        return recorder.requests().stream()
                .filter(r -> r.service().equals(service.serviceName())
                        && r.operation().equals(operation))
                .toList();
    }

    /**
     * Sets all counts to zero, forgets the recorded requests and numbers anonymous sessions
     * from 1 again. Leaves the options ({@link #requireBasicAuth(Map)},
     * {@link #setSessionCookies(boolean)}) and the services' state as they are.
     */
    public void reset() {
        recorder.reset();
        sessionCookies.reset();
    }

    /**
     * Requires HTTP Basic credentials from {@code users} (user name to password) on every
     * request; {@code null} turns authentication off (the default).
     */
    public void requireBasicAuth(Map<String, String> users) {
        if (users != null && users.isEmpty()) {
            throw new IllegalArgumentException("users must not be empty");
        }
        basicAuth.users(users);
    }

    /**
     * Sets {@code Set-Cookie: SESSION=<id>; Path=/; HttpOnly} on every response when on: the id
     * is {@link #sessionId(String)} of the request's Basic user, or {@code anon-<n>} for a request
     * without Basic credentials (n counts from 1, again after {@link #reset()}). Off by default.
     * The cookie is set whether or not the client sent one.
     */
    public void setSessionCookies(boolean on) {
        sessionCookies.enabled(on);
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
        ForeignServer server = start(port);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "foreign-ws-shutdown"));
        for (ForeignService service : ForeignService.values()) {
            System.out.println(service.serviceName());
            service.soap11Port().ifPresent(p -> System.out.println(
                    "  SOAP 1.1: " + server.root + service.serviceName() + '.' + p));
            service.soap12Port().ifPresent(p -> System.out.println(
                    "  SOAP 1.2: " + server.root + service.serviceName() + '.' + p));
            System.out.println("  WSDL:     " + server.wsdlUrl(service));
        }
        new CountDownLatch(1).await();
    }

    private static void deploy(ConfigurationContext context, ForeignService service,
            Object implementation, Supplier<MessageReceiver> receivers) throws IOException {
        AxisService axisService;
        try (InputStream in = service.wsdl().openStream()) {
            WSDL11ToAxisServiceBuilder builder = new WSDL11ToAxisServiceBuilder(in,
                    new QName(service.namespace(), service.serviceName()), null);
            builder.setServerSide(true);
            axisService = builder.populateService();
        }
        axisService.setClassLoader(ForeignServer.class.getClassLoader());
        for (Iterator<AxisOperation> it = axisService.getOperations(); it.hasNext();) {
            it.next().setMessageReceiver(receivers.get());
        }
        SharedServiceObject.install(axisService, implementation);
        context.getAxisConfiguration().addService(axisService);
    }

    /** Options for a {@link ForeignServer}. Not thread-safe. */
    public static final class Builder {
        private int port;
        private Map<String, String> basicAuthUsers;
        private boolean sessionCookies;

        private Builder() {
        }

        /** The loopback port to listen on; 0 (the default) picks a free one. */
        public Builder port(int port) {
            this.port = EmbeddedServer.checkPort(port);
            return this;
        }

        /** See {@link ForeignServer#requireBasicAuth(Map)}; off by default. */
        public Builder requireBasicAuth(Map<String, String> users) {
            Objects.requireNonNull(users, "users");
            if (users.isEmpty()) {
                throw new IllegalArgumentException("users must not be empty");
            }
            this.basicAuthUsers = Map.copyOf(users);
            return this;
        }

        /** See {@link ForeignServer#setSessionCookies(boolean)}; off by default. */
        public Builder sessionCookies(boolean on) {
            this.sessionCookies = on;
            return this;
        }

        /** Deploys the services and starts Tomcat; returns once the port is open. */
        public ForeignServer start() throws IOException {
            Services services = new Services();
            ConfigurationContext axis2 = ConfigurationContextFactory
                    .createConfigurationContextFromFileSystem(null, null);
            deploy(axis2, ForeignService.CATALOG, services.catalog,
                    CatalogServiceMessageReceiverInOut::new);
            deploy(axis2, ForeignService.QUOTES, services.quotes,
                    StockQuoteServiceMessageReceiverInOut::new);
            deploy(axis2, ForeignService.CUSTOMERS, services.customers,
                    CustomerServiceMessageReceiverInOut::new);

            RequestRecorder recorder = new RequestRecorder();
            BasicAuth basicAuth = new BasicAuth();
            basicAuth.users(basicAuthUsers);
            SessionCookies cookies = new SessionCookies();
            cookies.enabled(sessionCookies);
            EmbeddedServer server = EmbeddedServer.builder()
                    .port(port)
                    .address("127.0.0.1")
                    .baseDirPrefix("foreign-ws-tomcat")
                    .filter("requestRecorder", recorder, "/*")
                    .filter("basicAuth", basicAuth, "/*")
                    .filter("sessionCookies", cookies, "/*")
                    .axis2("/services/*", axis2)
                    .start();
            return new ForeignServer(server, services, recorder, basicAuth, cookies,
                    server.port());
        }
    }

    /** The three implementations one server serves. */
    private static final class Services {
        final CatalogServiceImpl catalog = new CatalogServiceImpl();
        final StockQuoteServiceImpl quotes = new StockQuoteServiceImpl();
        final CustomerServiceImpl customers = new CustomerServiceImpl();
    }
}
