package io.github.wscache.core;

import io.github.wscache.core.policy.Policy;
import io.github.wscache.testkit.ManualClock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;

/**
 * One cache per test, built from a YAML policy on a {@link ManualClock}, with every event it fires
 * kept in {@link #events}; closed after the test.
 */
abstract class CacheFixture {
    final ManualClock clock = new ManualClock();
    final List<CacheEvent> events = new CopyOnWriteArrayList<>();
    ResponseCache cache;

    @AfterEach
    void closeCache() {
        if (cache != null) {
            cache.close();
        }
    }

    /** Builds the test's cache from {@code yaml}, read as the file {@code test.yaml}. */
    ResponseCache cache(String yaml) {
        return cache(yaml, "test.yaml");
    }

    /** Builds the test's cache from {@code yaml}, read as the file {@code file}. */
    ResponseCache cache(String yaml, String file) {
        cache = ResponseCache.builder().policy(Policy.parse(yaml, file)).clock(clock)
                .listener(events::add).build();
        return cache;
    }
}
