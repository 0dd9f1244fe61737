package io.github.wscache.axis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zero-code install, each in a fresh JVM: the cache-axis classes on the class path plus a
 * policy named by {@code -Dwscache.policy} or found as {@code wscache.yaml}; the application
 * ({@link ZeroCodeMain}) has no wscache code in its call path.
 */
class ZeroCodeInstallTest {
    private static final String POLICY = "operations:\n"
            + "  - service: GoogleSearchService\n"
            + "    operation: doSpellingSuggestion\n"
            + "    ttl: 1h\n";

    @TempDir
    Path dir;

    @Test
    void policyNamedBySystemProperty_cachesEveryContext() throws Exception {
        Path policy = dir.resolve("policy.yaml");
        Files.writeString(policy, POLICY, StandardCharsets.UTF_8);

        String out = run(classPath(), "-D" + WsCache.POLICY_PROPERTY + "=" + policy);

        assertThat(out).contains("requests=1 cached=true hits=2 same=true");
    }

    @Test
    void policyOnTheClassPath_cachesEveryContext() throws Exception {
        Files.writeString(dir.resolve("wscache.yaml"), POLICY, StandardCharsets.UTF_8);

        String out = run(dir + File.pathSeparator + classPath());

        assertThat(out).contains("requests=1 cached=true hits=2 same=true");
    }

    @Test
    void withoutAPolicy_nothingIsCached() throws Exception {
        String out = run(classPath());

        assertThat(out).contains("requests=3 cached=false hits=0 same=true");
    }

    private static String classPath() {
        return System.getProperty("java.class.path");
    }

    private String run(String classPath, String... jvmArgs)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xshare:auto");
        command.add("-XX:TieredStopAtLevel=1");
        command.addAll(List.of(jvmArgs));
        command.add("-cp");
        command.add(classPath);
        command.add(ZeroCodeMain.class.getName());
        Path log = dir.resolve("out.txt");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("child JVM finished").isTrue();
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
