package io.github.wscache.edge;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock tests move by hand. It starts an hour behind the real clock, so that the origin's
 * {@code Date} (real time) never makes a fresh response look old.
 */
final class FakeClock implements InstantSource {
    private final AtomicLong millis =
            new AtomicLong(Instant.now().minus(Duration.ofHours(1)).toEpochMilli());

    void advance(Duration d) {
        millis.addAndGet(d.toMillis());
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis.get());
    }
}
