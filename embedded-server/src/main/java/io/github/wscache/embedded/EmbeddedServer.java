package io.github.wscache.embedded;

import jakarta.servlet.Filter;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.transport.http.AxisServlet;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.core.StandardThreadExecutor;
import org.apache.catalina.session.StandardManager;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.AbstractProtocol;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;

/**
 * An embedded Tomcat 11 with one root context, built from code: one HTTP connector on a given
 * address and port, servlet filters and servlets (among them Axis2's {@link AxisServlet} over a
 * {@link ConfigurationContext} built in code), its files in a temporary directory.
 *
 * <p>{@link Builder#start()} returns once the port is open, or fails with an {@link IOException}
 * when it is not (Tomcat itself only logs a connector that cannot bind) and leaves nothing behind.
 * {@link #close()} stops Tomcat, waits until the connector's threads (and those of a named
 * executor) have ended, and deletes the temporary directory; tests can therefore assert that no
 * {@code http-nio-*} or {@code Catalina*} thread outlives it.
 *
 * <pre>{@code
 * try (EmbeddedServer server = EmbeddedServer.builder()
 *         .filter("requestCounter", counter, "/*")
 *         .axis2("/services/*", configurationContext)
 *         .start()) {
 *     String endpoint = server.url() + "services/MyService";
 *     ...
 * }
 * }</pre>
 *
 * <p>Thread-safe; {@link #close()} is idempotent. Tomcat's leak detection on context stop is off
 * (nothing is redeployed, and it would warn about missing {@code --add-opens}).
 */
public final class EmbeddedServer implements AutoCloseable {

    private static final Duration THREAD_END_LIMIT = Duration.ofSeconds(10);

    private final Tomcat tomcat;
    private final Connector connector;
    private final Path baseDir;
    private final String address;
    private final List<String> threadPrefixes;
    private final AtomicBoolean closed = new AtomicBoolean();

    private EmbeddedServer(Tomcat tomcat, Connector connector, Path baseDir, String address,
            List<String> threadPrefixes) {
        this.tomcat = tomcat;
        this.connector = connector;
        this.baseDir = baseDir;
        this.address = address;
        this.threadPrefixes = threadPrefixes;
    }

    /** Returns a builder for a server on any free loopback port. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns {@code port} if it is a TCP port or 0 (any free port), for builders that take a
     * port to pass on.
     *
     * @throws IllegalArgumentException {@code port must be in 0..65535: <port>} otherwise
     */
    public static int checkPort(int port) {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be in 0..65535: " + port);
        }
        return port;
    }

    /** The bound TCP port. */
    public int port() {
        return connector.getLocalPort();
    }

    /** The address the connector listens on, e.g. {@code 127.0.0.1}. */
    public String address() {
        return address;
    }

    /** The root URL, e.g. {@code http://127.0.0.1:8080/}. */
    public URI url() {
        return URI.create("http://" + address + ":" + port() + "/");
    }

    /** Tomcat's base directory: a temporary directory that {@link #close()} deletes. */
    public Path baseDir() {
        return baseDir;
    }

    /**
     * Stops Tomcat, waits (up to 10 s) until the connector's and the executor's threads have
     * ended and deletes the base directory; idempotent.
     *
     * @throws IllegalStateException if Tomcat cannot be stopped (the directory is deleted anyway)
     */
    @Override
    public void close() {
        shutDown(true);
    }

    /**
     * Stops Tomcat and deletes the base directory; after a failed start there is nothing to wait
     * for, and a connector that could not bind shares its thread names with the server that
     * holds the port.
     */
    private void shutDown(boolean awaitThreads) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        List<String> prefixes = new ArrayList<>(threadPrefixes);
        prefixes.add(connectorThreadPrefix(connector));
        try {
            tomcat.stop();
            tomcat.destroy();
            if (awaitThreads) {
                awaitThreadsEnded(prefixes, THREAD_END_LIMIT);
            }
        } catch (LifecycleException e) {
            throw new IllegalStateException("cannot stop tomcat", e);
        } finally {
            deleteRecursively(baseDir);
        }
    }

    /** The prefix of the connector's thread names, such as {@code http-nio-127.0.0.1-auto-1-}. */
    private static String connectorThreadPrefix(Connector connector) {
        String name = String.valueOf(
                ((AbstractProtocol<?>) connector.getProtocolHandler()).getName());
        return name.replace("\"", "") + "-";
    }

    /**
     * Tomcat's executor counts itself terminated when its last worker leaves the pool, a moment
     * before that worker's thread ends; waiting here lets callers rely on no thread outliving
     * {@link #close()}.
     */
    private static void awaitThreadsEnded(List<String> prefixes, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (prefixes.stream().noneMatch(thread.getName()::startsWith)) {
                continue;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                thread.join(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is harmless
        }
    }

    /** Error pages without a stack trace or the server's version. */
    public static final class QuietErrorReportValve extends ErrorReportValve {
        /** Hides the report and the server information. */
        public QuietErrorReportValve() {
            setShowReport(false);
            setShowServerInfo(false);
        }
    }

    /** Options for an {@link EmbeddedServer}. Not thread-safe. */
    public static final class Builder {
        private int port;
        private String address = InetAddress.getLoopbackAddress().getHostAddress();
        private String baseDirPrefix = "embedded-tomcat-";
        private String executorName;
        private String executorThreadPrefix;
        private int maxThreads;
        private final Map<String, String> connectorProperties = new LinkedHashMap<>();
        private int sessionTimeoutMinutes = -1;
        private boolean quietErrorPages;
        private final List<FilterDef> filterDefs = new ArrayList<>();
        private final List<FilterMap> filterMaps = new ArrayList<>();
        private final List<ServletDef> servlets = new ArrayList<>();
        private final List<ConfigurationContext> axis2Configurations = new ArrayList<>();

        private Builder() {
        }

        /** The port to listen on; 0 (the default) picks a free one. */
        public Builder port(int port) {
            this.port = checkPort(port);
            return this;
        }

        /** The address to listen on; the loopback address by default. */
        public Builder address(String address) {
            this.address = Objects.requireNonNull(address, "address");
            return this;
        }

        /** The name prefix of the temporary base directory; {@code embedded-tomcat-} by default. */
        public Builder baseDirPrefix(String prefix) {
            this.baseDirPrefix = Objects.requireNonNull(prefix, "prefix");
            return this;
        }

        /**
         * Runs requests on a named executor of up to {@code maxThreads} workers called
         * {@code threadPrefix}N (so a load test can find their CPU time), at least
         * {@code min(10, maxThreads)} kept; Tomcat's default pool otherwise.
         */
        public Builder executor(String name, String threadPrefix, int maxThreads) {
            if (maxThreads < 1) {
                throw new IllegalArgumentException("max threads must be positive: " + maxThreads);
            }
            if (executorName != null) {
                throw new IllegalStateException("executor was already set: " + executorName);
            }
            this.executorName = Objects.requireNonNull(name, "name");
            this.executorThreadPrefix = Objects.requireNonNull(threadPrefix, "threadPrefix");
            this.maxThreads = maxThreads;
            return this;
        }

        /** Sets a connector property, e.g. {@code acceptCount} to {@code 1000}. */
        public Builder connectorProperty(String name, String value) {
            connectorProperties.put(Objects.requireNonNull(name, "name"),
                    Objects.requireNonNull(value, "value"));
            return this;
        }

        /** Keeps HTTP sessions in memory only (never persisted) for {@code timeoutMinutes}. */
        public Builder inMemorySessions(int timeoutMinutes) {
            if (timeoutMinutes < 1) {
                throw new IllegalArgumentException(
                        "session timeout must be positive: " + timeoutMinutes);
            }
            this.sessionTimeoutMinutes = timeoutMinutes;
            return this;
        }

        /** Answers errors with {@link QuietErrorReportValve} pages. */
        public Builder quietErrorPages() {
            this.quietErrorPages = true;
            return this;
        }

        /**
         * Adds a filter on {@code urlPattern}; filters run in the order they are added, before
         * the servlets.
         */
        public Builder filter(String name, Filter filter, String urlPattern) {
            FilterDef def = new FilterDef();
            def.setFilterName(Objects.requireNonNull(name, "name"));
            def.setFilter(Objects.requireNonNull(filter, "filter"));
            filterDefs.add(def);
            FilterMap map = new FilterMap();
            map.setFilterName(name);
            map.addURLPattern(Objects.requireNonNull(urlPattern, "urlPattern"));
            filterMaps.add(map);
            return this;
        }

        /** Adds a servlet on {@code mapping}, initialized on its first request. */
        public Builder servlet(String name, Servlet servlet, String mapping) {
            servlets.add(new ServletDef(Objects.requireNonNull(name, "name"),
                    Objects.requireNonNull(servlet, "servlet"),
                    Objects.requireNonNull(mapping, "mapping"), false));
            return this;
        }

        /**
         * Adds Axis2's {@link AxisServlet} on {@code mapping} (e.g. {@code /services/*}), named
         * {@code axis2} and initialized at start, over {@code configuration} instead of a WAR's
         * {@code WEB-INF}. Stopping the server, or a failed {@link #start()}, terminates the
         * configuration.
         */
        public Builder axis2(String mapping, ConfigurationContext configuration) {
            axis2Configurations.add(Objects.requireNonNull(configuration, "configuration"));
            servlets.add(new ServletDef("axis2", new Axis2Servlet(
                    Objects.requireNonNull(configuration, "configuration")),
                    Objects.requireNonNull(mapping, "mapping"), true));
            return this;
        }

        /**
         * Starts Tomcat; returns once the port is open.
         *
         * @throws IOException {@code cannot start tomcat on port <port>} if Tomcat does not
         *     start or cannot bind the port; nothing is left running, the directory is deleted
         *     and the {@link #axis2 Axis2 configurations} are terminated
         */
        public EmbeddedServer start() throws IOException {
            Path baseDir = Files.createTempDirectory(baseDirPrefix);
            Tomcat tomcat = new Tomcat();
            tomcat.setBaseDir(baseDir.toString());
            tomcat.setSilent(true);
            Connector connector = new Connector();
            connector.setPort(port);
            connector.setProperty("address", address);
            connectorProperties.forEach(connector::setProperty);
            List<String> threadPrefixes = new ArrayList<>();
            if (executorName != null) {
                StandardThreadExecutor executor = new StandardThreadExecutor();
                executor.setName(executorName);
                executor.setNamePrefix(executorThreadPrefix);
                executor.setMaxThreads(maxThreads);
                executor.setMinSpareThreads(Math.min(10, maxThreads));
                tomcat.getService().addExecutor(executor);
                connector.getProtocolHandler().setExecutor(executor);
                threadPrefixes.add(executorThreadPrefix);
            }
            tomcat.getService().addConnector(connector);
            tomcat.setConnector(connector);
            if (quietErrorPages && tomcat.getHost() instanceof StandardHost host) {
                host.setErrorReportValveClass(QuietErrorReportValve.class.getName());
            }
            Context context = tomcat.addContext("", baseDir.toString());
            if (context instanceof StandardContext standard) {
                standard.setClearReferencesThreadLocals(false);
                standard.setClearReferencesRmiTargets(false);
            }
            if (sessionTimeoutMinutes > 0) {
                StandardManager manager = new StandardManager();
                manager.setPathname(null);
                context.setManager(manager);
                context.setSessionTimeout(sessionTimeoutMinutes);
            }
            filterDefs.forEach(context::addFilterDef);
            filterMaps.forEach(context::addFilterMap);
            for (ServletDef servlet : servlets) {
                Wrapper wrapper = Tomcat.addServlet(context, servlet.name(), servlet.servlet());
                if (servlet.loadOnStartup()) {
                    wrapper.setLoadOnStartup(1);
                }
                wrapper.addMapping(servlet.mapping());
            }
            EmbeddedServer server = new EmbeddedServer(tomcat, connector, baseDir, address,
                    List.copyOf(threadPrefixes));
            LifecycleException failure = null;
            try {
                tomcat.start();
            } catch (LifecycleException e) {
                failure = e;
            }
            // Tomcat only logs a connector that cannot bind; a failed connector has no local port
            if (failure != null || connector.getLocalPort() <= 0) {
                try {
                    server.shutDown(false);
                } catch (IllegalStateException e) {
                    if (failure == null && e.getCause() instanceof LifecycleException cause) {
                        failure = cause;
                    }
                }
                IOException thrown =
                        new IOException("cannot start tomcat on port " + port, failure);
                for (ConfigurationContext configuration : axis2Configurations) {
                    try {
                        configuration.terminate();
                    } catch (AxisFault e) {
                        thrown.addSuppressed(e);
                    }
                }
                throw thrown;
            }
            return server;
        }
    }

    private record ServletDef(String name, Servlet servlet, String mapping,
            boolean loadOnStartup) {
    }

    /** AxisServlet with the configuration built in code instead of a WAR's WEB-INF. */
    private static final class Axis2Servlet extends AxisServlet {
        private static final long serialVersionUID = 1L;
        private final transient ConfigurationContext configurationContext;

        Axis2Servlet(ConfigurationContext configurationContext) {
            this.configurationContext = configurationContext;
        }

        @Override
        protected ConfigurationContext initConfigContext(ServletConfig config) {
            return configurationContext;
        }
    }
}
