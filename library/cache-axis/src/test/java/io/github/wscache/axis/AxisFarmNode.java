package io.github.wscache.axis;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.redis.RedisTier;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.apache.axis2.client.Options;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.kernel.http.HTTPConstants;

/**
 * A farm node of {@link AxisFarmTest} (and of composition-tests' matrix, through this module's
 * test jar) in a JVM of its own: an Axis2 client configuration of its own, with its own
 * {@link ResponseCache} and {@link RedisTier}, in front of the test's Google fixture service,
 * driven by one command a line on standard input, each answered by one line on standard output
 * starting with {@code "@ "} (the log goes to standard error):
 *
 * <pre>
 * OPEN namespace events|xml|object   a new cache and tier, installed  -> @ OPEN
 * CALL phrase user|-                 one doSpellingSuggestion  -> @ CALL answer
 * PAR phrase user|- threads          that many concurrent calls, in the background; when all
 *                                    returned -> @ PAR distinct answers
 * STATS                              the tier's counters -> @ STATS leases lease-waits hits
 * QUIT                               closes the cache and exits
 * </pre>
 *
 * <p>Its static methods are the one way a test of either JVM builds a node's tier, cache and
 * call, so that the keys are equal on every node.
 */
public final class AxisFarmNode {
    private final String redisUri;
    private final String endpoint;
    private final PrintStream out;
    private final ConfigurationContext context;
    private ResponseCache cache;
    private RedisTier tier;
    private String level;

    private AxisFarmNode(String redisUri, String endpoint, PrintStream out,
            ConfigurationContext context) {
        this.redisUri = redisUri;
        this.endpoint = endpoint;
        this.out = out;
        this.context = context;
    }

    /** {@code AxisFarmNode redis://127.0.0.1:port http://127.0.0.1:port/services/...}. */
    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        ConfigurationContext context =
                ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
        AxisFarmNode node = new AxisFarmNode(args[0], args[1], out, context);
        NodeProcess.serve(out, node::command, node::close);
    }

    /** Runs one command; returns false for {@code QUIT}. */
    private boolean command(String[] w, String line) throws Exception {
        switch (w[0]) {
            case "OPEN" -> {
                close();
                level = w[2];
                tier = tier(redisUri, w[1]);
                cache = open(context, tier, level);
                out.println("@ OPEN");
            }
            case "CALL" -> out.println("@ CALL " + call(context, cache, level, endpoint, w[1],
                    w[2]));
            case "PAR" -> {
                ResponseCache c = cache;
                String l = level;
                NodeProcess.parallelInBackground(out, Integer.parseInt(w[3]),
                        () -> call(context, c, l, endpoint, w[1], w[2]));
            }
            case "STATS" -> NodeProcess.stats(out, tier);
            case "QUIT" -> {
                return false;
            }
            default -> out.println("@ " + w[0] + " ERROR unknown command: " + line);
        }
        return true;
    }

    private void close() {
        if (cache != null) {
            WsCache.uninstall(context);
            cache.close();
            cache = null;
            tier = null;
        }
    }

    /**
     * The same policy on every node, so that their keys are equal; the message level follows
     * the service's {@code Cache-Control} where it sends one (the fixture's default sends none).
     */
    public static String policy(String level) {
        return "operations:\n"
                + "  - operation: doSpellingSuggestion\n"
                + "    ttl: 60s\n"
                + (level.equals("object") ? ""
                        : "    value: " + level + "\n    honorHttpHeaders: true\n");
    }

    /**
     * A node's tier on {@code namespace}; ADB beans are not {@code Serializable}, so the object
     * level shares the response bean in Kryo's form (the same registrations on every node).
     */
    public static RedisTier tier(String redisUri, String namespace) {
        // generous timeouts on a loaded two-core machine: the test counts calls exactly
        return RedisTier.builder().uri(redisUri).namespace(namespace)
                .timeout(Duration.ofMillis(1000)).leaseTime(Duration.ofSeconds(60))
                .leaseWait(Duration.ofSeconds(60))
                .kryoClasses(GoogleSearchServiceStub.DoSpellingSuggestionResponse.class).build();
    }

    /**
     * A node's cache on {@code tier} ({@code null}: its own store only): installed into
     * {@code context} for the message level ({@code events}, {@code xml}); used by caching stubs
     * for the {@code object} level.
     */
    public static ResponseCache open(ConfigurationContext context, RedisTier tier,
            String level) {
        return open(context, tier, level, Clock.systemUTC());
    }

    /** {@link #open(ConfigurationContext, RedisTier, String)} on {@code clock}. */
    public static ResponseCache open(ConfigurationContext context, RedisTier tier, String level,
            InstantSource clock) {
        ResponseCache.Builder b = ResponseCache.builder()
                .policy(Policy.parse(policy(level), "axis.yaml")).clock(clock);
        if (tier != null) {
            b.sharedTier(tier);
        }
        ResponseCache cache = b.build();
        return level.equals("object") ? cache : WsCache.install(context, cache);
    }

    /**
     * One {@code doSpellingSuggestion} of {@code phrase} by {@code user} (HTTP Basic in the
     * {@code Authorization} header; {@code -}: anonymous) through a new stub on {@code context};
     * the answer on one line.
     */
    public static String call(ConfigurationContext context, ResponseCache cache, String level,
            String endpoint, String phrase, String user) throws Exception {
        GoogleSearchServiceStub stub = level.equals("object")
                ? CachingStubs.using(cache).subclass(GoogleSearchServiceStub.class, context,
                        endpoint)
                : new GoogleSearchServiceStub(context, endpoint);
        try {
            if (!user.equals("-")) {
                Options o = stub._getServiceClient().getOptions();
                List<NamedValue> headers = new ArrayList<>();
                headers.add(new NamedValue("Authorization", basic(user)));
                o.setProperty(HTTPConstants.HTTP_HEADERS, headers);
            }
            String answer = stub.doSpellingSuggestion(GoogleFixtures.spellingRequest(phrase))
                    .get_return();
            return answer.replace('\n', ' ').replace('\r', ' ');
        } finally {
            stub._getServiceClient().cleanupTransport();
        }
    }

    /** The {@code Authorization} header of {@code user}. */
    public static String basic(String user) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":pw-" + user)
                .getBytes(StandardCharsets.UTF_8));
    }
}
