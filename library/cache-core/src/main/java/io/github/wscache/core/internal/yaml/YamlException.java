package io.github.wscache.core.internal.yaml;

/**
 * Something wrong in a YAML file, at a place: the message reads
 * {@code file:line:column: problem}. Readers built on {@link YamlNode} turn it into their own
 * public exception (cache-core's {@code PolicyException}) with {@link #problem()} and the place.
 */
public final class YamlException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;
    private final String problem;

    /** Creates the exception; {@code line} 0 means the problem has no single place. */
    public YamlException(String file, int line, int column, String problem, Throwable cause) {
        super(location(file, line, column) + problem, cause);
        this.file = file;
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    private static String location(String file, int line, int column) {
        if (file == null) {
            return "";
        }
        return line > 0 ? file + ":" + line + ":" + column + ": " : file + ": ";
    }

    /** Returns the file's name, or {@code null}. */
    public String file() {
        return file;
    }

    /** Returns the 1-based line, or 0. */
    public int line() {
        return line;
    }

    /** Returns the 1-based column, or 0. */
    public int column() {
        return column;
    }

    /** Returns the message without the place. */
    public String problem() {
        return problem;
    }
}
