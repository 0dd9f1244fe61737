package io.github.wscache.core.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.temporal.TemporalAccessor;
import java.util.Arrays;
import java.util.UUID;

/**
 * The stable byte form of a cache key, for a tier shared by several JVMs: the same bytes on every
 * JVM for equal keys, and different bytes for keys that are not equal. Every part is written with
 * a tag and a length, so no two keys run together. Parameter values are written only when their
 * form is known to be stable: strings, boxed primitives, enums, {@code BigDecimal},
 * {@code BigInteger}, {@code UUID}, {@code java.time} values (ISO text), flat beans and byte keys;
 * for any other value {@link #of} returns {@code null} and the entry stays in the local store
 * (two unequal values of an unknown class could print or serialize alike).
 */
public final class KeyBytes {
    private KeyBytes() {
    }

    /**
     * Returns the stable bytes of a key, or {@code null} when a parameter value has no stable
     * form.
     *
     * @param policyText the byte form ({@link #text(String)}) of a text that changes whenever
     *     the operation's policy changes: a caller that makes many keys under one policy
     *     writes it once
     */
    public static byte[] of(String service, String endpoint, String operation,
            boolean messageLevel, long identityHigh, long identityLow, Object parameters,
            String vary, byte[] policyText) {
        int guess = 64 + 2 * (length(service) + length(endpoint) + length(operation)
                + length(vary)) + policyText.length
                + (parameters instanceof BytesKey ? ((BytesKey) parameters).length() : 32);
        Out out = new Out(guess);
        out.write(1); // format version
        text(out, service);
        text(out, endpoint);
        text(out, operation);
        out.write(messageLevel ? 1 : 0);
        number(out, identityHigh);
        number(out, identityLow);
        text(out, vary);
        out.write(policyText);
        return value(out, parameters) ? out.toByteArray() : null;
    }

    /** Returns the byte form of one text in a key, as {@link #of} writes it. */
    public static byte[] text(String s) {
        Out out = new Out(9 + 2 * length(s));
        text(out, s);
        return out.toByteArray();
    }

    private static int length(String s) {
        return s == null ? 0 : s.length();
    }

    private static boolean value(Out out, Object v) {
        if (v == null) {
            out.write('N');
        } else if (v instanceof String) {
            out.write('S');
            text(out, (String) v);
        } else if (v instanceof ValuesKey) {
            ValuesKey values = (ValuesKey) v;
            out.write('V');
            number(out, values.size());
            for (int i = 0; i < values.size(); i++) {
                if (!value(out, values.get(i))) {
                    return false;
                }
            }
        } else if (v instanceof BytesKey) {
            BytesKey bytes = (BytesKey) v;
            out.write('B');
            number(out, bytes.length());
            out.write(bytes.bytes());
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short
                || v instanceof Byte) {
            out.write('J');
            number(out, ((Number) v).longValue());
            out.write(v instanceof Integer ? 'i' : v instanceof Long ? 'l'
                    : v instanceof Short ? 's' : 'b');
        } else if (v instanceof Double || v instanceof Float) {
            out.write(v instanceof Double ? 'D' : 'F');
            number(out, Double.doubleToLongBits(((Number) v).doubleValue()));
        } else if (v instanceof Boolean) {
            out.write((Boolean) v ? 'T' : 'f');
        } else if (v instanceof Character) {
            out.write('C');
            number(out, (Character) v);
        } else if (v instanceof Enum) {
            out.write('E');
            text(out, ((Enum<?>) v).getDeclaringClass().getName());
            text(out, ((Enum<?>) v).name());
        } else if (v instanceof BigDecimal || v instanceof BigInteger || v instanceof UUID
                || v instanceof TemporalAccessor
                && v.getClass().getName().startsWith("java.time.")) {
            out.write('O');
            text(out, v.getClass().getName());
            text(out, v.toString());
        } else {
            return false;
        }
        return true;
    }

    private static void text(Out out, String s) {
        if (s == null) {
            out.write(0);
            return;
        }
        // UTF-16 units as they are: UTF-8 would map every unpaired surrogate to '?'
        out.write(1);
        number(out, s.length());
        out.chars(s);
    }

    private static void number(Out out, long v) {
        out.number(v);
    }

    /**
     * The bytes being written: a growable array without {@code ByteArrayOutputStream}'s locking
     * and per-byte calls (the key of every lookup in a shared tier is written here).
     */
    private static final class Out {
        private byte[] buf;
        private int n;

        Out(int capacity) {
            buf = new byte[capacity];
        }

        private void room(int more) {
            if (buf.length - n < more) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, n + more));
            }
        }

        void write(int b) {
            room(1);
            buf[n++] = (byte) b;
        }

        void write(byte[] b) {
            room(b.length);
            System.arraycopy(b, 0, buf, n, b.length);
            n += b.length;
        }

        void number(long v) {
            room(8);
            for (int i = 56; i >= 0; i -= 8) {
                buf[n++] = (byte) (v >>> i);
            }
        }

        /** Writes each UTF-16 unit of {@code s} as two bytes, high first. */
        void chars(String s) {
            int len = s.length();
            room(2 * len);
            byte[] b = buf;
            int at = n;
            for (int i = 0; i < len; i++) {
                char c = s.charAt(i);
                b[at++] = (byte) (c >>> 8);
                b[at++] = (byte) c;
            }
            n = at;
        }

        byte[] toByteArray() {
            return Arrays.copyOf(buf, n);
        }
    }
}
