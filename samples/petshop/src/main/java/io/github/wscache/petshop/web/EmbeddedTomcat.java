package io.github.wscache.petshop.web;

import io.github.wscache.embedded.EmbeddedServer;

/**
 * The embedded Tomcat 11 every tier of the Pet Shop runs on (the application, the origin's SOAP
 * services), as {@link EmbeddedServer} options: loopback only, a named executor whose thread
 * names identify the tier (for CPU accounting), a long accept queue and keep-alive connections
 * as the paper tuned them (§6.3), in-memory sessions of 30 minutes, and quiet error pages.
 *
 * <pre>{@code
 * try (EmbeddedServer server = EmbeddedTomcat.builder("petshop-tomcat-", "petshop-origin",
 *         "petshop-origin-exec-", 0, 64).servlet("petshop", servlet, "/").start()) {
 *     ...
 * }
 * }</pre>
 */
public final class EmbeddedTomcat {

    private EmbeddedTomcat() {
    }

    /**
     * Options for a server on loopback {@code port} (0: any) with up to {@code maxThreads}
     * workers named {@code threadPrefix}N, its files in a temporary directory named
     * {@code baseDirPrefix}..., deleted on close; add servlets and filters, then start.
     */
    public static EmbeddedServer.Builder builder(String baseDirPrefix, String executorName,
            String threadPrefix, int port, int maxThreads) {
        return EmbeddedServer.builder()
                .port(port)
                .baseDirPrefix(baseDirPrefix)
                .executor(executorName, threadPrefix, maxThreads)
                .connectorProperty("acceptCount", "1000")
                .connectorProperty("maxKeepAliveRequests", "-1")
                .connectorProperty("keepAliveTimeout", "120000")
                .inMemorySessions(30)
                .quietErrorPages();
    }
}
