package io.github.wscache.redis;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

/**
 * The second JVM of {@link TwoJvmTest}: a farm node with its own {@link ResponseCache} (its own
 * store) and its own {@link RedisTier} on the test's Redis, whose loader calls the test's
 * back-end over HTTP. Driven by one command a line on standard input; every answer is one line
 * on standard output that starts with {@code "@ "} and the command's name (the log goes to
 * standard error):
 *
 * <pre>
 * OPEN namespace                 a new cache and tier on the namespace -> @ OPEN
 * CALL operation query user|-    one call                -> @ CALL loaded|cached value
 * INVALIDATE operation           ResponseCache.invalidate              -> @ INVALIDATE
 * ENTRIES operation              entries of the operation in the store -> @ ENTRIES n
 * STATS                          the tier's counters     -> @ STATS leases waits hits
 * STORM operation query threads  threads ready to call, held           -> @ READY
 * GO                             lets them call; when all returned -> @ STORM n values
 * QUIT                           closes the cache and exits
 * </pre>
 *
 * <p>The end of standard input (the test JVM gone) ends it too.
 */
final class TwoJvmNode {
    /** The policy of both JVMs: equal policies, so that their keys are equal. */
    static final String POLICY = RedisFixture.SEARCH_AND_SPELL;

    private final String redisUri;
    private final URI backend;
    private final PrintStream out;
    private ResponseCache cache;
    private RedisTier tier;
    private String namespace;
    private CountDownLatch go;

    private TwoJvmNode(String redisUri, URI backend, PrintStream out) {
        this.redisUri = redisUri;
        this.backend = backend;
        this.out = out;
    }

    /** {@code TwoJvmNode redis://127.0.0.1:port http://127.0.0.1:port/}. */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        TwoJvmNode node = new TwoJvmNode(args[0], URI.create(args[1]), out);
        NodeProcess.serve(out, node::command, node::closeCache);
    }

    /** Runs one command; returns false for {@code QUIT}. */
    private boolean command(String[] w, String line) throws Exception {
        switch (w[0]) {
            case "OPEN" -> {
                closeCache();
                namespace = w[1];
                tier = tier(redisUri, namespace).build();
                cache = cache(tier);
                answer("OPEN");
            }
            case "CALL" -> {
                boolean[] loaded = new boolean[1];
                String value = cache.call(invocation(w[1], w[2], w[3]), () -> {
                    loaded[0] = true;
                    return fetch(backend, namespace, w[1], w[2], w[3]);
                });
                answer("CALL " + (loaded[0] ? "loaded " : "cached ") + value);
            }
            case "INVALIDATE" -> {
                cache.invalidate(w[1]);
                answer("INVALIDATE");
            }
            case "ENTRIES" -> answer("ENTRIES " + cache.stats(w[1]).entryCount());
            case "STATS" -> {
                RedisTierStats s = tier.stats();
                answer("STATS " + s.leasesAcquired() + " " + s.leaseWaits() + " "
                        + s.hits());
            }
            case "STORM" -> storm(w[1], w[2], Integer.parseInt(w[3]));
            case "GO" -> go.countDown();
            case "QUIT" -> {
                return false;
            }
            default -> answer("ERROR unknown command: " + line);
        }
        return true;
    }

    /** Starts threads that call once {@code GO} comes, and answers when all have returned. */
    private void storm(String operation, String query, int threads) throws InterruptedException {
        go = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(threads);
        ResponseCache c = cache;
        String ns = namespace;
        List<Future<String>> calls = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            FutureTask<String> call = new FutureTask<>(() -> {
                started.countDown();
                go.await();
                return c.call(invocation(operation, query, "-"),
                        () -> fetch(backend, ns, operation, query, "-"));
            });
            calls.add(call);
            Thread t = new Thread(call, "storm-" + i);
            t.setDaemon(true);
            t.start();
        }
        started.await();
        Thread collector = new Thread(() -> {
            TreeSet<String> values = new TreeSet<>();
            try {
                for (Future<String> f : calls) {
                    values.add(f.get(60, TimeUnit.SECONDS));
                }
                answer("STORM " + calls.size() + " " + String.join("|", values));
            } catch (Exception e) {
                answer("STORM failed: " + e);
            }
        }, "storm-results");
        collector.start();
        answer("READY");
    }

    private void closeCache() {
        if (cache != null) {
            cache.close();
            cache = null;
        }
    }

    private synchronized void answer(String line) {
        out.println("@ " + line);
    }

    /** The tier of both JVMs, on {@code namespace}. */
    static RedisTier.Builder tier(String redisUri, String namespace) {
        // generous timeouts on a loaded two-core machine: the test counts back-end calls
        // exactly, so a slow Redis answer must not become a miss; the lease test holds the
        // back-end until it has seen the other JVM wait, so neither the lease nor the wait
        // may run out first (either would be a second back-end call)
        return RedisTier.builder().uri(redisUri).namespace(namespace)
                .timeout(Duration.ofMillis(1000)).leaseTime(Duration.ofSeconds(90))
                .leaseWait(Duration.ofSeconds(90));
    }

    /** A cache like the other JVM's, with its own store, on {@code tier}. */
    static ResponseCache cache(RedisTier tier) {
        return ResponseCache.builder().policy(Policy.parse(POLICY, "wscache.yaml"))
                .sharedTier(tier).build();
    }

    /** A call of {@code Search.operation(q)} by {@code user} ({@code "-"}: anonymous). */
    static Invocation invocation(String operation, String query, String user) {
        Invocation.Builder b = Invocation.builder(operation).service("Search")
                .parameter("q", query);
        if (!user.equals("-")) {
            b.authorization("Basic " + Base64.getEncoder().encodeToString(
                    (user + ":secret").getBytes(StandardCharsets.UTF_8)));
        }
        return b.build();
    }

    /**
     * The loader of both JVMs: a GET on the back-end, which answers with a counted value (the
     * namespace names the test, so that a late call of another test is not counted).
     */
    static String fetch(URI backend, String namespace, String operation, String query,
            String user) throws IOException {
        URI uri = backend.resolve("/?ns=" + enc(namespace) + "&op=" + enc(operation) + "&q="
                + enc(query) + "&user=" + enc(user));
        HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
        c.setConnectTimeout(30_000);
        c.setReadTimeout(30_000);
        try (InputStream in = c.getInputStream()) {
            if (c.getResponseCode() != 200) {
                throw new IOException("the back-end answered " + c.getResponseCode());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            c.disconnect();
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
