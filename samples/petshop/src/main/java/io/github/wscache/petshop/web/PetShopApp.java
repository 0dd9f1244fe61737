package io.github.wscache.petshop.web;

import io.github.wscache.embedded.EmbeddedServer;
import io.github.wscache.petshop.service.Services;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The Pet Shop web application on embedded Tomcat 11: one {@link PetShopServlet} at the root
 * context, a fragment cache, sessions kept in memory (never persisted). Worker threads are named
 * {@code petshop-<name>-exec-N} so a load test can measure their CPU time.
 */
public final class PetShopApp implements AutoCloseable {

    /**
     * The cookie that shared ESI containers vary by (signed in or not, banner category): the one
     * cookie an edge cache in front of the Pet Shop keys containers on.
     */
    public static final String VIEW_COOKIE = ViewCookie.NAME;

    /** Keeps Tomcat's INFO logging quiet; held so the logger configuration is not collected. */
    private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");

    static {
        TOMCAT_LOG.setLevel(Level.WARNING);
    }

    private final EmbeddedServer server;
    private final PetShopServlet servlet;
    private final FragmentCache cache;
    private final String threadPrefix;

    private PetShopApp(EmbeddedServer server, PetShopServlet servlet, FragmentCache cache,
            String threadPrefix) {
        this.server = server;
        this.servlet = servlet;
        this.cache = cache;
        this.threadPrefix = threadPrefix;
    }

    /**
     * Starts the application on loopback {@code port} (0 picks a free one).
     *
     * @param name names the worker threads, e.g. {@code origin} or {@code edge}
     * @param esi whether container pages emit ESI includes instead of inlining fragments
     */
    public static PetShopApp start(String name, int port, Services services, boolean esi,
            int maxThreads) {
        String prefix = "petshop-" + name + "-exec-";
        FragmentCache cache = new FragmentCache(System::nanoTime, 10_000);
        PetShopServlet servlet = new PetShopServlet(services, cache, esi);
        EmbeddedServer server;
        try {
            server = EmbeddedTomcat.builder("petshop-tomcat-", "petshop-" + name, prefix, port,
                    maxThreads).servlet("petshop", servlet, "/").start();
        } catch (IOException e) {
            throw new IllegalStateException("tomcat did not start on port " + port, e);
        }
        return new PetShopApp(server, servlet, cache, prefix);
    }

    /** The bound port. */
    public int port() {
        return server.port();
    }

    /** HTTP requests served so far. */
    public long requests() {
        return servlet.requests();
    }

    /**
     * Tells the edges in front of this origin of changes (an order changes stock) through
     * {@code purger}; edges told so keep catalog fragments for an hour.
     */
    public void purgeEdges(EdgePurger purger) {
        servlet.purgeEdges(purger);
    }

    /**
     * Tells the edge in front of this origin of a change in the answer to the post that made
     * it, in the response field {@code field} (the edge's {@code purgeHeader}), instead of a
     * purge on its admin port: for a deployment whose one edge every change passes through. The
     * post then costs no extra round trip, and the edge purges before the visitor sees the
     * answer.
     */
    public void purgeInAnswers(String field) {
        servlet.purgeInAnswers(field);
    }

    /**
     * Adds a stylesheet and a gallery of pictures to every page (off by default), for the
     * client classification experiment of paper 004: in ESI mode the gallery is an include
     * marked {@code wscache-optional}.
     */
    public void embeddedObjects(boolean on) {
        servlet.embeddedObjects(on);
    }

    /** The fragment (output) cache. */
    public FragmentCache cache() {
        return cache;
    }

    /** Prefix of the worker threads' names. */
    public String threadPrefix() {
        return threadPrefix;
    }

    @Override
    public void close() {
        server.close();
    }
}
