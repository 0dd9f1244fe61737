package io.github.wscache.core.policy;

import java.time.Instant;
import java.util.Optional;

/**
 * What {@link Policy#reload()} did: the new rules are in force, or the previous ones stay in
 * force and {@link #error()} says why, with the file, line and column of the problem; both say
 * {@linkplain #at() when}. A failure is what an administrator has to see until the next reload
 * succeeds: cache-admin shows the last one on its page and in its JSON.
 *
 * <pre>{@code
 * ReloadResult r = policy.reload();
 * if (!r.succeeded()) {
 *     PolicyException e = r.error().get();
 *     log.warn("policy not reloaded at {}: {}", r.at(), e.getMessage()); // file:line:col: ...
 * }
 * }</pre>
 */
public final class ReloadResult {
    private final boolean changed;
    private final PolicyException error;
    private final Instant at;

    private ReloadResult(boolean changed, PolicyException error) {
        this.changed = changed;
        this.error = error;
        this.at = Instant.now();
    }

    static ReloadResult succeeded(boolean changed) {
        return new ReloadResult(changed, null);
    }

    static ReloadResult failed(PolicyException error) {
        return new ReloadResult(false, error);
    }

    /** Returns whether the file was read and its rules are in force. */
    public boolean succeeded() {
        return error == null;
    }

    /** Returns whether the rules in force changed. */
    public boolean changed() {
        return changed;
    }

    /**
     * Returns why the reload failed: {@link PolicyException#file()}, {@link PolicyException#line()}
     * and {@link PolicyException#column()} locate the problem, its message says what to write.
     */
    public Optional<PolicyException> error() {
        return Optional.ofNullable(error);
    }

    /** Returns when the reload was done (its result known), by the system clock. */
    public Instant at() {
        return at;
    }

    @Override
    public String toString() {
        return error == null ? (changed ? "reloaded (changed)" : "reloaded (unchanged)")
                : "failed: " + error.getMessage();
    }
}
