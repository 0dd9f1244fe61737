package io.github.wscache.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The command line of {@code java -jar cache-sim.jar}: its help, exit codes and errors. */
class SimulateCommandTest {
    /** Every option the command takes, with a value where it needs one. */
    private static final List<String[]> OPTIONS = List.of(new String[] {"--out", "x"},
            new String[] {"--quick"}, new String[] {"--requests", "10"},
            new String[] {"--seed", "7"}, new String[] {"--trace", "t.csv"},
            new String[] {"--speed", "10"}, new String[] {"--spread", "2"},
            new String[] {"--help"}, new String[] {"-h"});

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) throws Exception {
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            return Simulate.run(args, o, e);
        }
    }

    @Test
    void help_exitsZero_andNamesEveryOptionWithItsDefaultAndAnExample() throws Exception {
        assertThat(run("--help")).isZero();
        String help = out.toString(StandardCharsets.UTF_8);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        for (String[] option : OPTIONS) {
            assertThat(help).contains(option[0]);
        }
        // every option in the help is one the command takes, and every one it takes is there
        TreeSet<String> named = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^  (-h, )?(--[a-z]+)").matcher(help);
        while (m.find()) {
            named.add(m.group(2));
        }
        assertThat(named).containsExactly("--help", "--out", "--quick", "--requests", "--seed",
                "--speed", "--spread", "--trace");
        for (String option : named) {
            String[] args = OPTIONS.stream().filter(o -> o[0].equals(option)).findFirst()
                    .orElseThrow();
            assertThat(Simulate.Options.parse(args)).isNotNull();
        }
        assertThat(help).contains("(default: target/sim)", "(default: 1,000,000)",
                "(default: 42)", "(default: none)", "(default: off)")
                .contains("java -jar tools/cache-sim/target/cache-sim.jar --quick");
        assertThat(run("-h")).isZero();
    }

    @Test
    void unknownOption_isOneLineThatPointsToTheHelp_andExitCode2() throws Exception {
        assertThat(run("--quick", "--bogus")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("cache-sim: unknown option: --bogus; see --help"
                        + System.lineSeparator());
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"--requests", "--requests x", "--requests 0", "--out",
        "--out --quick", "--seed 1.5", "--speed 10 --spread 2", "--spread 2 --trace t.csv",
        "--trace no-such-trace.csv"})
    void wrongCommandLine_isOneLine_andExitCode2(String line) throws Exception {
        assertThat(run(line.split(" "))).isEqualTo(2);
        String message = err.toString(StandardCharsets.UTF_8);
        assertThat(message).startsWith("cache-sim: ").endsWith("; see --help"
                + System.lineSeparator());
        assertThat(message.lines()).hasSize(1);
    }

    @Test
    void malformedTrace_isOneLineWithTheFile_andExitCode1(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("bad.csv"), "0,1,100,10\nbanana\n");
        assertThat(run("--out", dir.resolve("out").toString(), "--requests", "100",
                "--trace", trace.toString())).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("cache-sim: " + trace + ": ")
                .hasLineCount(1);
    }

    @Test
    void options_defaultsAndQuick() {
        Simulate.Options defaults = Simulate.Options.parse();
        assertThat(defaults.out()).isEqualTo(Path.of("target/sim"));
        assertThat(defaults.requests()).isEqualTo(1_000_000);
        assertThat(defaults.seed()).isEqualTo(42);
        assertThat(defaults.traces()).isEmpty();
        Simulate.Options quick = Simulate.Options.parse("--quick", "--trace", "a.csv",
                "--trace", "b.csv", "--seed", "-3");
        assertThat(quick.requests()).isEqualTo(Simulate.QUICK_REQUESTS);
        assertThat(quick.seed()).isEqualTo(-3);
        assertThat(quick.traces()).containsExactly(Path.of("a.csv"), Path.of("b.csv"));
    }
}
