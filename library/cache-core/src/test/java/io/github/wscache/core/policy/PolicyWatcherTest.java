package io.github.wscache.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PolicyWatcherTest {
    @TempDir
    Path dir;

    @Test
    void watcher_reloadsWhenTheFileChangesAndKeepsThePreviousPolicyOnABrokenEdit()
            throws Exception {
        Path file = dir.resolve("wscache.yaml");
        Files.writeString(file, "operations:\n  - operation: a\n    ttl: 1h\n");
        Policy policy = Policy.load(file);
        int[] changes = {0};
        policy.addChangeListener(() -> changes[0]++);

        try (PolicyWatcher watcher = policy.watch()) {
            Files.writeString(file, "operations:\n  - operation: a\n    ttl: 2h\n");
            awaitTtl(policy, Duration.ofHours(2));

            Files.writeString(file, "operations:\n  - operation: a\n    ttl: never\n");
            Waits.until("the watcher refused the new file", () ->
                    watcher.lastResult() != null && !watcher.lastResult().succeeded());
            assertThat(watcher.lastResult().succeeded()).isFalse();
            assertThat(watcher.lastResult().error().orElseThrow().getMessage())
                    .contains("'ttl' must be a duration");
            assertThat(policy.resolve(null, null, "a").ttl()).isEqualTo(Duration.ofHours(2));
        }
        assertThat(changes[0]).isEqualTo(1);
    }

    @Test
    void watcher_goesOnAfterAListenerThrows_andTheOtherListenersStillRun() throws Exception {
        Path file = dir.resolve("wscache.yaml");
        Files.writeString(file, "operations:\n  - operation: a\n    ttl: 1h\n");
        Policy policy = Policy.load(file);
        int[] changes = {0};
        policy.addChangeListener(() -> {
            throw new IllegalStateException("a broken listener");
        });
        policy.addChangeListener(() -> changes[0]++);

        try (PolicyWatcher watcher = policy.watch()) {
            Files.writeString(file, "operations:\n  - operation: a\n    ttl: 2h\n");
            awaitTtl(policy, Duration.ofHours(2));
            Files.writeString(file, "operations:\n  - operation: a\n    ttl: 3h\n");
            awaitTtl(policy, Duration.ofHours(3));
            assertThat(watcher.lastResult().succeeded()).isTrue();
        }
        assertThat(changes[0]).isEqualTo(2);
    }

    @Test
    void watcher_reloadsAKubernetesConfigMapUpdate_whereNoEventNamesTheFile() throws Exception {
        // the layout kubelet's atomic writer makes: the file is a link through ..data, a link to
        // a timestamped directory; an update writes a new directory and swaps ..data
        Path first = Files.createDirectory(dir.resolve("..2026_11_29_10_00_00.1"));
        Files.writeString(first.resolve("wscache.yaml"),
                "operations:\n  - operation: a\n    ttl: 1h\n");
        Files.createSymbolicLink(dir.resolve("..data"), first.getFileName());
        Path file = dir.resolve("wscache.yaml");
        Files.createSymbolicLink(file, Path.of("..data", "wscache.yaml"));
        Policy policy = Policy.load(file);

        try (PolicyWatcher watcher = policy.watch()) {
            Path second = Files.createDirectory(dir.resolve("..2026_11_29_10_05_00.2"));
            Files.writeString(second.resolve("wscache.yaml"),
                    "operations:\n  - operation: a\n    ttl: 2h\n");
            Path swap = Files.createSymbolicLink(dir.resolve("..data_tmp"), second.getFileName());
            Files.move(swap, dir.resolve("..data"), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);

            awaitTtl(policy, Duration.ofHours(2));
            assertThat(watcher.lastResult().succeeded()).isTrue();
        }
    }

    private static void awaitTtl(Policy policy, Duration expected) {
        Waits.until("the ttl of a is " + expected, () ->
                policy.resolve(null, null, "a").ttl().equals(expected));
        assertThat(policy.resolve(null, null, "a").ttl()).isEqualTo(expected);
    }
}
