package io.github.wscache.core;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;

/** A clock tests move by hand. */
final class FakeClock implements InstantSource {
    private final AtomicLong nanos = new AtomicLong(1_700_000_000_000_000_000L);

    void advance(Duration d) {
        nanos.addAndGet(d.toNanos());
    }

    @Override
    public Instant instant() {
        long n = nanos.get();
        return Instant.ofEpochSecond(n / 1_000_000_000L, n % 1_000_000_000L);
    }
}
