package io.github.wscache.redis;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A farm node in a JVM of its own, for tests that check what crosses the process boundary: a
 * class with a {@code main} started on this JVM's class path, driven by one command a line on
 * its standard input; it answers each with one line on standard output that starts with
 * {@code "@ "} and the command's name ({@code "@ NAME ERROR ..."} for a failure). The answers are
 * read by a thread into one queue per command, every wait is bounded, and the node's standard
 * error goes to a file that failures quote. Killed if it fails to answer in time. Used by
 * cache-redis's {@code TwoJvmTest} and cache-http's {@code HttpFarmTest}.
 *
 * <pre>{@code
 * try (NodeProcess node = NodeProcess.start(MyNode.class, redis.uri())) {
 *     String answer = node.ask("CALL search alpha", Duration.ofSeconds(30));
 * }
 * }</pre>
 */
public final class NodeProcess implements AutoCloseable {
    private final Process process;
    private final Writer in;
    private final Path log;
    private final Map<String, BlockingQueue<String>> answers = new ConcurrentHashMap<>();

    /** What a node does with one command line; returns {@code false} to end (QUIT). */
    @FunctionalInterface
    public interface Commands {
        /** Runs the command whose words are {@code w} (of {@code line}). */
        boolean run(String[] w, String line) throws Exception;
    }

    /**
     * The node's side, for its {@code main}: runs the commands read from standard input until
     * one returns {@code false} or the input ends (the test JVM gone), answering
     * {@code "@ NAME ERROR ..."} for a command that throws; then runs {@code onExit} and exits.
     */
    public static void serve(PrintStream out, Commands commands, Runnable onExit) {
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(System.in,
                    StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null;) {
                String[] w = line.trim().split(" ");
                try {
                    if (!commands.run(w, line)) {
                        break;
                    }
                } catch (Exception e) {
                    out.println("@ " + w[0] + " ERROR " + e);
                }
            }
        } catch (IOException e) {
            // standard input is gone: the test JVM ended
        } finally {
            onExit.run();
        }
        System.exit(0);
    }

    /**
     * The node's side of {@code PAR}: in the background (so that {@code STATS} is answered while
     * the calls wait), runs {@code threads} concurrent calls of {@code call}, then prints
     * {@code "@ PAR "} and their distinct answers joined with {@code " | "}, or
     * {@code "@ PAR ERROR ..."}.
     */
    public static void parallelInBackground(PrintStream out, int threads,
            java.util.concurrent.Callable<String> call) {
        Thread t = new Thread(() -> {
            java.util.concurrent.ExecutorService pool =
                    java.util.concurrent.Executors.newFixedThreadPool(threads);
            try {
                List<java.util.concurrent.Future<String>> calls = new ArrayList<>();
                for (int i = 0; i < threads; i++) {
                    calls.add(pool.submit(call));
                }
                java.util.Set<String> distinct = new java.util.TreeSet<>();
                for (java.util.concurrent.Future<String> f : calls) {
                    distinct.add(f.get());
                }
                out.println("@ PAR " + String.join(" | ", distinct));
            } catch (Exception e) {
                out.println("@ PAR ERROR " + e);
            } finally {
                pool.shutdownNow();
            }
        }, "node-par");
        t.start();
    }

    /** The node's side of {@code STATS}: {@code "@ STATS leases lease-waits hits"}. */
    public static void stats(PrintStream out, RedisTier tier) {
        out.println("@ STATS " + tier.stats().leasesAcquired() + " "
                + tier.stats().leaseWaits() + " " + tier.stats().hits());
    }

    private NodeProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
        this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(this::read, "node-process-answers");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code main}'s class in a new JVM on this class path, with {@code args}. */
    public static NodeProcess start(Class<?> main, String... args) {
        try {
            Path log = Files.createTempFile("wscache-node", ".log");
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m",
                    "-cp", System.getProperty("java.class.path"), main.getName()));
            command.addAll(List.of(args));
            Process p = new ProcessBuilder(command).redirectError(log.toFile()).start();
            return new NodeProcess(p, log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void read() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null;) {
                if (line.startsWith("@ ")) {
                    String[] w = line.substring(2).split(" ", 2);
                    queue(w[0]).add(w.length > 1 ? w[1] : "");
                }
            }
        } catch (IOException e) {
            // the process ended; await() sees it
        }
    }

    private BlockingQueue<String> queue(String command) {
        return answers.computeIfAbsent(command, c -> new LinkedBlockingQueue<>());
    }

    /** Drops the answers not read yet (late ones of a test that failed). */
    public void forgetAnswers() {
        answers.clear();
    }

    /** Whether the process runs. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Sends a command without waiting for its answer ({@link #await}). */
    public void send(String command) {
        try {
            in.write(command + "\n");
            in.flush();
        } catch (IOException e) {
            process.destroyForcibly();
            throw new UncheckedIOException("the other JVM is gone; its log:\n" + log(), e);
        }
    }

    /** Sends a command and returns its answer (without the command's name). */
    public String ask(String command, Duration timeout) {
        send(command);
        return await(command.split(" ", 2)[0], timeout);
    }

    /** Returns the next answer of a command; fails (and kills the JVM) after the timeout. */
    public String await(String name, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (System.nanoTime() - deadline < 0) {
                String a = queue(name).poll(100, TimeUnit.MILLISECONDS);
                if (a != null) {
                    if (a.startsWith("ERROR")) {
                        throw new AssertionError("the other JVM failed " + name + ": " + a
                                + "; its log:\n" + log());
                    }
                    return a;
                }
                if (!process.isAlive() && queue(name).isEmpty()) {
                    throw new AssertionError("the other JVM exited (" + process.exitValue()
                            + ") before answering " + name + "; its log:\n" + log());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroyForcibly();
        throw new AssertionError("the other JVM did not answer " + name + " within "
                + timeout.toSeconds() + " s (killed); its log:\n" + log());
    }

    /** The end of the node's log, for failure messages. */
    public String log() {
        try {
            String s = Files.readString(log, StandardCharsets.UTF_8);
            return s.length() > 4000 ? "..." + s.substring(s.length() - 4000) : s;
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** Asks the node to {@code QUIT}, then kills it if it has not ended; deletes the log. */
    @Override
    public void close() {
        try {
            if (process.isAlive()) {
                send("QUIT");
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            }
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (UncheckedIOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            try {
                Files.deleteIfExists(log);
            } catch (IOException e) {
                // a temp file left behind
            }
        }
    }
}
