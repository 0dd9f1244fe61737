package io.github.wscache.petshop.remote;

import io.github.wscache.embedded.EmbeddedServer;
import io.github.wscache.petshop.db.Database;
import io.github.wscache.petshop.remote.soap.PetShopAccountMessageReceiverInOut;
import io.github.wscache.petshop.remote.soap.PetShopCartMessageReceiverInOut;
import io.github.wscache.petshop.remote.soap.PetShopCatalogMessageReceiverInOut;
import io.github.wscache.petshop.remote.soap.PetShopOrdersMessageReceiverInOut;
import io.github.wscache.petshop.web.EmbeddedTomcat;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import javax.xml.namespace.QName;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.WSDL11ToAxisServiceBuilder;
import org.apache.axis2.engine.MessageReceiver;

/**
 * The origin of the Fremoting deployment: the four business services of {@code PetShop.wsdl}
 * ({@value #CATALOG}, {@value #CART}, {@value #ACCOUNT}, {@value #ORDERS}) on Axis2 2.0's
 * {@code AxisServlet} inside embedded Tomcat 11 ({@link EmbeddedTomcat}), over the database next
 * to them.
 *
 * <p>Each service is deployed from the WSDL with its generated message receiver; its service
 * objects (skeletons adapting ADB beans to the model and delegating to the local business
 * services) are built per service context, so the {@link ServiceScope} decides how many exist:
 * one per service ({@code application}), one per request ({@code request}), one per client
 * session ({@code soapsession}, with WS-Addressing engaged). Every skeleton builds its own DAOs
 * and service object.
 *
 * <p>Counts the SOAP requests that reach it (a servlet filter on {@code /services/*}), the calls
 * per operation and the service objects created. Worker threads are named
 * {@code petshop-origin-soap-exec-N} so a load test can measure their CPU time.
 */
public final class OriginServices implements AutoCloseable {

    /** Target namespace of the WSDL. */
    public static final String NAMESPACE = "urn:wscache:petshop";
    /** The catalog service ({@code CatalogService}). */
    public static final String CATALOG = "PetShopCatalog";
    /** The cart service ({@code CartService}, cart by value). */
    public static final String CART = "PetShopCart";
    /** The account service ({@code AccountService}). */
    public static final String ACCOUNT = "PetShopAccount";
    /** The order service ({@code OrderService}). */
    public static final String ORDERS = "PetShopOrders";
    /** All four, in the order above. */
    public static final List<String> SERVICES = List.of(CATALOG, CART, ACCOUNT, ORDERS);

    private static final String THREAD_PREFIX = "petshop-origin-soap-exec-";

    private final EmbeddedServer server;
    private final ConfigurationContext axis2;
    private final ServiceScope scope;
    private final OriginCounters counters;

    private OriginServices(EmbeddedServer server, ConfigurationContext axis2, ServiceScope scope,
            OriginCounters counters) {
        this.server = server;
        this.axis2 = axis2;
        this.scope = scope;
        this.counters = counters;
    }

    /**
     * Deploys the services over {@code db} and starts Tomcat on loopback {@code port} (0: any).
     *
     * @throws IOException if the WSDL cannot be read or Tomcat cannot start
     */
    public static OriginServices start(Database db, int port, ServiceScope scope,
            int maxThreads) throws IOException {
        OriginCounters counters = new OriginCounters();
        ConfigurationContext axis2 = ConfigurationContextFactory
                .createConfigurationContextFromFileSystem(null, null);
        deploy(axis2, CATALOG, new PetShopCatalogMessageReceiverInOut(), scope,
                CatalogSkeleton::new, db, counters);
        deploy(axis2, CART, new PetShopCartMessageReceiverInOut(), scope,
                CartSkeleton::new, db, counters);
        deploy(axis2, ACCOUNT, new PetShopAccountMessageReceiverInOut(), scope,
                AccountSkeleton::new, db, counters);
        deploy(axis2, ORDERS, new PetShopOrdersMessageReceiverInOut(), scope,
                OrderSkeleton::new, db, counters);
        if (scope == ServiceScope.SOAPSESSION) {
            AddressingModule.engage(axis2.getAxisConfiguration());
        }

        EmbeddedServer server;
        try {
            server = EmbeddedTomcat.builder("petshop-origin-tomcat-", "petshop-origin-soap",
                    THREAD_PREFIX, port, maxThreads)
                    .filter("soapRequests", new CountingFilter(counters), "/services/*")
                    .axis2("/services/*", axis2)
                    .start();
        } catch (IOException e) {
            throw new IOException("the origin services cannot listen on port " + port, e);
        }
        return new OriginServices(server, axis2, scope, counters);
    }

    private static void deploy(ConfigurationContext axis2, String name, MessageReceiver receiver,
            ServiceScope scope, BiFunction<Database, OriginCounters, Object> skeleton,
            Database db, OriginCounters counters) throws IOException {
        AxisService service;
        try (InputStream in = OriginServices.class.getResourceAsStream("PetShop.wsdl")) {
            if (in == null) {
                throw new IOException("PetShop.wsdl is not on the class path");
            }
            WSDL11ToAxisServiceBuilder builder = new WSDL11ToAxisServiceBuilder(in,
                    new QName(NAMESPACE, name), name + "Soap11Port");
            builder.setServerSide(true);
            service = builder.populateService();
        }
        service.setName(name);
        service.setClassLoader(OriginServices.class.getClassLoader());
        for (Iterator<AxisOperation> it = service.getOperations(); it.hasNext();) {
            it.next().setMessageReceiver(receiver);
        }
        Supplier<Object> factory = () -> skeleton.apply(db, counters);
        if (scope == ServiceScope.APPLICATION) {
            // Axis2 creates the object of a new service context without a lock, so two first
            // requests at once would make two "singletons"; build the one object here
            Object singleton = factory.get();
            factory = () -> singleton;
        }
        SkeletonSupplier.install(service, factory);
        service.setScope(scope.axis2Name());
        axis2.getAxisConfiguration().addService(service);
    }

    /** The bound port. */
    public int port() {
        return server.port();
    }

    /** The scope the services were deployed with. */
    public ServiceScope scope() {
        return scope;
    }

    /** The endpoint of {@code service} (one of {@link #SERVICES}) on this origin's own port. */
    public URI endpoint(String service) {
        return servicesUrl(port()).resolve(service);
    }

    /** The services root {@code http://127.0.0.1:PORT/services/} of an origin on {@code port}. */
    public static URI servicesUrl(int port) {
        return URI.create("http://127.0.0.1:" + port + "/services/");
    }

    /** SOAP (HTTP) requests that reached the services so far. */
    public long requests() {
        return counters.soapRequests();
    }

    /** Calls of one operation, e.g. {@code getCategory}, that reached its service object. */
    public long calls(String operation) {
        return counters.calls(operation);
    }

    /** Service objects of {@code service} created so far. */
    public long instances(String service) {
        return counters.instances(service);
    }

    /** Calls served per service object of {@code service}, by object id. */
    public Map<Integer, Long> callsPerInstance(String service) {
        return counters.callsPerInstance(service);
    }

    /** Prefix of the worker threads' names. */
    public String threadPrefix() {
        return THREAD_PREFIX;
    }

    /**
     * Ends every client session, as Axis2 does to a session left idle for its timeout (30 s);
     * returns how many there were. For tests of the clients' recovery.
     */
    int expireSessions() {
        String[] ids = axis2.getServiceGroupContextIDs();
        for (String id : ids) {
            axis2.removeServiceGroupContext(id);
        }
        return ids.length;
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            try {
                axis2.terminate();
            } catch (AxisFault e) {
                // stopping anyway
            }
        }
    }

    /** Counts POSTs (SOAP requests) before Axis2 sees them. */
    private static final class CountingFilter implements Filter {
        private final OriginCounters counters;

        CountingFilter(OriginCounters counters) {
            this.counters = counters;
        }

        @Override
        public void doFilter(ServletRequest request, ServletResponse response,
                FilterChain chain) throws IOException, ServletException {
            if (request instanceof HttpServletRequest http
                    && "POST".equals(http.getMethod())) {
                counters.soapRequest();
            }
            chain.doFilter(request, response);
        }
    }
}
