package io.github.wscache.jaxws;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.jaxws.test.google.GoogleSearchPort;
import io.github.wscache.jaxws.test.google.GoogleSearchService;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.redis.RedisTier;
import jakarta.xml.ws.BindingProvider;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Map;

/**
 * A farm node of composition-tests' matrix (through this module's test jar) in a JVM of its
 * own: a CXF client generated from google-ws's WSDL, with its own {@link ResponseCache} and
 * {@link RedisTier}, in front of the matrix's Google fixture service, driven by one command a
 * line on standard input, each answered by one line starting with {@code "@ "}:
 *
 * <pre>
 * OPEN namespace xml [objects]       a new cache and tier; with objects, calls go through
 *                                    the object-level proxy       -> @ OPEN
 * CALL phrase user|-                 one doSpellingSuggestion     -> @ CALL answer
 * PAR phrase user|- threads          that many concurrent calls, in the background; when all
 *                                    returned -> @ PAR distinct answers
 * STATS                              the tier's counters -> @ STATS leases lease-waits hits
 * QUIT                               closes the cache and exits
 * </pre>
 *
 * <p>Its static methods are the one way a test of either JVM builds a node's tier, cache and
 * call, so that the keys are equal on every node. It runs on CXF and on Metro
 * ({@code TwoJvmFarmTest}); only {@code objects} names CXF's classes, in a class of its own that
 * Metro never loads.
 */
public final class JaxWsFarmNode {
    private static final GoogleSearchService SERVICE = new GoogleSearchService();

    private final String redisUri;
    private final String endpoint;
    private final PrintStream out;
    private ResponseCache cache;
    private RedisTier tier;
    private boolean objects;

    private JaxWsFarmNode(String redisUri, String endpoint, PrintStream out) {
        this.redisUri = redisUri;
        this.endpoint = endpoint;
        this.out = out;
    }

    /** {@code JaxWsFarmNode redis://127.0.0.1:port http://127.0.0.1:port/services/...}. */
    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        JaxWsFarmNode node = new JaxWsFarmNode(args[0], args[1], out);
        NodeProcess.serve(out, node::command, node::close);
    }

    private boolean command(String[] w, String line) throws Exception {
        switch (w[0]) {
            case "OPEN" -> {
                close();
                tier = tier(redisUri, w[1]);
                cache = open(tier, w[2]);
                objects = w.length > 3 && w[3].equals("objects");
                out.println("@ OPEN");
            }
            case "CALL" -> out.println("@ CALL " + call(cache, objects, w[1], w[2]));
            case "PAR" -> {
                ResponseCache c = cache;
                boolean o = objects;
                NodeProcess.parallelInBackground(out, Integer.parseInt(w[3]),
                        () -> call(c, o, w[1], w[2]));
            }
            case "STATS" -> NodeProcess.stats(out, tier);
            case "QUIT" -> {
                return false;
            }
            default -> out.println("@ " + w[0] + " ERROR unknown command: " + line);
        }
        return true;
    }

    private String call(ResponseCache c, boolean throughObjects, String phrase, String user) {
        return throughObjects ? callObjects(c, endpoint, phrase, user)
                : call(c, endpoint, phrase, user);
    }

    private void close() {
        if (cache != null) {
            cache.close();
            cache = null;
            tier = null;
        }
    }

    /**
     * The same policy on every node, so that their keys are equal; it follows the service's
     * {@code Cache-Control} where it sends one (the fixture's default sends none).
     */
    public static String policy(String value) {
        return "operations:\n"
                + "  - service: GoogleSearchService\n"
                + "    operation: doSpellingSuggestion\n"
                + "    ttl: 60s\n"
                + "    honorHttpHeaders: true\n"
                + "    value: " + value + "\n";
    }

    /** A node's tier on {@code namespace}. */
    public static RedisTier tier(String redisUri, String namespace) {
        // generous timeouts on a loaded two-core machine: the test counts calls exactly
        return RedisTier.builder().uri(redisUri).namespace(namespace)
                .timeout(Duration.ofMillis(1000)).leaseTime(Duration.ofSeconds(60))
                .leaseWait(Duration.ofSeconds(60)).build();
    }

    /** A node's cache on {@code tier} ({@code null}: its own store only). */
    public static ResponseCache open(RedisTier tier, String value) {
        return open(tier, value, Clock.systemUTC());
    }

    /** {@link #open(RedisTier, String)} on {@code clock}. */
    public static ResponseCache open(RedisTier tier, String value, InstantSource clock) {
        ResponseCache.Builder b = ResponseCache.builder()
                .policy(Policy.parse(policy(value), "jaxws.yaml")).clock(clock);
        if (tier != null) {
            b.sharedTier(tier);
        }
        return b.build();
    }

    /**
     * One {@code doSpellingSuggestion} of {@code phrase} by {@code user} (HTTP Basic through
     * {@code BindingProvider}'s user name and password, password {@code pw-<user>}; {@code -}:
     * anonymous) through a new port with the cache's handler; the answer on one line.
     */
    public static String call(ResponseCache cache, String endpoint, String phrase,
            String user) {
        GoogleSearchPort port = WsCacheJaxWs.install(SERVICE.getGoogleSearchSoap11Port(), cache);
        Map<String, Object> request = ((BindingProvider) port).getRequestContext();
        request.put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, endpoint);
        if (!user.equals("-")) {
            request.put(BindingProvider.USERNAME_PROPERTY, user);
            request.put(BindingProvider.PASSWORD_PROPERTY, "pw-" + user);
        }
        return oneLine(port.doSpellingSuggestion("key", phrase));
    }

    /**
     * One {@code doSpellingSuggestion} of {@code phrase} by {@code user} through
     * {@link WsCacheJaxWs#objects} on a new port, the user set where CXF keeps it outside the
     * JAX-WS request context: HTTP Basic on the port's HTTP conduit
     * ({@code HTTPConduit.setAuthorization}, password {@code pw-<user>}; {@code -}: anonymous).
     */
    public static String callObjects(ResponseCache cache, String endpoint, String phrase,
            String user) {
        GoogleSearchPort port = SERVICE.getGoogleSearchSoap11Port();
        ((BindingProvider) port).getRequestContext()
                .put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, endpoint);
        if (!user.equals("-")) {
            CxfConduit.setUser(port, user, "pw-" + user);
        }
        return oneLine(WsCacheJaxWs.objects(port, cache).doSpellingSuggestion("key", phrase));
    }

    /** CXF's HTTP conduit: in a class of its own, loaded only by a node that uses it. */
    private static final class CxfConduit {
        static void setUser(Object port, String user, String password) {
            org.apache.cxf.configuration.security.AuthorizationPolicy auth =
                    new org.apache.cxf.configuration.security.AuthorizationPolicy();
            auth.setUserName(user);
            auth.setPassword(password);
            ((org.apache.cxf.transport.http.HTTPConduit) org.apache.cxf.frontend.ClientProxy
                    .getClient(port).getConduit()).setAuthorization(auth);
        }
    }

    private static String oneLine(String answer) {
        return answer.replace('\n', ' ').replace('\r', ' ');
    }
}
