package io.github.wscache.core.policy;

import java.util.Optional;

/**
 * What {@link Policy#reload()} did: the new rules are in force, or the previous ones stay in
 * force and {@link #error()} says why.
 *
 * <pre>{@code
 * ReloadResult r = policy.reload();
 * if (!r.succeeded()) {
 *     log.warn("policy not reloaded: {}", r.error().get().getMessage());
 * }
 * }</pre>
 */
public final class ReloadResult {
    private final boolean changed;
    private final PolicyException error;

    private ReloadResult(boolean changed, PolicyException error) {
        this.changed = changed;
        this.error = error;
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

    /** Returns why the reload failed. */
    public Optional<PolicyException> error() {
        return Optional.ofNullable(error);
    }

    @Override
    public String toString() {
        return error == null ? (changed ? "reloaded (changed)" : "reloaded (unchanged)")
                : "failed: " + error.getMessage();
    }
}
