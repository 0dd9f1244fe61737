package io.github.wscache.sim.admission;

/**
 * Decides, on a miss, whether a document may be stored; a policy put behind it only sees the
 * documents it lets through ({@code PolicyType.LRU_MIN_USES_2}). Time is the trace's; not
 * thread-safe.
 *
 * <pre>{@code
 * Admission twice = new MinUses(2);
 * twice.admit(17, 2048);   // false: asked for once
 * twice.admit(17, 2048);   // true
 * }</pre>
 */
public interface Admission {
    /**
     * Counts one miss of {@code key} and returns whether its response, of {@code size} bytes, may
     * be stored.
     */
    boolean admit(long key, int size);
}
