package io.github.wscache.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a failed reload of a watched file tells an administrator: where, what and when. */
class ReloadResultTest {
    @TempDir
    Path dir;

    @Test
    void aBrokenEdit_isLocatedAndDated_untilTheNextEditReloads() throws Exception {
        Path file = dir.resolve("wscache.yaml");
        Files.writeString(file, "operations:\n  - operation: a\n    ttl: 1h\n");
        Policy policy = Policy.load(file);

        try (PolicyWatcher watcher = policy.watch()) {
            Instant before = Instant.now();
            Files.writeString(file, "operations:\n  - operation: a\n    ttl: banana\n");
            Waits.until("the watcher refused ttl: banana", () ->
                    watcher.lastResult() != null && !watcher.lastResult().succeeded());
            ReloadResult failed = watcher.lastResult();
            PolicyException e = failed.error().orElseThrow();
            assertThat(e.file()).hasValue(file.toString());
            assertThat(e.line()).isEqualTo(3);
            assertThat(e.column()).isEqualTo(10);
            assertThat(e.getMessage()).startsWith(file + ":3:10: 'ttl' must be a duration");
            assertThat(failed.at()).isBetween(before, Instant.now());

            Files.writeString(file, "operations:\n  - operation: a\n    ttl: 2h\n");
            Waits.until("the watcher reloaded the fixed file", () ->
                    watcher.lastResult().succeeded());
            assertThat(watcher.lastResult().at()).isAfterOrEqualTo(failed.at());
            assertThat(watcher.lastResult().error()).isEmpty();
        }
    }
}
