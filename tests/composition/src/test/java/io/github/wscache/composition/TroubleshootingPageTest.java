package io.github.wscache.composition;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every warning the library logs is on the Troubleshooting page
 * ({@code src/site/markdown/troubleshooting.md}): a new warning cannot be added undocumented.
 *
 * <p>The main sources of {@code library/*} and {@code edge/cache-edge} are searched (comments
 * left out) for the calls that log for a user: a logger's {@code warn}/{@code error}, the
 * once-per-cause {@code warnOnce}/{@code logOnce}, the engine's {@code stats.error} and
 * {@code recordError} (logged as {@code wscache: <what> for <operation>; the call goes to the
 * service}), the edge warm-up's {@code problem} and the command-line tools' {@code err.print}.
 * The literal text of a message is split where a variable part or a {@code {}} goes (the page
 * writes those as {@code ...}); its leading pieces, about 30 characters of them after a
 * {@code wscache: } prefix, must be on the page (backticks and line breaks do not count).
 *
 * <p>A message with no literal text of its own is listed in {@link #WITHOUT_LITERAL_TEXT} with
 * the text the page shows for it instead, and why; nothing is left out silently.
 */
class TroubleshootingPageTest {
    private static final String PAGE = "src/site/markdown/troubleshooting.md";
    /** The shortest piece of a message checked on its own; shorter ones are words like "for". */
    private static final int SHORTEST_PIECE = 8;
    /** About this much of a message's leading literal text is checked. */
    private static final int CHECKED_LENGTH = 30;
    private static final List<String> PREFIXES =
            List.of("wscache-edge warm-up: ", "wscache-edge: ", "wscache: ");

    /** The calls that log for a user, with the position of their message among the arguments. */
    private static final List<Call> CALLS = List.of(
            new Call(null, "\\b(?:LOG|LOGGER|AUDIT|log|logger)\\s*\\.\\s*(?:warn|error)\\s*\\(", 0),
            new Call(null, "getLogger\\([^()]*\\)\\s*\\.\\s*(?:warn|error)\\s*\\(", 0),
            new Call(null, "\\bwarnOnce\\s*\\(", 1),
            new Call(null, "\\blogOnce\\s*\\(", 1),
            new Call(null, "\\bstats\\s*\\.\\s*error\\s*\\(", 3),
            new Call(null, "\\brecordError\\s*\\(", 1),
            new Call(null, "\\berr\\s*\\.\\s*print(?:ln)?\\s*\\(", 0),
            new Call("Warmup.java", "\\bproblem\\s*\\(", 0));
    /** What looks like a logging call: each must be one of {@link #CALLS}. */
    private static final Pattern LOGGING = Pattern.compile(
            "(?i)(\\w*(?:log|audit)\\w*|\\))\\s*\\.\\s*(warn|error|info|debug)\\s*\\(");
    private static final Pattern DECLARATION = Pattern.compile("\\b(?:void|boolean)\\s+$");

    /**
     * Messages with no literal text to check (all variable parts, or a choice of texts): the
     * file and the message expression as written, mapped to the text the page shows for them.
     */
    private static final Map<String, String> WITHOUT_LITERAL_TEXT = Map.ofEntries(
            // the loggers behind logOnce and warnOnce: their callers' messages are checked
            Map.entry("Stats.java: message", "(logged once per cause)"),
            Map.entry("OnceLog.java: message", "(logged once per cause)"),
            // Stats.error as called by ResponseCache.recordError: its callers' texts are checked
            Map.entry("ResponseCache.java: Objects.requireNonNull(what, \"what\")",
                    "; the call goes to the service (logged once per cause)"),
            // the copier registry's own warning, checked here by its fixed end
            Map.entry("ObjectFlow.java: \"wscache: \" + inv.operation() + \": \" + "
                    + "choice.warning().get()", "using the automatic choice instead"),
            // the message of each problem(...) call, checked on their own
            Map.entry("Warmup.java: \"wscache-edge warm-up: {}\"", "wscache-edge warm-up: ..."),
            // a warm-up path that failed: the path and the failure's own message
            Map.entry("Warmup.java: path + \": \" + e.getMessage()",
                    "wscache-edge warm-up: /path: ..."),
            Map.entry("Warmup.java: path + \": \" + e", "wscache-edge warm-up: /path: ..."),
            // the checker's usage text and the PolicyException's own file:line:column message
            Map.entry("PolicyCheck.java: USAGE", "usage: PolicyCheck [check]"),
            Map.entry("PolicyCheck.java: e.getMessage()", "file:line:column: what is wrong"),
            Map.entry("PolicyCheck.java: policyFile == null ? \"no policy file given\" : "
                    + "\"no --wsdl file given\"", "no policy file given"),
            Map.entry("PolicyCheck.java: \"warning: \" + unmatched(u)",
                    "warning: ...: entry '...' matches no operation;"),
            Map.entry("PolicyCheck.java: \"warning: \" + javaName(j)",
                    "the generated Java name of WSDL operation"),
            Map.entry("EdgeCommand.java: e.showUsage ? usage() : \"Run with --help to see every "
                    + "option.\\n\"", "Run with --help to see every option."),
            // a wrong option: the UsageException says what is wrong with it
            Map.entry("EdgeCommand.java: \"wscache-edge: \" + e.getMessage()",
                    "wscache-edge: ... (what is wrong with an option)"));

    /** A kind of call: in one file only (or any), its pattern, its message's argument. */
    record Call(String file, String pattern, int argument) {
        Pattern compiled() {
            return Pattern.compile(pattern);
        }
    }

    /** One logged message: where, the expression, and its text with variable parts as "...". */
    record Warning(String module, String file, int line, String expression, String text) {
        String where() {
            return module + " " + file + ":" + line;
        }
    }

    @Test
    void everyLoggedWarningIsOnTheTroubleshootingPage() throws IOException {
        String page = normalised(Files.readString(DocSamplesTest.repositoryRoot().resolve(PAGE)));
        List<Warning> warnings = warnings();
        assertThat(warnings).as("logging calls found in the main sources").hasSizeGreaterThan(40);
        List<String> missing = new ArrayList<>();
        for (Warning w : warnings) {
            List<String> pieces = checked(w);
            if (pieces.isEmpty()) {
                missing.add(w.where() + ": the message `" + w.text() + "` (" + w.expression()
                        + ") has no literal text to look for; list it in WITHOUT_LITERAL_TEXT as"
                        + " \"" + key(w) + "\" with the text the page shows for it");
            }
            for (String piece : pieces) {
                if (!page.contains(normalised(piece))) {
                    missing.add(w.where() + ": `" + w.text() + "`: \"" + piece + "\" is not on "
                            + PAGE);
                }
            }
        }
        assertThat(missing).as("warnings missing from the Troubleshooting page:\n"
                + String.join("\n", missing)).isEmpty();
    }

    @Test
    void theListOfMessagesWithoutLiteralTextIsCurrent() throws IOException {
        TreeSet<String> used = warnings().stream().map(TroubleshootingPageTest::key)
                .filter(WITHOUT_LITERAL_TEXT::containsKey)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(used).as("WITHOUT_LITERAL_TEXT entries whose call is gone")
                .containsExactlyInAnyOrderElementsOf(WITHOUT_LITERAL_TEXT.keySet());
    }

    /** The pieces of a warning's text that must be on the page. */
    private static List<String> checked(Warning w) {
        String instead = WITHOUT_LITERAL_TEXT.get(key(w));
        if (instead != null) {
            return List.of(instead);
        }
        String text = w.text();
        for (String prefix : PREFIXES) {
            if (text.startsWith(prefix)) {
                text = text.substring(prefix.length());
                break;
            }
        }
        List<String> checked = new ArrayList<>();
        int length = 0;
        for (String piece : text.split("\\.\\.\\.")) {
            String p = piece.replaceAll("^[\\s:;,.]+|[\\s:;,.]+$", "");
            if (p.length() < SHORTEST_PIECE) {
                continue;
            }
            p = p.substring(0, Math.min(p.length(), CHECKED_LENGTH)).strip();
            checked.add(p);
            length += p.length();
            if (length >= CHECKED_LENGTH) {
                break;
            }
        }
        return checked;
    }

    private static String key(Warning w) {
        return w.file() + ": " + w.expression();
    }

    /** Text as compared: no backticks or Markdown escapes, whitespace runs as one space. */
    private static String normalised(String s) {
        return s.replace("`", "").replaceAll("\\\\([\\\\`*_{}\\[\\]()#+\\-.!|<>])", "$1")
                .replaceAll("\\s+", " ");
    }

    /** Every logging call of the main sources of library/* and edge/cache-edge. */
    static List<Warning> warnings() throws IOException {
        Path root = DocSamplesTest.repositoryRoot();
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root.resolve("library"))) {
            modules.sorted().forEach(m -> sources.add(m.resolve("src/main/java")));
        }
        sources.add(root.resolve("edge/cache-edge/src/main/java"));
        List<Warning> warnings = new ArrayList<>();
        for (Path src : sources) {
            if (!Files.isDirectory(src)) {
                continue;
            }
            String module = src.getParent().getParent().getParent().getFileName().toString();
            List<Path> files;
            try (Stream<Path> walk = Files.walk(src)) {
                files = walk.filter(p -> p.toString().endsWith(".java")).sorted()
                        .collect(Collectors.toList());
            }
            for (Path f : files) {
                warnings.addAll(warnings(module, f.getFileName().toString(),
                        withoutComments(Files.readString(f))));
            }
        }
        return warnings;
    }

    private static List<Warning> warnings(String module, String file, String code) {
        List<Warning> found = new ArrayList<>();
        TreeSet<Integer> recognised = new TreeSet<>();
        for (Call call : CALLS) {
            if (call.file() != null && !call.file().equals(file)) {
                continue;
            }
            Matcher m = call.compiled().matcher(code);
            while (m.find()) {
                int lineStart = code.lastIndexOf('\n', m.start()) + 1;
                if (DECLARATION.matcher(code.substring(lineStart, m.start())).find()) {
                    continue;
                }
                recognised.add(m.end());
                List<String> args = arguments(code, m.end());
                int line = lineOf(code, m.start());
                assertThat(args).as(module + " " + file + ":" + line + ": the message argument")
                        .hasSizeGreaterThan(call.argument());
                String expression = args.get(call.argument()).replaceAll("\\s+", " ");
                found.add(new Warning(module, file, line, expression, text(expression)));
            }
        }
        Matcher m = LOGGING.matcher(code);
        while (m.find()) {
            boolean quiet = m.group(2).equals("info") || m.group(2).equals("debug");
            assertThat(quiet || recognised.contains(m.end()))
                    .as(module + " " + file + ":" + lineOf(code, m.start()) + ": " + m.group()
                            + " looks like a logging call this test does not recognise; add its"
                            + " form to CALLS")
                    .isTrue();
        }
        found.sort((a, b) -> Integer.compare(a.line(), b.line()));
        return found;
    }

    private static int lineOf(String code, int at) {
        return (int) code.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    /** A message expression as a user reads it: literal text, "..." for the variable parts. */
    static String text(String expression) {
        StringBuilder text = new StringBuilder();
        for (String operand : split(expression, '+')) {
            String o = operand.strip();
            if (o.length() >= 2 && o.startsWith("\"") && o.endsWith("\"")
                    && split(o, '+').size() == 1 && isOneLiteral(o)) {
                text.append(unescape(o.substring(1, o.length() - 1)).replace("{}", "..."));
            } else if (!text.toString().endsWith("...")) {
                text.append("...");
            }
        }
        return text.toString();
    }

    private static boolean isOneLiteral(String o) {
        for (int i = 1; i < o.length() - 1; i++) {
            if (o.charAt(i) == '\\') {
                i++;
            } else if (o.charAt(i) == '"') {
                return false;
            }
        }
        return true;
    }

    private static String unescape(String s) {
        return s.replace("\\n", "\n").replace("\\t", "\t").replace("\\\"", "\"")
                .replace("\\'", "'").replace("\\\\", "\\");
    }

    /** The arguments of a call whose '(' ends just before {@code from}. */
    private static List<String> arguments(String code, int from) {
        int depth = 0;
        int i = from;
        while (i < code.length()) {
            char c = code.charAt(i);
            if (c == '"' || c == '\'') {
                i = skipLiteral(code, i);
                continue;
            }
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                if (depth == 0) {
                    break;
                }
                depth--;
            }
            i++;
        }
        return split(code.substring(from, i), ',');
    }

    /** {@code s} split at {@code separator} outside literals and brackets. */
    private static List<String> split(String s, char separator) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '"' || c == '\'') {
                i = skipLiteral(s, i);
                continue;
            }
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
            } else if (c == separator && depth == 0) {
                parts.add(s.substring(start, i).strip());
                start = i + 1;
            }
            i++;
        }
        parts.add(s.substring(start).strip());
        return parts;
    }

    /** The index after the string, text block or char literal starting at {@code at}. */
    private static int skipLiteral(String s, int at) {
        char quote = s.charAt(at);
        if (quote == '"' && s.startsWith("\"\"\"", at)) {
            int end = s.indexOf("\"\"\"", at + 3);
            return end < 0 ? s.length() : end + 3;
        }
        int i = at + 1;
        while (i < s.length() && s.charAt(i) != quote) {
            i += s.charAt(i) == '\\' ? 2 : 1;
        }
        return i + 1;
    }

    /** Java source with its comments blanked out (line breaks kept, so lines still count). */
    static String withoutComments(String code) {
        StringBuilder out = new StringBuilder(code);
        int i = 0;
        while (i < code.length()) {
            char c = code.charAt(i);
            if (c == '"' || c == '\'') {
                i = skipLiteral(code, i);
            } else if (code.startsWith("//", i)) {
                int end = code.indexOf('\n', i);
                end = end < 0 ? code.length() : end;
                blank(out, i, end);
                i = end;
            } else if (code.startsWith("/*", i)) {
                int end = code.indexOf("*/", i + 2);
                end = end < 0 ? code.length() : end + 2;
                blank(out, i, end);
                i = end;
            } else {
                i++;
            }
        }
        return out.toString();
    }

    private static void blank(StringBuilder out, int from, int to) {
        for (int i = from; i < to; i++) {
            if (out.charAt(i) != '\n') {
                out.setCharAt(i, ' ');
            }
        }
    }
}
