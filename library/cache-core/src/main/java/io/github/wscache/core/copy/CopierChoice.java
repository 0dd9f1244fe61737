package io.github.wscache.core.copy;

import java.util.Optional;

/**
 * Which copier keeps the results of one operation and why: what {@link CopierRegistry#choose}
 * says for an operation's policy and a result type. The one place where wscache makes that
 * choice; the cache, cache-axis and the portal's dashboard all ask it (of the cache's registry).
 * Immutable.
 *
 * <pre>{@code
 * CopierChoice c = cache.copiers().choose(policy.resolve(null, null, "getQuote"), Quote.class);
 * c.copier().ifPresentOrElse(k -> keepObjects(k), () -> keepMessages(c.reason()));
 * }</pre>
 *
 * @param <T> the result type
 */
public final class CopierChoice<T> {
    private final Copier<T> copier;
    private final String reason;
    private final String warning;

    CopierChoice(Copier<T> copier, String reason, String warning) {
        this.copier = copier;
        this.reason = reason;
        this.warning = warning;
    }

    /** Returns the copier, or empty when no copier can keep the type safely. */
    public Optional<Copier<T>> copier() {
        return Optional.ofNullable(copier);
    }

    /** Returns the choice in one line, "STRATEGY: why", or why there is none. */
    public String reason() {
        return reason;
    }

    /**
     * Returns what an administrator should know about the policy: a forced {@code value} that
     * cannot copy the type (the automatic choice is used instead); empty otherwise.
     */
    public Optional<String> warning() {
        return Optional.ofNullable(warning);
    }

    @Override
    public String toString() {
        return reason;
    }
}
