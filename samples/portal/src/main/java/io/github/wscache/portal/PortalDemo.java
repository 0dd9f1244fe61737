package io.github.wscache.portal;

import io.github.wscache.core.policy.PolicyException;
import io.github.wscache.google.GoogleServer;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one command of the demo: starts the Google back-end and the portal in one JVM, prints
 * their URLs (portal, search, dashboard, admin page, back-end) and runs until Ctrl-C. A start
 * that fails (a broken policy, a port in use) prints one line with the cause and what to do and
 * exits with status 2; the stack trace and Tomcat's own records are logged at DEBUG (with
 * slf4j-simple: {@code -Dorg.slf4j.simpleLogger.log.io.github.wscache.portal=debug}). With
 * {@code --backend URL} it starts the portal only, in front of a back-end that runs elsewhere
 * (one node of a farm: see {@code load.FarmLoad}).
 *
 * <pre>
 * java -jar samples/portal/target/portal-demo.jar [--port 8080] [--backend-port 8081]
 *      [--delay-ms 0] [--policy samples/portal/wscache.yaml]
 * java -jar samples/portal/target/portal-demo.jar --port 8082
 *      --backend http://127.0.0.1:8081/axis2/services/GoogleSearchService --policy farm.yaml
 * </pre>
 */
public final class PortalDemo {
    private static final Logger LOG = LoggerFactory.getLogger(PortalDemo.class);

    private PortalDemo() {
    }

    /** A port the demo cannot listen on because another process has it. */
    static final class PortInUseException extends IOException {
        private static final long serialVersionUID = 1L;

        PortInUseException(int port, String option, Throwable cause) {
            super("port " + port + " is in use; start with " + option
                    + " N (another port, or 0 for any free one)", cause);
        }
    }

    /**
     * Returns {@code e}, or that {@code port} is in use when it is (Tomcat only logs a port it
     * cannot bind, so the port is tried once more here), naming the option that picks another.
     */
    static IOException portFailure(IOException e, int port, String option) {
        boolean bind = false;
        for (Throwable t = e; t != null && !bind; t = t.getCause()) {
            bind = t instanceof BindException;
        }
        if (port > 0 && (bind || !free(port))) {
            return new PortInUseException(port, option, e);
        }
        return e;
    }

    /** Returns whether this process can listen on the loopback {@code port} now. */
    private static boolean free(int port) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Parsed command line; {@code backend} is an external back-end's endpoint, or null. */
    record Args(int port, int backendPort, long delayMs, Path policy, String backend) {
        static Args parse(String[] args) {
            int port = 8080;
            int backendPort = GoogleServer.DEFAULT_PORT;
            long delay = 0;
            Path policy = null;
            String backend = null;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if ("--help".equals(a) || "-h".equals(a)) {
                    throw new IllegalArgumentException("");
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value after " + a);
                }
                String v = args[++i];
                switch (a) {
                    case "--port":
                        port = Integer.parseInt(v);
                        break;
                    case "--backend-port":
                        backendPort = Integer.parseInt(v);
                        break;
                    case "--delay-ms":
                        delay = Long.parseLong(v);
                        break;
                    case "--policy":
                        policy = Path.of(v);
                        break;
                    case "--backend":
                        if (!v.startsWith("http://") && !v.startsWith("https://")) {
                            throw new IllegalArgumentException("--backend takes the back-end's"
                                    + " SOAP endpoint, http://host:port/...: " + v);
                        }
                        backend = v;
                        break;
                    default:
                        throw new IllegalArgumentException("unknown option " + a);
                }
            }
            return new Args(port, backendPort, delay, policy == null ? defaultPolicy() : policy,
                    backend);
        }

        /** {@code samples/portal/wscache.yaml} from the repository root, else the working dir's. */
        static Path defaultPolicy() {
            Path fromRoot = Path.of("samples", "portal", "wscache.yaml");
            return Files.isRegularFile(fromRoot) ? fromRoot : Path.of("wscache.yaml");
        }
    }

    /** The running demo: back-end (none when it runs elsewhere) and portal. */
    public static final class Running implements AutoCloseable {
        private final GoogleServer backend;
        private final Portal portal;

        Running(GoogleServer backend, Portal portal) {
            this.backend = backend;
            this.portal = portal;
        }

        /** The back-end, or null when the portal uses one that runs elsewhere. */
        public GoogleServer backend() {
            return backend;
        }

        /** The portal. */
        public Portal portal() {
            return portal;
        }

        @Override
        public void close() {
            portal.close();
            if (backend != null) {
                backend.close();
            }
        }
    }

    /** Starts back-end and portal (ports 0 = any free port). */
    public static Running start(int port, int backendPort, Duration delay, Path policy)
            throws IOException {
        if (!Files.isRegularFile(policy)) {
            throw new IOException("no policy file " + policy.toAbsolutePath()
                    + " (run from the repository root, or pass --policy <file>)");
        }
        GoogleServer backend;
        try {
            backend = GoogleServer.start(backendPort);
        } catch (IOException e) {
            throw portFailure(e, backendPort, "--backend-port");
        }
        backend.service().setDelay(delay);
        try {
            Portal portal = Portal.start(Portal.options(backend.endpoint()).port(port)
                    .policyFile(policy));
            return new Running(backend, portal);
        } catch (IOException e) {
            backend.close();
            throw portFailure(e, port, "--port");
        } catch (RuntimeException e) {
            backend.close();
            throw e;
        }
    }

    /** Starts a portal only, in front of a back-end that runs elsewhere (port 0 = any). */
    public static Running start(int port, String backendEndpoint, Path policy)
            throws IOException {
        if (!Files.isRegularFile(policy)) {
            throw new IOException("no policy file " + policy.toAbsolutePath()
                    + " (run from the repository root, or pass --policy <file>)");
        }
        try {
            return new Running(null, Portal.start(Portal.options(backendEndpoint).port(port)
                    .policyFile(policy)));
        } catch (IOException e) {
            throw portFailure(e, port, "--port");
        }
    }

    /**
     * The one line a person needs when the demo cannot start: the cause, located (a policy
     * error names file, line and column, a port in use the option that picks another) and what
     * to do, without a stack trace (that is logged at DEBUG).
     */
    static String failure(Exception e) {
        if (e instanceof PolicyException) {
            return "portal-demo: " + e.getMessage() + "; fix the policy file and start again";
        }
        if (e instanceof PortInUseException) {
            return "portal-demo: " + e.getMessage();
        }
        return "portal-demo: cannot start: " + e.getMessage();
    }

    /** Runs the demo until Ctrl-C. */
    public static void main(String[] argv) throws Exception {
        Args args;
        try {
            args = Args.parse(argv);
        } catch (IllegalArgumentException e) {
            usage(System.err, e.getMessage());
            System.exit(2);
            return;
        }
        Running demo;
        StartLog tomcat = StartLog.hold();
        try {
            demo = args.backend() != null
                    ? start(args.port(), args.backend(), args.policy())
                    : start(args.port(), args.backendPort(), Duration.ofMillis(args.delayMs()),
                            args.policy());
            tomcat.release();
        } catch (PolicyException | IOException e) {
            tomcat.drop(LOG);
            LOG.debug("the demo did not start", e);
            System.err.println(failure(e));
            System.exit(2);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            demo.close();
            stopped.countDown();
        }, "portal-shutdown"));
        Portal p = demo.portal();
        System.out.println("wscache portal demo (Takase & Tatsubori, section 5.2)");
        System.out.println("  portal:     " + p.url());
        System.out.println("  search:     " + p.url() + "search?q=britney+speers");
        System.out.println("  dashboard:  " + p.url() + "dashboard  (JSON: " + p.url()
                + "dashboard.json)");
        System.out.println("  admin:      " + p.adminUrl() + "  (JSON: " + p.adminUrl()
                + "state.json)");
        if (demo.backend() != null) {
            System.out.println("  back-end:   " + demo.backend().endpoint() + "  (delay "
                    + args.delayMs() + " ms)");
        } else {
            System.out.println("  back-end:   " + args.backend() + "  (runs elsewhere)");
        }
        System.out.println("  policy:     " + args.policy().toAbsolutePath()
                + "  (watched: edits take effect)");
        System.out.println("Ctrl-C stops it.");
        stopped.await();
    }

    private static void usage(PrintStream out, String problem) {
        if (problem != null && !problem.isEmpty()) {
            out.println(problem);
        }
        out.println("usage: java -jar samples/portal/target/portal-demo.jar [--port 8080]"
                + " [--backend-port 8081] [--delay-ms 0] [--policy samples/portal/wscache.yaml]");
        out.println("       java -jar samples/portal/target/portal-demo.jar [--port 8080]"
                + " --backend http://host:port/axis2/services/GoogleSearchService"
                + " [--policy samples/portal/wscache.yaml]   (the portal only)");
    }
}
