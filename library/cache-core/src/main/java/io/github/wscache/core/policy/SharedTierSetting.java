package io.github.wscache.core.policy;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A policy's {@code sharedTier}: the address of the second cache level that the JVMs of a farm
 * share, {@code redis://host:port} (one server) or
 * {@code redis-cluster://host:port,host:port,...} (some nodes of a Redis Cluster). A cache
 * built from the policy opens it when its module ({@code cache-redis}) is on the class path, and
 * fails with this setting's place in the file when it is not. Immutable.
 *
 * <p>Optionally the setting names a file holding the farm's signing key
 * ({@link #signingKeyFile()}): the tier then signs every entry with it and refuses entries that
 * are not signed with it. The policy names the file, never the key, and the file is read when a
 * cache is built: its first line, without the blanks around it, is the key, at least 16 bytes.
 *
 * <pre>{@code
 * Policy p = Policy.parse("sharedTier: redis://10.0.0.5:6379\n", "wscache.yaml");
 * p.sharedTier().get().uri();   // "redis://10.0.0.5:6379"
 *
 * Policy signed = Policy.parse("sharedTier:\n  uri: redis://10.0.0.5:6379\n"
 *         + "  signingKeyFile: /etc/wscache/farm.key\n", "wscache.yaml");
 * signed.sharedTier().get().signingKeyFile();   // Optional[/etc/wscache/farm.key]
 * }</pre>
 */
public final class SharedTierSetting {
    /**
     * scheme://nodes with nothing else; the scheme and each node (split on commas) are checked
     * after. No repeated group: Java's regex recurses once per repetition of one, and a list of
     * a few thousand nodes would overflow the stack.
     */
    private static final Pattern ADDRESS = Pattern.compile(
            "([a-z][a-z0-9+.-]*)://([^/?#@\\s]+)");
    /** host[:port]; the port is checked after. */
    private static final Pattern NODE = Pattern.compile(
            "(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9._-]+)(?::([0-9]{1,5}))?");
    /** What every message about a wrong value says to write instead. */
    static final String FORM = "redis://host:port or redis-cluster://host:port,host:port,...,"
            + " e.g. redis://10.0.0.5:6379";

    private final String uri;
    private final String scheme;
    /** The file holding the farm's signing key, or null for unsigned entries. */
    private final Path signingKeyFile;
    private final String file;
    private final int line;
    private final int column;

    private SharedTierSetting(String uri, Path signingKeyFile, String file, int line,
            int column) {
        this.uri = uri;
        this.scheme = uri.substring(0, uri.indexOf(':'));
        this.signingKeyFile = signingKeyFile;
        this.file = file;
        this.line = line;
        this.column = column;
    }

    /**
     * A setting read from a policy file, at {@code line} and {@code column} of {@code file} (the
     * address's place); {@code signingKeyFile} may be {@code null}.
     */
    static SharedTierSetting read(String uri, Path signingKeyFile, String file, int line,
            int column) {
        return new SharedTierSetting(uri, signingKeyFile, file, line, column);
    }

    /**
     * A setting made in code ({@link Policy.Builder#sharedTier}); {@code signingKeyFile} may be
     * {@code null}.
     *
     * @throws IllegalArgumentException if {@code uri} is not of the form redis://host:port or
     *     redis-cluster://host:port,...
     */
    static SharedTierSetting of(String uri, Path signingKeyFile) {
        Objects.requireNonNull(uri, "sharedTier");
        String problem = problem(uri);
        if (problem != null) {
            throw new IllegalArgumentException("sharedTier must be " + FORM + ", not '" + uri
                    + "': " + problem);
        }
        return new SharedTierSetting(uri, signingKeyFile, null, 0, 0);
    }

    /**
     * Returns what is wrong with an address, or {@code null} when it is of the form
     * redis://host:port or redis-cluster://host:port,host:port,....
     */
    static String problem(String uri) {
        Matcher m = ADDRESS.matcher(uri);
        if (!m.matches()) {
            if (!uri.contains("://")) {
                return "an address starts with redis:// or redis-cluster://";
            }
            return "only a scheme, hosts and ports (no user, password, path or query)";
        }
        String scheme = m.group(1);
        if (!scheme.equals("redis") && !scheme.equals("redis-cluster")) {
            return "the scheme '" + scheme + "' is not supported (redis and redis-cluster are)";
        }
        String[] nodes = m.group(2).split(",", -1);
        for (String node : nodes) {
            if (node.isEmpty()) {
                return "only a scheme, hosts and ports (no user, password, path or query)";
            }
        }
        if (scheme.equals("redis") && nodes.length > 1) {
            return "redis:// names one server; name a cluster's nodes with redis-cluster://";
        }
        for (String node : nodes) {
            Matcher n = NODE.matcher(node);
            if (!n.matches()) {
                return "'" + node + "' is not a host and a port";
            }
            if (n.group(2) == null) {
                return "the port is missing (Redis listens on 6379 unless told otherwise)";
            }
            int port = Integer.parseInt(n.group(2));
            if (port < 1 || port > 65_535) {
                return "the port must be 1 to 65535";
            }
        }
        return null;
    }

    /** Returns the address as written, e.g. {@code redis://10.0.0.5:6379}. */
    public String uri() {
        return uri;
    }

    /** Returns the address's scheme, {@code redis} or {@code redis-cluster}. */
    public String scheme() {
        return scheme;
    }

    /**
     * Returns the file holding the farm's signing key ({@code signingKeyFile:}), or empty when
     * the tier's entries are not signed. The file is read when a cache is built: its first line,
     * without the spaces, tabs and carriage return around it, is the key, which has at least 16
     * bytes.
     */
    public Optional<Path> signingKeyFile() {
        return Optional.ofNullable(signingKeyFile);
    }

    /**
     * Returns where the setting was written, {@code file:line:column} (of the address), or empty
     * for a policy made in code.
     */
    public Optional<String> source() {
        return file == null ? Optional.empty()
                : Optional.of(file + ":" + line + ":" + column);
    }

    /**
     * Returns an exception that names this setting's place in the policy file and
     * {@code problem}: for a cache that cannot open the tier the policy asks for.
     */
    public PolicyException error(String problem) {
        return new PolicyException(file, line, column, problem);
    }

    /** Equal when the address and the signing key file are; the place does not matter. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SharedTierSetting)) {
            return false;
        }
        SharedTierSetting other = (SharedTierSetting) o;
        return other.uri.equals(uri) && Objects.equals(other.signingKeyFile, signingKeyFile);
    }

    @Override
    public int hashCode() {
        return 31 * uri.hashCode() + Objects.hashCode(signingKeyFile);
    }

    /**
     * Returns the address, and the signing key file's path when there is one
     * ({@code redis://10.0.0.5:6379 signed with the key in /etc/wscache/farm.key}); never the
     * key.
     */
    @Override
    public String toString() {
        return signingKeyFile == null ? uri
                : uri + " signed with the key in " + signingKeyFile;
    }
}
