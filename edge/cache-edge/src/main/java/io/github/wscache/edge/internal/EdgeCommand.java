package io.github.wscache.edge.internal;

import io.github.wscache.core.internal.NearestName;
import io.github.wscache.core.internal.yaml.YamlException;
import io.github.wscache.core.internal.yaml.YamlNode;
import io.github.wscache.edge.EdgeServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The command line of the edge ({@code java -jar cache-edge.jar}): reads the options and the
 * configuration file ({@code --config edge.yaml}, same options, flags override it), starts the
 * {@link EdgeServer} and stops it gracefully on SIGTERM or Ctrl-C.
 *
 * <p>Every mistake is reported in one line that names the flag, or the file, line and column,
 * and says what to write instead; never with a stack trace. Exit status: 0 after {@code --help},
 * 2 for wrong options or a wrong file, 1 when the server cannot start (port taken, ...).
 */
public final class EdgeCommand {
    /** Exit status for wrong options or configuration. */
    static final int USAGE = 2;

    /** Exit status when the server cannot start. */
    static final int CANNOT_START = 1;

    /** The port from the command line when none is given (the builder's default is 0). */
    static final int DEFAULT_PORT = 8090;

    /** The admin port from the command line when none is given. */
    static final int DEFAULT_ADMIN_PORT = 8091;

    /** How many paths {@code --warmup-from-log} takes when {@code --warmup-top} is not given. */
    static final int DEFAULT_WARMUP_TOP = 100;

    private EdgeCommand() {
    }

    /** One value and where it was written: {@code --port} or {@code edge.yaml:3:7: 'port'}. */
    record Setting(Object value, String where) {
    }

    /** The options read: {@code --help}, or the settings to run with. */
    record Options(boolean help, Map<EdgeOption, Setting> settings) {
    }

    /** A mistake in the options or the file; the message is complete and has no stack trace. */
    static final class UsageException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final boolean showUsage;

        UsageException(String message, boolean showUsage) {
            super(message);
            this.showUsage = showUsage;
        }
    }

    /** Runs the command; returns only on a mistake or after {@code --help}. */
    public static void main(String[] args) {
        logFormat();
        int status = run(args, System.out, System.err);
        System.exit(status);
    }

    /**
     * One format for every log line of the command, with its time: SLF4J's simple logger (the
     * edge's own lines) and java.util.logging (Tomcat's) both write
     * {@code 2026-11-27T22:10:01.123+0000 INFO Name - message}. What the operator set with
     * {@code -D} is kept. Called before the first logger is made.
     */
    static void logFormat() {
        String time = "yyyy-MM-dd'T'HH:mm:ss.SSSZ";
        setIfAbsent("org.slf4j.simpleLogger.showDateTime", "true");
        setIfAbsent("org.slf4j.simpleLogger.dateTimeFormat", time);
        setIfAbsent("org.slf4j.simpleLogger.showThreadName", "false");
        setIfAbsent("org.slf4j.simpleLogger.showShortLogName", "true");
        setIfAbsent("java.util.logging.SimpleFormatter.format",
                "%1$tFT%1$tT.%1$tL%1$tz %4$s %3$s - %5$s%6$s%n");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }

    /**
     * Runs the command: returns the exit status after {@code --help} or a mistake; otherwise
     * runs the edge until the JVM stops and does not return.
     */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        EdgeServer.Builder b;
        try {
            o = parse(args);
            if (o.help()) {
                out.print(usage());
                out.flush();
                return 0;
            }
            b = builder(o.settings());
        } catch (UsageException e) {
            err.println("wscache-edge: " + e.getMessage());
            err.print(e.showUsage ? usage() : "Run with --help to see every option.\n");
            err.flush();
            return USAGE;
        }
        OutputStream accessLog;
        try {
            accessLog = openAccessLog(o.settings().get(EdgeOption.ACCESS_LOG));
        } catch (UsageException e) {
            err.println("wscache-edge: " + e.getMessage());
            return USAGE;
        }
        b.accessLog(accessLog);
        EdgeServer edge;
        try {
            edge = b.build().start();
        } catch (UncheckedIOException | IllegalStateException e) {
            err.println("wscache-edge: cannot start: " + describe(e));
            return CANNOT_START;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Logger log = LoggerFactory.getLogger(EdgeServer.class);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                log.info("stopping (signal received); {}", summary(edge));
                edge.close();
                closeLog(accessLog);
                log.info("stopped");
            } finally {
                stopped.countDown();
            }
        }, "wscache-edge-shutdown"));
        URI origin = (URI) o.settings().get(EdgeOption.ORIGIN).value();
        out.println(startLine(String.valueOf(value(o, EdgeOption.ADDRESS, "0.0.0.0")),
                edge.port(), origin, String.valueOf(value(o, EdgeOption.ADMIN_ADDRESS,
                        "127.0.0.1")), edge.adminPort()));
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /**
     * The line that says where the edge is: a URL a person can open (an edge listening on
     * every address is reached at {@code localhost}), its origin, and the admin port's page,
     * stats and purge path.
     */
    static String startLine(String address, int port, URI origin, String adminAddress,
            int adminPort) {
        boolean every = address.equals("0.0.0.0") || address.equals("::");
        String line = "wscache-edge on http://" + (every ? "localhost" : host(address)) + ":"
                + port + "/" + (every ? " (every address)" : "") + " in front of " + origin;
        if (adminPort < 0) {
            return line + "; admin port off";
        }
        String admin = "http://" + host(adminAddress) + ":" + adminPort;
        return line + "; admin page " + admin + EdgeServer.ADMIN_PAGE_PATH + "/, stats at "
                + admin + EdgeServer.DEFAULT_ADMIN_PATH + ", purges POST " + admin
                + AdminServlet.PURGE_PATH;
    }

    private static String host(String address) {
        return address.indexOf(':') >= 0 && !address.startsWith("[") ? "[" + address + "]"
                : address;
    }

    private static String summary(EdgeServer edge) {
        try {
            io.github.wscache.edge.EdgeStats s = edge.stats();
            return "requests served: " + s.requests() + ", hits: " + s.hits();
        } catch (RuntimeException e) {
            return "no counts";
        }
    }

    private static String describe(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && (b.length() == 0
                    || !b.toString().contains(t.getMessage()))) {
                b.append(b.length() == 0 ? "" : ": ").append(t.getMessage());
            }
        }
        return b.toString();
    }

    private static Object value(Options o, EdgeOption option, Object otherwise) {
        Setting s = o.settings().get(option);
        return s == null ? otherwise : s.value();
    }

    /**
     * Reads the command line and the configuration file it names.
     *
     * @throws UsageException naming the flag or the place in the file
     */
    static Options parse(String[] args) {
        for (String a : args) {
            if (a.equals("-h") || a.equals("--help")) {
                return new Options(true, Map.of());
            }
        }
        Map<EdgeOption, Setting> flags = new EnumMap<>(EdgeOption.class);
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                throw new UsageException("unexpected argument '" + YamlNode.shortened(a)
                        + "'; options start with -- (e.g. --origin http://localhost:8080)", true);
            }
            int eq = a.indexOf('=');
            String flag = eq < 0 ? a : a.substring(0, eq);
            EdgeOption o = EdgeOption.byFlag(flag);
            if (o == null) {
                List<String> names = new ArrayList<>();
                for (EdgeOption x : EdgeOption.values()) {
                    names.add(x.flag());
                }
                String near = NearestName.of(flag, names);
                throw new UsageException("unknown option '" + YamlNode.shortened(flag) + "'"
                        + (near == null ? "" : "; did you mean '" + near + "'?"), true);
            }
            String text;
            if (eq >= 0) {
                text = a.substring(eq + 1);
            } else if (o.isSwitch()) {
                text = "true";
            } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                text = args[++i];
            } else {
                throw new UsageException(flag + " needs a value: " + o.expected(), false);
            }
            if (flags.containsKey(o)) {
                throw new UsageException(flag + " is given twice; give it once", false);
            }
            try {
                flags.put(o, new Setting(o.parse(text), flag));
            } catch (EdgeOption.BadValue e) {
                throw new UsageException(flag + " " + e.getMessage(), false);
            }
        }
        Map<EdgeOption, Setting> settings = new EnumMap<>(EdgeOption.class);
        Setting config = flags.get(EdgeOption.CONFIG);
        if (config != null) {
            settings.putAll(readFile(Path.of((String) config.value())));
        }
        settings.putAll(flags);
        if (!settings.containsKey(EdgeOption.ORIGIN)) {
            throw new UsageException("no origin: give --origin URL (or origin: URL in the "
                    + "file given with --config)", true);
        }
        return new Options(false, settings);
    }

    /**
     * Reads an {@code edge.yaml}.
     *
     * @throws UsageException with file, line and column
     */
    static Map<EdgeOption, Setting> readFile(Path file) {
        String name = file.toString();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in, name);
        } catch (NoSuchFileException e) {
            throw new UsageException("--config: no such file '" + name + "'", false);
        } catch (IOException e) {
            throw new UsageException("--config: cannot read '" + name + "': " + e, false);
        }
    }

    /**
     * Reads the options of a configuration document.
     *
     * @throws UsageException with {@code name}, line and column
     */
    static Map<EdgeOption, Setting> read(Reader in, String name) {
        YamlNode current = null;
        try {
            YamlNode root = YamlNode.parse(in, name, "edge configuration", 2);
            current = root;
            if (root.kind() != YamlNode.Kind.MAP) {
                throw new YamlException(name, root.line(), root.column(), "the edge "
                        + "configuration must be a mapping of options to values such as "
                        + "'origin: http://localhost:8080', not " + root.describe(), null);
            }
            Set<String> keys = new LinkedHashSet<>();
            for (EdgeOption o : EdgeOption.values()) {
                if (o.inFile()) {
                    keys.add(o.key());
                }
            }
            root.checkKeys(name, keys, "the edge configuration");
            Map<EdgeOption, Setting> settings = new EnumMap<>(EdgeOption.class);
            for (Map.Entry<String, YamlNode> e : root.map().entrySet()) {
                EdgeOption o = EdgeOption.byKey(e.getKey());
                YamlNode n = e.getValue();
                current = n;
                String where = name + ":" + n.line() + ":" + n.column() + ": '" + o.key() + "'";
                try {
                    settings.put(o, new Setting(o.fromYaml(n), where));
                } catch (EdgeOption.BadValue bad) {
                    throw new YamlException(name, n.line(), n.column(), "'" + o.key() + "' "
                            + bad.getMessage(), null);
                }
            }
            return settings;
        } catch (YamlException e) {
            // YAML syntax errors come located and with what to write (YamlNode's hints)
            throw new UsageException(e.getMessage(), false);
        } catch (RuntimeException e) {
            // no check foresaw this value; it is still the file's fault, so say where
            String at = current == null ? name : name + ":" + current.line() + ":"
                    + current.column();
            throw new UsageException(at + ": this value cannot be used: " + e, false);
        }
    }

    /**
     * Makes the builder from the settings; a value the builder rejects is reported at its flag
     * or place in the file.
     */
    @SuppressWarnings("unchecked")
    static EdgeServer.Builder builder(Map<EdgeOption, Setting> settings) {
        EdgeServer.Builder b = EdgeServer.builder().port(DEFAULT_PORT)
                .adminPort(DEFAULT_ADMIN_PORT);
        for (Map.Entry<EdgeOption, Setting> e : settings.entrySet()) {
            Object v = e.getValue().value();
            try {
                switch (e.getKey()) {
                    case ORIGIN:
                        b.origin((URI) v);
                        break;
                    case ADDRESS:
                        b.address((String) v);
                        break;
                    case PORT:
                        b.port((Integer) v);
                        break;
                    case ADMIN_ADDRESS:
                        b.adminAddress((String) v);
                        break;
                    case ADMIN_PORT:
                        if (v == EdgeOption.OFF) {
                            b.adminPath(null);
                        } else {
                            b.adminPort((Integer) v);
                        }
                        break;
                    case ESI_ALWAYS:
                        b.esiAlways((Boolean) v);
                        break;
                    case VARY_COOKIES:
                        b.varyCookies(((List<String>) v).toArray(new String[0]));
                        break;
                    case ANONYMOUS_COOKIES:
                        b.anonymousCookies(((List<String>) v).toArray(new String[0]));
                        break;
                    case KEY_HEADERS:
                        b.keyHeaders(((List<String>) v).toArray(new String[0]));
                        break;
                    case KEEP_METHOD_OVERRIDE:
                        b.keepMethodOverride((Boolean) v);
                        break;
                    case TRUSTED_PROXIES:
                        b.trustedProxies(((List<String>) v).toArray(new String[0]));
                        break;
                    case MAX_URI_LENGTH:
                        b.maxUriLength((int) Math.min((Long) v, Integer.MAX_VALUE));
                        break;
                    case MAX_HEADER_BYTES:
                        b.maxHeaderBytes((int) Math.min((Long) v, Integer.MAX_VALUE));
                        break;
                    case INCLUDE_HOSTS:
                        b.includeHosts(((List<String>) v).toArray(new String[0]));
                        break;
                    case MAX_BYTES:
                        b.maxBytes((Long) v);
                        break;
                    case SHARED_TIER:
                        b.sharedTier((String) v);
                        break;
                    case SHARED_TIER_KEY_FILE:
                        b.sharedTierSigningKeyFile(java.nio.file.Path.of((String) v));
                        break;
                    case CONNECT_TIMEOUT:
                        b.connectTimeout((Duration) v);
                        break;
                    case READ_TIMEOUT:
                        b.readTimeout((Duration) v);
                        break;
                    case INCLUDE_TIMEOUT:
                        b.includeTimeout((Duration) v);
                        break;
                    case MAX_INCLUDE_DEPTH:
                        b.maxIncludeDepth((Integer) v);
                        break;
                    case FETCH_THREADS:
                        b.fetchThreads((Integer) v);
                        break;
                    case DRAIN_TIMEOUT:
                        b.drainTimeout((Duration) v);
                        break;
                    case PURGE_SECRET_FILE:
                        b.purgeSecret(readSecret((String) v));
                        break;
                    case WARMUP_URL:
                        b.warmupUrl((URI) v);
                        break;
                    case WARMUP_FILE:
                        b.warmupFile(Path.of((String) v));
                        break;
                    case WARMUP_FROM_LOG:
                        Setting top = settings.get(EdgeOption.WARMUP_TOP);
                        b.warmupFromLog(Path.of((String) v), top == null ? DEFAULT_WARMUP_TOP
                                : (Integer) top.value());
                        break;
                    case WARMUP_CONCURRENCY:
                        b.warmupConcurrency((Integer) v);
                        break;
                    case WARMUP_BUDGET:
                        b.warmupBudget((Duration) v);
                        break;
                    default:
                        // CONFIG was read already; ACCESS_LOG is opened when the edge starts;
                        // WARMUP_TOP goes with WARMUP_FROM_LOG; ClassificationOptions reads
                        // the classification options
                        break;
                }
            } catch (IllegalArgumentException | IllegalStateException ex) {
                throw new UsageException(e.getValue().where() + ": " + ex.getMessage(), false);
            }
        }
        checkWarmup(settings);
        ClassificationOptions.apply(b, settings);
        return b;
    }

    /** The warm-up's tuning options mean nothing without a source: say which one to add. */
    private static void checkWarmup(Map<EdgeOption, Setting> settings) {
        boolean source = settings.containsKey(EdgeOption.WARMUP_URL)
                || settings.containsKey(EdgeOption.WARMUP_FILE)
                || settings.containsKey(EdgeOption.WARMUP_FROM_LOG);
        Setting top = settings.get(EdgeOption.WARMUP_TOP);
        if (top != null && !settings.containsKey(EdgeOption.WARMUP_FROM_LOG)) {
            throw new UsageException(top.where() + ": applies only with a log to warm from: "
                    + "add --warmup-from-log FILE (warmupFromLog in the file)", false);
        }
        for (EdgeOption o : List.of(EdgeOption.WARMUP_CONCURRENCY, EdgeOption.WARMUP_BUDGET)) {
            Setting s = settings.get(o);
            if (s != null && !source) {
                throw new UsageException(s.where() + ": applies only with a warm-up source: "
                        + "add --warmup-url, --warmup-file or --warmup-from-log", false);
            }
        }
    }

    /** The first line of a secret file, trimmed (a file keeps it out of the process list). */
    private static String readSecret(String file) {
        try (java.io.BufferedReader r = java.nio.file.Files.newBufferedReader(
                java.nio.file.Path.of(file), java.nio.charset.StandardCharsets.UTF_8)) {
            String line = r.readLine();
            return line == null ? "" : line.trim();
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            throw new IllegalArgumentException("cannot read the purge secret file " + file
                    + ": " + e.getMessage(), e);
        }
    }

    /** Opens the access log: {@code null} when off, standard output for {@code -}. */
    static OutputStream openAccessLog(Setting s) {
        if (s == null || s.value() == EdgeOption.OFF) {
            return null;
        }
        String name = (String) s.value();
        if (name.equals("-")) {
            return System.out;
        }
        try {
            return Files.newOutputStream(Path.of(name), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException | RuntimeException e) {
            throw new UsageException(s.where() + ": cannot open '" + name + "' for appending ("
                    + e + "); write the name of a file in a directory that exists and is "
                    + "writable, - for standard output, or off", false);
        }
    }

    private static void closeLog(OutputStream log) {
        if (log != null && log != System.out) {
            try {
                log.close();
            } catch (IOException e) {
                // the lines were flushed by the edge; nothing left to do at exit
            }
        }
    }

    /** Returns the usage text: every option with its value, default and meaning. */
    static String usage() {
        StringBuilder b = new StringBuilder();
        b.append("Usage: java -jar cache-edge.jar --origin URL [options]\n")
                .append("       java -jar cache-edge.jar --config edge.yaml [options]\n\n")
                .append("An ESI edge cache: a reverse proxy in front of one origin.\n\n")
                .append("Options: --name VALUE or --name=VALUE; each is also a key of the ")
                .append("--config\nfile, in camelCase (--read-timeout is readTimeout).\n");
        for (EdgeOption o : EdgeOption.values()) {
            String head = "  " + o.flag() + (o.metavar().isEmpty() ? "" : " " + o.metavar());
            b.append(head);
            List<String> lines = wrap(o.help() + " Default: " + o.defaultText() + ".", 46);
            int pad = 34;
            if (head.length() >= pad) {
                b.append('\n').append(" ".repeat(pad));
            } else {
                b.append(" ".repeat(pad - head.length()));
            }
            for (int i = 0; i < lines.size(); i++) {
                b.append(i == 0 ? "" : " ".repeat(pad)).append(lines.get(i)).append('\n');
            }
        }
        b.append("  -h, --help                      Prints this text and exits.\n\n")
                .append("Sizes: 65536, 512KB, 64MB, 1GB. Durations: 500ms, 30s, 2m, 1h or ")
                .append("PT30S.\n")
                .append("Exit status: 0 after --help, 1 if the server cannot start, 2 for ")
                .append("wrong options;\nSIGTERM and Ctrl-C stop it gracefully.\n");
        return b.toString();
    }

    private static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() == 0 ? "" : " ").append(word);
        }
        lines.add(line.toString());
        return lines;
    }
}
