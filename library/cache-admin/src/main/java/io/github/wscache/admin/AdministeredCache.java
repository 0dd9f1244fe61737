package io.github.wscache.admin;

import io.github.wscache.core.policy.ReloadResult;
import java.util.List;
import java.util.Optional;

/**
 * What an integration supplies so that its cache can be administered through cache-admin's
 * {@link AuditedAdmin} (audit log, JMX) and {@link AdminServlet} (HTML and JSON): a name, a
 * {@linkplain #view() snapshot} of its state, and the changes it can make. The methods here only
 * act; recording who did what and when is {@link AuditedAdmin}'s job, so an implementation never
 * audits and is never called by administrators directly.
 *
 * <p>Every cache can {@linkplain #invalidateAll() drop everything}; the other changes are
 * optional: invalidating one key ({@link #keyName()} names what a key is: an operation, a URL),
 * purging by tag ({@link #purgesTags()}) and reloading a configuration ({@link #reloads()}).
 * What an "entry" is in the counts returned is the cache's own (one result of an operation, one
 * URL with its variants); the admin only reports it. Implementations must be thread-safe.
 *
 * <pre>{@code
 * AdministeredCache sessions = new AdministeredCache() {
 *     public String name() { return "sessions"; }
 *     public AdminView view() {
 *         return AdminView.builder().total("entries", map.size()).build();
 *     }
 *     public long invalidateAll() {
 *         long n = map.size();
 *         map.clear();
 *         return n;
 *     }
 * };
 * AuditedAdmin admin = AuditedAdmin.builder(sessions).build();
 * admin.invalidateAll("alice");        // logged: alice invalidate all: 3 entries removed
 * }</pre>
 */
public interface AdministeredCache {
    /** Returns the name in JMX, on the admin page and in the audit log; not blank. */
    String name();

    /**
     * Returns the {@code type} key of the JMX name ({@code io.github.wscache:type=...}); by
     * default {@code Cache}.
     */
    default String type() {
        return "Cache";
    }

    /** Returns what an administrator sees now; called on every page, JSON and JMX read. */
    AdminView view();

    /**
     * Removes every entry.
     *
     * @return the number of entries removed
     */
    long invalidateAll();

    /**
     * Returns what {@link #invalidate(String)} takes (e.g. {@code operation}, {@code url}), the
     * form field and JSON name of the key; empty (the default) when the cache can only drop
     * everything.
     */
    default Optional<String> keyName() {
        return Optional.empty();
    }

    /**
     * Removes the entries of one key (not blank, checked by the caller).
     *
     * @return the number of entries removed
     * @throws IllegalArgumentException if the key is not one this cache understands
     * @throws UnsupportedOperationException if {@link #keyName()} is empty
     */
    default long invalidate(String key) {
        throw new UnsupportedOperationException(name() + " cannot invalidate one key");
    }

    /** Returns whether {@link #purge(List)} is supported; {@code false} by default. */
    default boolean purgesTags() {
        return false;
    }

    /**
     * Removes every entry tagged with one of {@code tags} (e.g. by {@code Surrogate-Key}).
     *
     * @param tags one or more tags, none blank (checked by the caller)
     * @return the number of entries removed
     * @throws UnsupportedOperationException if {@link #purgesTags()} is {@code false}
     */
    default long purge(List<String> tags) {
        throw new UnsupportedOperationException(name() + " cannot purge by tag");
    }

    /** Returns whether {@link #reload()} is supported; {@code false} by default. */
    default boolean reloads() {
        return false;
    }

    /** Returns what {@link #reload()} reads, for the audit log ({@code (no file)} by default). */
    default String reloadSource() {
        return "(no file)";
    }

    /**
     * Reads the cache's configuration again now.
     *
     * @throws UnsupportedOperationException if {@link #reloads()} is {@code false}
     */
    default ReloadResult reload() {
        throw new UnsupportedOperationException(name() + " cannot reload");
    }

    /**
     * Told when the admin endpoint refused a change (no or a wrong token or secret), so that
     * the integration can count refusals beside its other counters; nothing by default. The
     * refusal is already logged as a warning in {@value AuditedAdmin#AUDIT_LOGGER}.
     *
     * @param who the caller as far as known (e.g. {@code anonymous@10.0.0.7})
     * @param what the change asked for (e.g. {@code purge})
     * @param why why it was refused
     */
    default void refused(String who, String what, String why) {
    }
}
