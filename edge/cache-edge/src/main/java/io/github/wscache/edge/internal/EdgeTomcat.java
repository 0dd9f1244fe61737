package io.github.wscache.edge.internal;

import jakarta.servlet.Servlet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Valve;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.core.StandardEngine;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.core.StandardService;
import org.apache.catalina.startup.Tomcat;

/**
 * The edge's embedded Tomcat 11: the proxy's port, whose root context sends every request
 * through one valve to one servlet, and optionally the admin port, a Tomcat service of its own
 * (own connector, engine, host and context), so that nothing of the proxy is reachable through
 * it and the admin port's servlets are not reachable through the proxy's port. Its files are in
 * a temporary directory.
 *
 * <p>Not embedded-server's {@code EmbeddedServer}: that module is not part of the library and
 * depends on Axis2 (its builder does not even load without it), which the edge, a library, must
 * not bring to the applications that embed it.
 *
 * <p><b>Parsing.</b> The proxy's connector is Tomcat's HTTP/1.1 parser, which already refuses
 * with a 400 what could frame one request two ways (RFC 9112 §6.3, §11.2): two
 * {@code Content-Length} fields (even equal ones), {@code Content-Length} with a list,
 * {@code Transfer-Encoding} with a space before the colon or named twice, a missing or second
 * {@code Host}, a {@code Host} other than an absolute-form target's, a control character in a
 * field value; an unknown transfer coding is a 501. With both {@code Transfer-Encoding: chunked}
 * and {@code Content-Length} it reads the chunks, ignores the length and closes the connection
 * after; it unfolds obs-fold into a space and takes a bare LF as a line end, and the edge
 * forwards its own, re-serialised request, so none of these reaches the origin as sent. Set
 * here: an encoded slash or backslash ({@code %2F}, {@code %5C}) in the path is refused (400;
 * passed on only by the tests' naive proxy), and the buffer for the request line and fields is
 * {@code maxHeadBytes}, larger than the edge's own limits, which answer 414 and 431
 * ({@link ProxyServlet}).
 *
 * <p><b>Managed objects.</b> Tomcat registers its components in the JVM's MBeanServer under its
 * engine's name. Each edge's engines have names of their own ({@code wscache-edge-<n>} and
 * {@code wscache-edge-admin-<n>}), so that an edge neither replaces the objects of another Tomcat
 * in the same JVM (an application's own, under the default {@code Tomcat}, or another edge's) nor
 * removes them when it stops, and edges started at once do not race for one name.
 *
 * <p>Stopping is in steps, so that the edge can drain between them: {@link #stopAccepting()},
 * then {@link #stop()}, then {@link #deleteBaseDir()}. Not thread-safe.
 */
public final class EdgeTomcat {
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final int instance = INSTANCES.incrementAndGet();
    private final Path baseDir;
    private final Tomcat tomcat;
    private final Listener proxy;
    private Listener admin;
    private int port = -1;
    private int adminPort = -1;

    /**
     * Configures Tomcat, not started yet, with the proxy's port: {@code valve} in front of
     * {@code servlet}, which is mapped to every path and initialized at start.
     *
     * @param port the port to listen on, 0 for any free one
     * @param maxHeadBytes the size of the buffer for the request line and header fields
     * @param passEncodedSlash whether {@code %2F} and {@code %5C} in a path pass (the tests'
     *     naive proxy)
     * @throws IOException if the temporary directory cannot be made
     */
    public EdgeTomcat(String address, int port, Valve valve, Servlet servlet, int maxHeadBytes,
            boolean passEncodedSlash) throws IOException {
        baseDir = Files.createTempDirectory("wscache-edge");
        tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        tomcat.setSilent(true);
        tomcat.getEngine().setName("wscache-edge-" + instance);
        proxy = new Listener(address, port);
        proxy.connector().setProperty("maxHttpRequestHeaderSize", Integer.toString(maxHeadBytes));
        String encoded = passEncodedSlash ? "passthrough" : "reject";
        proxy.connector().setEncodedSolidusHandling(encoded);
        proxy.connector().setEncodedReverseSolidusHandling(encoded);
        tomcat.setConnector(proxy.connector());
        StandardContext context = context((StandardContext) tomcat.addContext("", null));
        context.getPipeline().addValve(valve);
        Wrapper w = Tomcat.addServlet(context, "edge", servlet);
        w.setLoadOnStartup(1);
        context.addServletMapping("/", "edge");
    }

    /**
     * Adds the admin port, a service of its own whose root context has {@code servlets}, each
     * mapped to its pattern.
     *
     * @param port the port to listen on, 0 for any free one
     */
    public void addAdminPort(String address, int port, List<Mapping> servlets) {
        StandardService service = new StandardService();
        service.setName("wscache-edge-admin");
        StandardEngine engine = new StandardEngine();
        engine.setName("wscache-edge-admin-" + instance);
        engine.setDefaultHost("localhost");
        StandardHost host = new StandardHost();
        host.setName("localhost");
        engine.addChild(host);
        service.setContainer(engine);
        admin = new Listener(address, port);
        service.addConnector(admin.connector());
        tomcat.getServer().addService(service);
        StandardContext context = context((StandardContext) tomcat.addContext(host, "", null));
        for (Mapping m : servlets) {
            Tomcat.addServlet(context, m.name(), m.servlet());
            context.addServletMapping(m.pattern(), m.name());
        }
    }

    /** Nothing is redeployed: no leak detection on stop (it would want {@code --add-opens}). */
    private static StandardContext context(StandardContext context) {
        context.setClearReferencesThreadLocals(false);
        context.setClearReferencesRmiTargets(false);
        return context;
    }

    /**
     * Starts Tomcat; returns once the ports listen.
     *
     * @throws IOException {@code cannot listen on <address>:<port>} if a port could not be
     *     bound (Tomcat itself only logs that)
     * @throws LifecycleException if Tomcat does not start
     */
    public void start() throws IOException, LifecycleException {
        tomcat.start();
        port = proxy.listening();
        adminPort = admin == null ? -1 : admin.listening();
    }

    /** The proxy's port once it listens, else -1. */
    public int port() {
        return port;
    }

    /** The admin port once it listens, else -1 (also when there is none). */
    public int adminPort() {
        return adminPort;
    }

    /**
     * Stops accepting connections on the proxy's port, at once; a request arriving on a
     * connection that is already open gets a 503. Requests in flight go on.
     *
     * @return whether the port was listening (else there is nothing in flight to wait for)
     */
    public boolean stopAccepting() {
        if (port < 0) {
            return false;
        }
        proxy.connector().pause();
        proxy.connector().getProtocolHandler().closeServerSocketGraceful();
        return true;
    }

    /**
     * Stops and destroys Tomcat; requests still running are cut off (their clients see the
     * connection close).
     *
     * @throws LifecycleException if Tomcat cannot be stopped
     */
    public void stop() throws LifecycleException {
        tomcat.stop();
        tomcat.destroy();
    }

    /** Deletes the temporary directory; one left behind is harmless. */
    public void deleteBaseDir() {
        if (!Files.exists(baseDir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(baseDir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary directory is harmless
        }
    }

    /**
     * A servlet of the admin port.
     *
     * @param name its name in its context
     * @param pattern the URL pattern it is mapped to, such as {@code /} or {@code /admin/*}
     */
    public record Mapping(String name, String pattern, Servlet servlet) {
    }

    /** A connector with the address and port it was asked for. */
    private record Listener(Connector connector, String address, int port) {
        Listener(String address, int port) {
            this(new Connector(), address, port);
            connector.setPort(port);
            connector.setProperty("address", address);
            // a request still running after the drain has been cut off: do not wait for it again
            connector.setProperty("executorTerminationTimeoutMillis", "1000");
        }

        int listening() throws IOException {
            int p = connector.getLocalPort();
            if (p <= 0) {
                throw new IOException("cannot listen on " + address + ":" + port);
            }
            return p;
        }
    }
}
