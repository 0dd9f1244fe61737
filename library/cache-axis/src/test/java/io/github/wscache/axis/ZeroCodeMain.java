package io.github.wscache.axis;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;

/**
 * An application that knows nothing about wscache: it starts the fixture server (a server-side
 * context in the same JVM), creates a client context and calls one operation three times.
 * {@link ZeroCodeInstallTest} runs it in a fresh JVM with a policy and reads its output.
 */
public final class ZeroCodeMain {
    private ZeroCodeMain() {
    }

    /** Prints {@code requests=N cached=true|false hits=N same=true|false}. */
    public static void main(String[] args) throws Exception {
        try (GoogleServer server = GoogleServer.start(0)) {
            ConfigurationContext context = ConfigurationContextFactory
                    .createConfigurationContextFromFileSystem(null, null);
            GoogleSearchServiceStub stub = new GoogleSearchServiceStub(context,
                    server.endpoint());
            String a = null;
            String b = null;
            for (int i = 0; i < 3; i++) {
                b = stub.doSpellingSuggestion(GoogleFixtures.spellingRequest("teh cache"))
                        .get_return();
                a = a == null ? b : a;
            }
            ResponseCache cache = WsCache.cacheFor(context).orElse(null);
            System.out.println("requests=" + server.requestCount("doSpellingSuggestion")
                    + " cached=" + (cache != null && cache == WsCache.defaultCache().orElse(null))
                    + " hits=" + (cache == null ? 0 : cache.stats().hits())
                    + " same=" + a.equals(b));
            context.terminate();
        }
    }
}
