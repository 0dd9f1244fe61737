package io.github.wscache.http;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/** A clock the tests move by hand; starts at the real time so that servers' Dates agree. */
final class FakeClock implements InstantSource {
    private volatile Instant now = Instant.now();

    @Override
    public Instant instant() {
        return now;
    }

    void advance(Duration d) {
        now = now.plus(d);
    }
}
