package io.github.wscache.core.policy;

import java.util.Optional;

/**
 * A policy that cannot be used: thrown when a policy file or builder is wrong, with a message of
 * the form {@code wscache.yaml:12:10: unknown key 'tll' in operations[2]; did you mean 'ttl'?}.
 *
 * <pre>{@code
 * try {
 *     Policy.load(Path.of("wscache.yaml"));
 * } catch (PolicyException e) {
 *     System.err.println(e.getMessage()); // file:line:column: what is wrong and what to write
 * }
 * }</pre>
 */
public final class PolicyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;

    PolicyException(String file, int line, int column, String problem) {
        this(file, line, column, problem, null);
    }

    PolicyException(String file, int line, int column, String problem, Throwable cause) {
        super(location(file, line, column) + problem, cause);
        this.file = file;
        this.line = line;
        this.column = column;
    }

    private static String location(String file, int line, int column) {
        if (file == null) {
            return "";
        }
        return line > 0 ? file + ":" + line + ":" + column + ": " : file + ": ";
    }

    /** Returns the policy file's name, if the policy came from a file. */
    public Optional<String> file() {
        return Optional.ofNullable(file);
    }

    /** Returns the 1-based line of the problem, or 0 when it has no single place. */
    public int line() {
        return line;
    }

    /** Returns the 1-based column of the problem, or 0 when it has no single place. */
    public int column() {
        return column;
    }
}
