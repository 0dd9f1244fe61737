package io.github.wscache.core.internal.yaml;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.github.wscache.core.internal.NearestName;
import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * A YAML value with the line and column it was written at, so that every error in a
 * configuration file (the caching policy, the edge's {@code edge.yaml}) can name its place. Built
 * with Jackson's streaming YAML parser; a databind tree would lose locations.
 *
 * <p>Reading is bounded so that any input fails fast with a place (issue 13): at most
 * {@value #MAXIMUM_CHARACTERS} characters and {@value #MAXIMUM_DEPTH} levels of nesting, both
 * checked before Jackson's own limits (which report no location). Whatever the parser throws,
 * checked or not, becomes a {@link YamlException} at the last location it reported.
 *
 * <p>Not API: shared by cache-core's policy reader and cache-edge's configuration reader.
 */
public final class YamlNode {
    /** The largest document read, in characters: 1 MB. */
    public static final int MAXIMUM_CHARACTERS = 1 << 20;

    /** The deepest nesting of mappings and lists read; a policy needs 4. */
    public static final int MAXIMUM_DEPTH = 64;

    /** The longest value quoted in full in a message. */
    private static final int DESCRIBED_CHARACTERS = 200;

    private static final YAMLFactory YAML = new YAMLFactory();

    /** What a node holds. */
    public enum Kind { MAP, LIST, STRING, NUMBER, BOOLEAN, NULL }

    private final Kind kind;
    private final Object value;
    private final int line;
    private final int column;
    private final Map<String, YamlNode> keys;

    private YamlNode(Kind kind, Object value, JsonLocation at, Map<String, YamlNode> keys) {
        this.kind = kind;
        this.value = value;
        this.line = at.getLineNr();
        this.column = at.getColumnNr();
        this.keys = keys;
    }

    /**
     * Parses a whole document.
     *
     * @param file the file's name for messages
     * @param document what the document is, for messages ({@code "policy"})
     * @param neededDepth the deepest nesting a good document has, for messages
     * @throws YamlException on YAML syntax errors, duplicate keys, or a document over the limits
     */
    public static YamlNode parse(Reader in, String file, String document, int neededDepth) {
        Parse parse = new Parse(file, document, neededDepth);
        // read up to the limit first: a document over it fails at once, located, without
        // making the YAML parser scan a megabyte
        StringBuilder text = new StringBuilder();
        char[] chunk = new char[8192];
        try {
            int n;
            while ((n = in.read(chunk)) > 0) {
                text.append(chunk, 0, n);
                if (text.length() > MAXIMUM_CHARACTERS) {
                    throw tooLarge(text, file, document);
                }
            }
        } catch (IOException e) {
            throw new YamlException(file, 1, 1, "cannot read the " + document + ": " + e, e);
        }
        LimitedReader limited = new LimitedReader(new StringReader(text.toString()));
        try (JsonParser p = YAML.createParser(limited)) {
            parse.parser = p;
            JsonToken t = parse.next();
            if (t == null) {
                return new YamlNode(Kind.MAP, Collections.emptyMap(), JsonLocation.NA,
                        Collections.emptyMap());
            }
            YamlNode root = parse.read(1);
            if (parse.next() != null) {
                // Jackson reads a second document (after ---) as a second root value
                throw parse.error("a second document starts here (after '---'): a " + document
                        + " is one document; merge them into one or remove the '---'", null);
            }
            return root;
        } catch (YamlException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw failure(e, limited, parse);
        }
    }

    /** The located error of a document over {@link #MAXIMUM_CHARACTERS}: where it went over. */
    private static YamlException tooLarge(CharSequence text, String file, String document) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < MAXIMUM_CHARACTERS; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new YamlException(file, line, column, "the " + document + " is larger than 1 MB ("
                + MAXIMUM_CHARACTERS + " characters); a " + document + " file is a few "
                + "kilobytes, check that this is the right file", null);
    }

    private static YamlException failure(Exception e, LimitedReader limited, Parse parse) {
        if (limited.exceeded) {
            // the YAML parser may wrap the reader's exception in one of its own
            return parse.error("the " + parse.document + " is larger than 1 MB ("
                    + MAXIMUM_CHARACTERS + " characters); a " + parse.document + " file is a few "
                    + "kilobytes, check that this is the right file", e);
        }
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof MarkedYAMLException) {
                MarkedYAMLException m = (MarkedYAMLException) c;
                Mark at = m.getProblemMark() != null ? m.getProblemMark() : m.getContextMark();
                if (at != null) {
                    String problem = m.getProblem() != null ? m.getProblem() : m.getContext();
                    return new YamlException(parse.file, at.getLine() + 1, at.getColumn() + 1,
                            "not valid YAML: " + problem + hint(problem, at), e);
                }
            }
        }
        if (e instanceof JsonProcessingException) {
            JsonProcessingException j = (JsonProcessingException) e;
            JsonLocation at = j.getLocation();
            if (at != null && at.getLineNr() > 0) {
                return new YamlException(parse.file, at.getLineNr(),
                        Math.max(at.getColumnNr(), 1), "not valid YAML: " + j.getOriginalMessage(),
                        e);
            }
            return parse.error("not valid YAML: " + j.getOriginalMessage(), e);
        }
        if (e instanceof IOException) {
            return parse.error("cannot read the " + parse.document + ": " + e.getMessage(), e);
        }
        // the YAML parser under Jackson throws unchecked exceptions of its own
        return parse.error("not valid YAML: " + e.getMessage(), e);
    }

    /**
     * What to write instead, for the YAML mistakes people make in a configuration file: a dash
     * or a colon in a value, a tab, a line that does not line up; empty when there is no hint.
     */
    static String hint(String problem, Mark at) {
        String line = lineOf(at);
        String p = problem == null ? "" : problem;
        if (p.contains("sequence entries are not allowed here")) {
            if (line.strip().endsWith(": -")) {
                return "; a dash alone starts a list: write \"-\" in quotes for the text -";
            }
            return "; a list item (- ...) starts its own line, under its key";
        }
        if (p.contains("mapping values are not allowed here")) {
            return "; a value that holds \": \" must be in quotes";
        }
        if (p.contains("found character '\\t'") || line.startsWith("\t")) {
            return "; indent with spaces, not tabs";
        }
        if (p.contains("expected <block end>") || p.contains("expected <block mapping end>")) {
            return "; this line does not line up with the entries above it: check its indentation";
        }
        if (p.contains("could not find expected ':'")) {
            return "; write each entry as name: value (a colon, then a space)";
        }
        if (p.contains("found unexpected end of stream") || p.contains("flow sequence")
                || p.contains("flow mapping")) {
            return "; a [ or { is not closed";
        }
        return "";
    }

    private static String lineOf(Mark at) {
        int[] text = at.getBuffer();
        if (text == null) {
            return "";
        }
        int start = Math.min(Math.max(at.getIndex(), 0), text.length);
        while (start > 0 && text[start - 1] != '\n') {
            start--;
        }
        int end = start;
        while (end < text.length && text[end] != '\n' && text[end] != 0) {
            end++;
        }
        return new String(text, start, end - start);
    }

    /** One parse: the parser, the last location it reported, and the errors placed there. */
    private static final class Parse {
        final String file;
        final String document;
        final int neededDepth;
        JsonParser parser;
        int line = 1;
        int column = 1;

        Parse(String file, String document, int neededDepth) {
            this.file = file;
            this.document = document;
            this.neededDepth = neededDepth;
        }

        JsonToken next() throws IOException {
            JsonToken t = parser.nextToken();
            JsonLocation at = parser.currentTokenLocation();
            if (at != null && at.getLineNr() > 0) {
                line = at.getLineNr();
                column = Math.max(at.getColumnNr(), 1);
            }
            return t;
        }

        YamlException error(String problem, Throwable cause) {
            return new YamlException(file, line, column, problem, cause);
        }

        YamlNode read(int depth) throws IOException {
            JsonLocation at = parser.currentTokenLocation();
            JsonToken t = parser.currentToken();
            if (depth > MAXIMUM_DEPTH && (t == JsonToken.START_OBJECT
                    || t == JsonToken.START_ARRAY)) {
                throw new YamlException(file, at.getLineNr(), at.getColumnNr(),
                        "the " + document + " is nested deeper than " + MAXIMUM_DEPTH
                                + " levels; a " + document + " needs at most " + neededDepth,
                        null);
            }
            if (parser instanceof YAMLParser y && y.isCurrentAlias()) {
                // Jackson gives an alias (*name) as the plain string 'name', not the value it
                // names: it would load as another policy than the one written
                throw new YamlException(file, at.getLineNr(), at.getColumnNr(), "an alias ('*"
                        + parser.getText() + "') is not read in a " + document
                        + ": write the value itself", null);
            }
            switch (t) {
                case START_OBJECT: {
                    Map<String, YamlNode> map = new LinkedHashMap<>();
                    Map<String, YamlNode> names = new LinkedHashMap<>();
                    while (next() == JsonToken.FIELD_NAME) {
                        JsonLocation nameAt = parser.currentTokenLocation();
                        String name = parser.currentName();
                        next();
                        YamlNode v = read(depth + 1);
                        if (map.containsKey(name)) {
                            throw new YamlException(file, nameAt.getLineNr(),
                                    nameAt.getColumnNr(), "duplicate key '" + name
                                            + "' (first written at line "
                                            + names.get(name).line + "); keep one of them",
                                    null);
                        }
                        map.put(name, v);
                        names.put(name, new YamlNode(Kind.STRING, name, nameAt, null));
                    }
                    return new YamlNode(Kind.MAP, Collections.unmodifiableMap(map), at,
                            Collections.unmodifiableMap(names));
                }
                case START_ARRAY: {
                    List<YamlNode> list = new ArrayList<>();
                    while (next() != JsonToken.END_ARRAY) {
                        list.add(read(depth + 1));
                    }
                    return new YamlNode(Kind.LIST, Collections.unmodifiableList(list), at, null);
                }
                case VALUE_STRING:
                    return new YamlNode(Kind.STRING, parser.getText(), at, null);
                case VALUE_NUMBER_INT:
                case VALUE_NUMBER_FLOAT:
                    return new YamlNode(Kind.NUMBER, parser.getText(), at, null);
                case VALUE_TRUE:
                case VALUE_FALSE:
                    return new YamlNode(Kind.BOOLEAN, t == JsonToken.VALUE_TRUE, at, null);
                case VALUE_NULL:
                    return new YamlNode(Kind.NULL, null, at, null);
                default:
                    throw new YamlException(file, at.getLineNr(), at.getColumnNr(),
                            "unexpected YAML content: " + t, null);
            }
        }
    }

    /** Reads at most {@link #MAXIMUM_CHARACTERS}, then fails and says so. */
    private static final class LimitedReader extends FilterReader {
        private long count;
        boolean exceeded;

        LimitedReader(Reader in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int c = super.read();
            if (c >= 0) {
                count(1);
            }
            return c;
        }

        @Override
        public int read(char[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws IOException {
            count += n;
            if (count > MAXIMUM_CHARACTERS) {
                exceeded = true;
                throw new IOException("the document is over " + MAXIMUM_CHARACTERS
                        + " characters");
            }
        }
    }

    /** Returns what the node holds. */
    public Kind kind() {
        return kind;
    }

    /** Returns the 1-based line the value starts at. */
    public int line() {
        return line;
    }

    /** Returns the 1-based column the value starts at. */
    public int column() {
        return column;
    }

    /** Returns a mapping's entries in the order written. */
    @SuppressWarnings("unchecked")
    public Map<String, YamlNode> map() {
        return (Map<String, YamlNode>) value;
    }

    /** Returns a list's items. */
    @SuppressWarnings("unchecked")
    public List<YamlNode> list() {
        return (List<YamlNode>) value;
    }

    /** Returns the node of the key's name (for the location of a key), given a map node. */
    public YamlNode keyNode(String name) {
        return keys.get(name);
    }

    /**
     * Rejects a key of this mapping that is not {@code allowed}, at the key, with the nearest
     * allowed key ("did you mean") and the list of allowed keys.
     *
     * @param where what the mapping is, for the message ({@code "the top level"})
     * @throws YamlException for the first unknown key
     */
    public void checkKeys(String file, Set<String> allowed, String where) {
        for (String k : map().keySet()) {
            if (!allowed.contains(k)) {
                YamlNode at = keyNode(k);
                String near = NearestName.of(k, allowed);
                List<String> sorted = new ArrayList<>(allowed);
                sorted.sort(String.CASE_INSENSITIVE_ORDER);
                throw new YamlException(file, at.line, at.column, "unknown key '" + shortened(k)
                        + "' in " + where + (near == null ? "; allowed keys: "
                                : "; did you mean '" + near + "'? Allowed keys: ")
                        + String.join(", ", sorted), null);
            }
        }
    }

    /** Returns a scalar's text as written. */
    public String text() {
        return String.valueOf(value);
    }

    /** Returns a boolean's value. */
    public boolean bool() {
        return (Boolean) value;
    }

    /** Describes the value for a message: {@code 'text'}, {@code 42}, {@code a mapping}. */
    public String describe() {
        switch (kind) {
            case MAP:
                return "a mapping";
            case LIST:
                return "a list";
            case NULL:
                return "nothing";
            case STRING:
                return "'" + shortened(String.valueOf(value)) + "'";
            default:
                return shortened(String.valueOf(value));
        }
    }

    /** Keeps messages readable when a value is a hostile megabyte. */
    public static String shortened(String text) {
        return text.length() <= DESCRIBED_CHARACTERS ? text
                : text.substring(0, DESCRIBED_CHARACTERS) + "... (" + text.length()
                        + " characters)";
    }
}
