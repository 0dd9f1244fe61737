package io.github.wscache.redis;

import io.github.wscache.core.spi.SharedTier.Request;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The names of everything a tier keeps in Redis, all under its namespace; part of the wire
 * format (every JVM of a farm must name things alike). Immutable.
 *
 * <ul>
 *   <li>an entry: {@code ns:Service/operation:all.op.ep:{digest}}, a readable prefix (service
 *       and operation, braces turned into parentheses), the generations of every operation, of
 *       this one and of its endpoint's bucket, and the URL-safe Base64 of the SHA-256 of the
 *       key's stable bytes, in braces: the key's hash tag in a cluster;</li>
 *   <li>its lease: the entry's key and {@code :lease} (the same hash tag, so the same slot);</li>
 *   <li>the generations: {@code ns:generation} (every operation),
 *       {@code ns:generation:operation} and {@code ns:generation:operation:endpoints:bucket}
 *       (the endpoints of the operation whose {@linkplain #bucket bucket} that is);</li>
 *   <li>the farm's identity salt, {@code ns:identity-salt}, and the invalidation channel,
 *       {@code ns:invalidations}.</li>
 * </ul>
 */
final class KeyLayout {
    private static final byte[] LEASE = utf8(":lease");
    /** Never used itself, only cloned: a {@code MessageDigest} is not thread-safe. */
    private static final MessageDigest SHA_256 = newSha256();

    private final String namespace;

    KeyLayout(String namespace) {
        this.namespace = namespace;
    }

    /** The buckets endpoints are spread over for invalidation ({@link #bucket}). */
    static final int ENDPOINT_BUCKETS = 1024;

    /**
     * The bucket of {@code endpoint} (0 for none): {@code String.hashCode}, the same on every
     * JVM, modulo {@link #ENDPOINT_BUCKETS}.
     */
    static int bucket(String endpoint) {
        return endpoint == null ? 0 : Math.floorMod(endpoint.hashCode(), ENDPOINT_BUCKETS);
    }

    /** The key of {@code r}'s entry under the given generations (its endpoint's bucket's last). */
    byte[] entry(Request r, long allGeneration, long operationGeneration,
            long endpointGeneration) {
        String digest = Base64.getUrlEncoder().withoutPadding().encodeToString(sha256(r.key()));
        // the digest in braces is the key's hash tag in a cluster: the entry and its lease
        // (this key + ":lease") share a slot, and entries spread over every master; braces in
        // the readable part would make another tag, so they are not kept there
        String readable = (r.service() == null ? "" : r.service() + "/") + r.operation();
        return utf8(namespace + ":" + readable.replace('{', '(').replace('}', ')') + ":"
                + allGeneration + "." + operationGeneration + "." + endpointGeneration
                + ":{" + digest + "}");
    }

    /** The key of the lease on the entry under {@code entryKey}. */
    byte[] lease(byte[] entryKey) {
        byte[] c = new byte[entryKey.length + LEASE.length];
        System.arraycopy(entryKey, 0, c, 0, entryKey.length);
        System.arraycopy(LEASE, 0, c, entryKey.length, LEASE.length);
        return c;
    }

    /** The key of the generation of every operation. */
    byte[] allGeneration() {
        return utf8(namespace + ":generation");
    }

    /** The key of the generation of {@code operation}. */
    byte[] generation(String operation) {
        return utf8(namespace + ":generation:" + operation);
    }

    /** The key of the generation of {@code operation}'s endpoints in {@code bucket}. */
    byte[] endpointGeneration(String operation, int bucket) {
        return utf8(namespace + ":generation:" + operation + ":endpoints:" + bucket);
    }

    /** The key of the farm's identity salt. */
    byte[] identitySalt() {
        return utf8(namespace + ":identity-salt");
    }

    /** The pub/sub channel of invalidations. */
    byte[] invalidationChannel() {
        return utf8(namespace + ":invalidations");
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] sha256(byte[] data) {
        try {
            // a clone of a ready digest skips the provider lookup of getInstance on every key
            return ((MessageDigest) SHA_256.clone()).digest(data);
        } catch (CloneNotSupportedException e) {
            return newSha256().digest(data);
        }
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
    }
}
