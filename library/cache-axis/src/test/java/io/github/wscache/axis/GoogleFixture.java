package io.github.wscache.axis;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the cache-axis tests against the Google fixture share: one server and client context per
 * test class ({@link Google}), reset before each test, and no cache left installed after it.
 * A subclass's own {@code @BeforeEach} runs after the reset, its {@code @AfterEach} before the
 * cache is uninstalled.
 */
abstract class GoogleFixture {
    static Google google;

    @BeforeAll
    static void startGoogle() throws Exception {
        google = Google.start();
    }

    @AfterAll
    static void stopGoogle() throws Exception {
        google.close();
    }

    @BeforeEach
    void resetGoogle() {
        google.reset();
    }

    @AfterEach
    void uninstallCache() {
        WsCache.uninstall(google.context);
    }
}
