package io.github.wscache.petshop.web;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.core.StandardThreadExecutor;
import org.apache.catalina.session.StandardManager;
import org.apache.catalina.startup.Tomcat;

/**
 * The embedded Tomcat 11 every tier of the Pet Shop runs on (the application, the origin's SOAP
 * services): loopback only, a named executor whose thread names identify the tier (for CPU
 * accounting), a long accept queue and keep-alive connections as the paper tuned them (§6.3),
 * in-memory sessions of 30 minutes, and quiet error pages.
 *
 * @param tomcat the server, not started
 * @param connector its only connector
 * @param context the root context
 * @param baseDir its temporary directory, deleted by {@link #stop()}
 */
public record EmbeddedTomcat(Tomcat tomcat, Connector connector, Context context,
        Path baseDir) {

    /**
     * Builds a server on {@code port} (0: any) with up to {@code maxThreads} workers named
     * {@code threadPrefix}N, its files under {@code baseDir}.
     */
    public static EmbeddedTomcat create(Path baseDir, String executorName, String threadPrefix,
            int port, int maxThreads) {
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        tomcat.setSilent(true);
        StandardThreadExecutor executor = new StandardThreadExecutor();
        executor.setName(executorName);
        executor.setNamePrefix(threadPrefix);
        executor.setMaxThreads(maxThreads);
        executor.setMinSpareThreads(Math.min(10, maxThreads));
        tomcat.getService().addExecutor(executor);
        Connector connector = new Connector();
        connector.setPort(port);
        connector.setProperty("address", InetAddress.getLoopbackAddress().getHostAddress());
        connector.getProtocolHandler().setExecutor(executor);
        connector.setProperty("acceptCount", "1000");
        connector.setProperty("maxKeepAliveRequests", "-1");
        connector.setProperty("keepAliveTimeout", "120000");
        tomcat.getService().addConnector(connector);
        tomcat.setConnector(connector);
        Context ctx = tomcat.addContext("", baseDir.toString());
        if (ctx instanceof StandardContext sc) {
            sc.setClearReferencesRmiTargets(false);
            sc.setClearReferencesThreadLocals(false);
        }
        if (tomcat.getHost() instanceof StandardHost host) {
            host.setErrorReportValveClass(PetShopApp.QuietErrorReportValve.class.getName());
        }
        StandardManager manager = new StandardManager();
        manager.setPathname(null);
        ctx.setManager(manager);
        ctx.setSessionTimeout(30);
        return new EmbeddedTomcat(tomcat, connector, ctx, baseDir);
    }

    /** The bound port. */
    public int port() {
        return connector.getLocalPort();
    }

    /** Stops the server and deletes its directory. */
    public void stop() {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            throw new IllegalStateException("tomcat did not stop", e);
        } finally {
            try (Stream<Path> files = Files.walk(baseDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            } catch (IOException e) {
                // a temporary directory left behind is harmless
            }
        }
    }
}
