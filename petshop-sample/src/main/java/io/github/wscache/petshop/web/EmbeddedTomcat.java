package io.github.wscache.petshop.web;

import java.net.InetAddress;
import org.apache.catalina.Context;
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
 */
public record EmbeddedTomcat(Tomcat tomcat, Connector connector, Context context) {

    /**
     * Builds a server on {@code port} (0: any) with up to {@code maxThreads} workers named
     * {@code threadPrefix}N, its files under {@code baseDir}.
     */
    public static EmbeddedTomcat create(String baseDir, String executorName, String threadPrefix,
            int port, int maxThreads) {
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir);
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
        Context ctx = tomcat.addContext("", baseDir);
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
        return new EmbeddedTomcat(tomcat, connector, ctx);
    }
}
