package io.github.wscache.composition;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every {@code ```java} sample of the README and of the site ({@code src/site/markdown/*.md}),
 * compiled as a reader copies it: its own imports, against this module's test class path (every
 * library module, the fixtures, Micrometer, Jackson).
 *
 * <p>A block's leading {@code import} lines are split from its body. A block that declares a
 * top-level type compiles as it is; any other block is a fragment, compiled as the body of
 * {@code class SampleN { void run(<free variables>) throws Exception { ... } }}. What a fragment
 * uses but does not declare is named in an HTML comment right before the block (invisible on the
 * site, visible in the page's source):
 *
 * <pre>
 * &lt;!-- sample: GoogleSearchServiceStub stub; String endpoint; org.slf4j.Logger log --&gt;
 * &lt;!-- sample-types: record Item(String id) {} --&gt;
 * </pre>
 *
 * <p>The first gives the parameters of {@code run}, the second helper types nested in the
 * wrapper class. A block that cannot compile says so with
 * {@code <!-- sample: not compiled, because ... -->}; it is reported as a skipped test with that
 * reason. A failure names the page, the line in the page and the compiler's message. Lint
 * warnings fail too, as in the build ({@code -Xlint:all}), except {@code try}: a sample's
 * {@code try} body is often a comment standing for the reader's own code.
 */
class DocSamplesTest {
    /** The {@code ```java} blocks of the pages when this test was written: fewer is a bug here. */
    private static final int BLOCKS_WHEN_WRITTEN = 16;
    private static final Pattern FENCE = Pattern.compile("^( {0,3})(`{3,}|~{3,})\\s*(\\S*).*$");
    private static final Pattern TOP_LEVEL_TYPE = Pattern.compile("^(?:(?:public|abstract|final"
            + "|sealed|non-sealed|static|strictfp)\\s+)*(?:class|interface|enum|record|@interface)"
            + "\\s+(\\w+)");
    private static final Pattern PUBLIC_TYPE = Pattern.compile("^public\\s.*?"
            + "\\b(?:class|interface|enum|record|@interface)\\s+(\\w+)");
    private static final String NOT_COMPILED = "not compiled";

    private static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();
    private static final StandardJavaFileManager FILES =
            JAVAC.getStandardFileManager(null, Locale.ROOT, null);

    @AfterAll
    static void close() throws IOException {
        FILES.close();
    }

    @Test
    void everyPageIsSearched_andNoBlockIsLost() throws IOException {
        List<Sample> samples = samples();
        assertThat(samples).as("```java blocks in README.md and src/site/markdown/*.md")
                .hasSizeGreaterThanOrEqualTo(BLOCKS_WHEN_WRITTEN);
        assertThat(samples).extracting(Sample::page).as("pages with ```java blocks")
                .contains("README.md", "src/site/markdown/getting-started.md");
    }

    @TestFactory
    Stream<DynamicTest> everySampleCompilesAsShown() throws IOException {
        return samples().stream().map(s -> DynamicTest.dynamicTest(s.where(), () -> {
            if (s.notCompiled() != null) {
                Assumptions.abort(s.where() + " is " + s.notCompiled());
            }
            compile(s);
        }));
    }

    /** A {@code ```java} block of a page, with what the comments before it declare. */
    record Sample(String page, int line, List<String> code, int firstCodeLine, String variables,
            String types, String notCompiled, int number) {
        String where() {
            return page + ":" + line;
        }
    }

    /** The folder with {@code mvnw}, found by walking up from this module's folder. */
    static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("mvnw"))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("a folder with mvnw above " + Path.of("").toAbsolutePath()).isNotNull();
        return dir;
    }

    /** README.md and the site's pages, relative to the repository's root. */
    static List<String> pages() throws IOException {
        Path root = repositoryRoot();
        List<String> pages = new ArrayList<>();
        pages.add("README.md");
        try (Stream<Path> site = Files.list(root.resolve("src/site/markdown"))) {
            site.filter(p -> p.getFileName().toString().endsWith(".md")).sorted()
                    .forEach(p -> pages.add(root.relativize(p).toString().replace('\\', '/')));
        }
        return pages;
    }

    static List<Sample> samples() throws IOException {
        Path root = repositoryRoot();
        List<Sample> samples = new ArrayList<>();
        for (String page : pages()) {
            samples.addAll(samples(page, Files.readAllLines(root.resolve(page)),
                    samples.size() + 1));
        }
        return samples;
    }

    /** The {@code ```java} blocks of one page (fences of other languages are skipped whole). */
    static List<Sample> samples(String page, List<String> lines, int firstNumber) {
        List<Sample> found = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                i++;
                continue;
            }
            int indent = open.group(1).length();
            String fence = open.group(2);
            int close = i + 1;
            while (close < lines.size() && !isClosing(lines.get(close), fence)) {
                close++;
            }
            if (open.group(3).equals("java")) {
                List<String> code = new ArrayList<>();
                for (String l : lines.subList(i + 1, Math.min(close, lines.size()))) {
                    code.add(l.length() >= indent && l.substring(0, indent).isBlank()
                            ? l.substring(indent) : l.stripLeading());
                }
                String[] declared = declarations(page, lines, i);
                String variables = declared[0];
                String notCompiled = null;
                if (variables != null && variables.startsWith(NOT_COMPILED)) {
                    notCompiled = variables;
                    variables = null;
                }
                found.add(new Sample(page, i + 1, code, i + 2, variables, declared[1],
                        notCompiled, firstNumber + found.size()));
            }
            i = close + 1;
        }
        return found;
    }

    private static boolean isClosing(String line, String fence) {
        String t = line.strip();
        return t.length() >= fence.length() && t.chars().allMatch(c -> c == fence.charAt(0));
    }

    /**
     * The {@code sample:} and {@code sample-types:} comments right before the fence at
     * {@code fence} (blank lines between them allowed).
     */
    private static String[] declarations(String page, List<String> lines, int fence) {
        String[] declared = new String[2];
        int i = fence - 1;
        while (i >= 0) {
            if (lines.get(i).isBlank()) {
                i--;
                continue;
            }
            if (!lines.get(i).strip().endsWith("-->")) {
                break;
            }
            int start = i;
            while (start >= 0 && !lines.get(start).strip().startsWith("<!--")) {
                start--;
            }
            if (start < 0) {
                break;
            }
            String comment = String.join(" ", lines.subList(start, i + 1)).strip();
            comment = comment.substring(4, comment.length() - 3).strip();
            if (comment.startsWith("sample:")) {
                declared[0] = comment.substring("sample:".length()).strip();
            } else if (comment.startsWith("sample-types:")) {
                declared[1] = comment.substring("sample-types:".length()).strip();
            } else {
                break;
            }
            i = start - 1;
        }
        return declared;
    }

    /** Compiles one sample; fails with the page, the page's line and javac's message. */
    private static void compile(Sample s) throws IOException {
        int bodyFrom = 0;
        while (bodyFrom < s.code().size()) {
            String l = s.code().get(bodyFrom).strip();
            if (!l.isEmpty() && !l.startsWith("import ")) {
                break;
            }
            bodyFrom++;
        }
        List<String> source = new ArrayList<>();
        List<Integer> pageLines = new ArrayList<>();
        for (int i = 0; i < bodyFrom; i++) {
            add(source, pageLines, s.code().get(i), s.firstCodeLine() + i);
        }
        List<String> body = s.code().subList(bodyFrom, s.code().size());
        String typeName = null;
        String publicType = null;
        for (String l : body) {
            Matcher m = TOP_LEVEL_TYPE.matcher(l);
            if (typeName == null && m.find()) {
                typeName = m.group(1);
            }
            Matcher p = PUBLIC_TYPE.matcher(l);
            if (publicType == null && p.find()) {
                publicType = p.group(1);
            }
        }
        String className = "Sample" + s.number();
        if (typeName != null) {
            // a whole compilation unit: compiled as it is
            for (int i = 0; i < body.size(); i++) {
                add(source, pageLines, body.get(i), s.firstCodeLine() + bodyFrom + i);
            }
            className = publicType != null ? publicType : className;
        } else {
            add(source, pageLines, "class " + className + " {", -1);
            if (s.types() != null) {
                add(source, pageLines, "    " + s.types(), -1);
            }
            add(source, pageLines, "    void run(" + (s.variables() == null ? ""
                    : s.variables().replaceAll("\\s*;\\s*$", "").replaceAll("\\s*;\\s*", ", "))
                    + ") throws Exception {", -1);
            for (int i = 0; i < body.size(); i++) {
                add(source, pageLines, body.get(i), s.firstCodeLine() + bodyFrom + i);
            }
            add(source, pageLines, "    }", -1);
            add(source, pageLines, "}", -1);
        }
        String text = String.join("\n", source) + "\n";
        JavaFileObject unit = new SimpleJavaFileObject(
                URI.create("string:///" + className + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return text;
            }
        };
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter out = new StringWriter();
        List<String> options = List.of("--release", "17", "-proc:none", "-implicit:none",
                "-Xlint:all,-try,-path,-classfile,-processing", "-classpath",
                System.getProperty("java.class.path"));
        boolean ok = JAVAC.getTask(out, new Discarding(FILES), diagnostics, options, null,
                List.of(unit)).call();
        List<String> problems = diagnostics.getDiagnostics().stream()
                .sorted(Comparator.comparingLong(Diagnostic::getLineNumber))
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR
                        || d.getKind() == Diagnostic.Kind.WARNING
                        || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING)
                .map(d -> describe(s, d, source, pageLines))
                .collect(Collectors.toList());
        assertThat(problems).as("the ```java block at " + s.where() + " compiles as shown"
                + (s.variables() == null ? "" : " (free variables: " + s.variables() + ")")
                + "; javac said:\n" + String.join("\n", problems) + out + "\nthe compiled source:\n"
                + numbered(source)).isEmpty();
        assertThat(ok).as(s.where() + " compiles: " + out).isTrue();
    }

    private static void add(List<String> source, List<Integer> pageLines, String line,
            int pageLine) {
        source.add(line);
        pageLines.add(pageLine);
    }

    private static String describe(Sample s, Diagnostic<? extends JavaFileObject> d,
            List<String> source, List<Integer> pageLines) {
        long n = d.getLineNumber();
        String where;
        if (n >= 1 && n <= source.size() && pageLines.get((int) n - 1) >= 0) {
            where = s.page() + ":" + pageLines.get((int) n - 1);
        } else if (n >= 1 && n <= source.size()) {
            where = s.page() + ":" + s.line() + " (the wrapper made from the sample comments: "
                    + source.get((int) n - 1).strip() + ")";
        } else {
            where = s.page() + ":" + s.line();
        }
        return where + ": " + d.getKind().toString().toLowerCase(Locale.ROOT) + ": "
                + d.getMessage(Locale.ROOT);
    }

    private static String numbered(List<String> source) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < source.size(); i++) {
            b.append(String.format(Locale.ROOT, "%4d  %s%n", i + 1, source.get(i)));
        }
        return b.toString();
    }

    /** Compiles without writing class files. */
    private static final class Discarding extends ForwardingJavaFileManager<JavaFileManager> {
        Discarding(JavaFileManager files) {
            super(files);
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className,
                JavaFileObject.Kind kind, FileObject sibling) {
            return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/')
                    + kind.extension), kind) {
                @Override
                public OutputStream openOutputStream() {
                    return OutputStream.nullOutputStream();
                }
            };
        }
    }
}
