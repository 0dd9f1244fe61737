package io.github.wscache.core;

import io.github.wscache.core.internal.BytesKey;
import io.github.wscache.core.internal.ParameterBytes;
import io.github.wscache.core.internal.ValueKinds;
import io.github.wscache.core.internal.ValuesKey;
import io.github.wscache.core.internal.XmlCanonicalizer;
import io.github.wscache.core.policy.OperationPolicy;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Derives {@link CacheKey}s (paper 001, Table 2). The parameter part depends on the operation's
 * key strategy; {@code auto} classifies each parameter class once ({@link ClassValue}): values
 * with value equality are kept as they are, flat beans as their field values, byte arrays as
 * bytes, and anything else makes the whole key fall back to serialized bytes.
 *
 * <p>Identity partitions are a SHA-256 over a per-instance random salt and every credential the
 * request carries (kind and value, in a canonical order). Nothing derived from a credential is
 * kept but that salted hash: no raw password, token or cookie stays in a key or a map, and the
 * hash of one cache cannot be matched against another's (or precomputed for a guessed password).
 */
final class Keys {
    private static final ClassValue<Boolean> OVERRIDES_TO_STRING = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return type.isEnum() || type.getMethod("toString").getDeclaringClass()
                        != Object.class;
            } catch (NoSuchMethodException e) {
                return false;
            }
        }
    };

    private final byte[] salt;

    Keys() {
        this(null);
    }

    /**
     * Keys whose identity hashes use {@code sharedSalt} (a farm's, so that every JVM sharing a
     * tier makes the same key for the same caller), or a random salt when it is {@code null}.
     */
    Keys(byte[] sharedSalt) {
        if (sharedSalt != null) {
            salt = sharedSalt.clone();
        } else {
            salt = new byte[16];
            new SecureRandom().nextBytes(salt);
        }
    }

    /** Why a key could not be made; the cache counts it as an error and bypasses. */
    static final class KeyException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        KeyException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Returns the key of a call; message-level and object-level entries of one call never share
     * a key, since they hold different things (a message, an application object).
     */
    CacheKey create(Invocation inv, OperationPolicy policy, boolean messageLevel) {
        long hi = 0;
        long lo = 0;
        if (inv.hasCredentials() && !policy.sharedAcrossUsers()) {
            long[] id = identity(inv);
            hi = id[0];
            lo = id[1];
        }
        Object params = parameters(inv, policy);
        return new CacheKey(inv.service(), inv.endpoint(), inv.operation(), hi, lo, params,
                inv.vary(), inv.localVary(), messageLevel);
    }

    private Object parameters(Invocation inv, OperationPolicy policy) {
        switch (policy.key()) {
            case TO_STRING:
                return toStringKey(inv, policy);
            case SERIALIZED:
                return serializedKey(inv);
            case XML:
                return xmlKey(inv, policy);
            default:
                return autoKey(inv);
        }
    }

    private static Object autoKey(Invocation inv) {
        Object[] params = inv.parameterArray();
        int n = params.length;
        if (n == 0) {
            return null;
        }
        int plain = 0;
        while (plain < n && isPlainValue(params[plain])) {
            plain++;
        }
        if (plain == n) {
            // every value is kept as it is: share the invocation's array, which nothing changes
            return new ValuesKey(params);
        }
        Object[] parts = new Object[n];
        for (int i = 0; i < n; i++) {
            Object v = params[i];
            if (v == null) {
                continue;
            }
            Class<?> t = v.getClass();
            if (t == String.class || t == Integer.class || t == Boolean.class
                    || t == Long.class) {
                // the usual parameter types, without the ClassValue lookup
                parts[i] = v;
                continue;
            }
            Object part = ValueKinds.part(v);
            if (part == ValueKinds.NOT_BY_VALUE) {
                return serializedKey(inv);
            }
            parts[i] = part;
        }
        return new ValuesKey(parts);
    }

    /** Whether {@code v} is null or of a usual parameter type, kept without classifying it. */
    private static boolean isPlainValue(Object v) {
        if (v == null) {
            return true;
        }
        Class<?> t = v.getClass();
        return t == String.class || t == Integer.class || t == Boolean.class || t == Long.class;
    }

    private static Object serializedKey(Invocation inv) {
        try {
            return new BytesKey(ParameterBytes.of(names(inv), inv.parameterArray()));
        } catch (RuntimeException e) {
            throw new KeyException("key: serialized cannot serialize the parameters of "
                    + inv.operation() + ": " + e.getMessage(), e);
        }
    }

    private static Object toStringKey(Invocation inv, OperationPolicy policy) {
        StringBuilder sb = new StringBuilder(64);
        for (int i = 0; i < inv.parameterCount(); i++) {
            Object v = inv.parameter(i);
            if (v != null && !OVERRIDES_TO_STRING.get(v.getClass())) {
                throw new KeyException("key: toString is configured for " + inv.operation()
                        + (policy.source().map(s -> " (" + s + ")").orElse(""))
                        + ", but parameter '" + inv.parameterName(i) + "' is a "
                        + v.getClass().getName() + ", which does not override toString(); "
                        + "write key: serialized or key: auto", null);
            }
            sb.append(inv.parameterName(i)).append('=').append(v).append('\u0000');
        }
        return sb.toString();
    }

    private static Object xmlKey(Invocation inv, OperationPolicy policy) {
        if (inv.requestXml() == null) {
            throw new KeyException("key: xml is configured for " + inv.operation()
                    + ", but the integration supplied no request XML; write key: auto", null);
        }
        try {
            XMLStreamReader r = inv.requestXml().get();
            try {
                return new BytesKey(XmlCanonicalizer.canonicalize(r, policy.volatileElements()));
            } finally {
                r.close();
            }
        } catch (XMLStreamException | RuntimeException e) {
            throw new KeyException("key: xml cannot read the request XML of " + inv.operation()
                    + ": " + e.getMessage(), e);
        }
    }

    private static String[] names(Invocation inv) {
        String[] names = new String[inv.parameterCount()];
        for (int i = 0; i < names.length; i++) {
            names[i] = inv.parameterName(i);
        }
        return names;
    }

    private long[] identity(Invocation inv) {
        MessageDigest d = sha256();
        d.update(salt);
        update(d, "authorization", inv.authorization());
        update(d, "username", inv.username());
        String[] c = inv.credentialArray();
        if (c.length > 2) {
            // canonical order: the same credentials added in another order are the same caller
            String[] pairs = new String[c.length / 2];
            for (int i = 0; i < pairs.length; i++) {
                pairs[i] = c[2 * i].length() + ":" + c[2 * i] + c[2 * i + 1];
            }
            Arrays.sort(pairs);
            for (String p : pairs) {
                update(d, "credential", p);
            }
        } else if (c.length == 2) {
            update(d, "credential", c[0].length() + ":" + c[0] + c[1]);
        }
        ByteBuffer b = ByteBuffer.wrap(d.digest());
        long hi = b.getLong();
        long lo = b.getLong();
        return new long[] {hi == 0 && lo == 0 ? 1 : hi, lo};
    }

    private static void update(MessageDigest d, String kind, String value) {
        if (value == null) {
            return;
        }
        byte[] v = value.getBytes(StandardCharsets.UTF_8);
        d.update(kind.getBytes(StandardCharsets.UTF_8));
        d.update((byte) 0);
        d.update(ByteBuffer.allocate(4).putInt(v.length).array());
        d.update(v);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
    }
}
