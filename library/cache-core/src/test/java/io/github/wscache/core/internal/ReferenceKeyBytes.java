package io.github.wscache.core.internal;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.temporal.TemporalAccessor;
import java.util.UUID;

/**
 * {@link KeyBytes} as it was written before it had its own byte buffer (one
 * {@code ByteArrayOutputStream} call per byte): the oracle its tests hold it to, since entries a
 * farm already shares are found by these bytes.
 */
final class ReferenceKeyBytes {
    private ReferenceKeyBytes() {
    }

    /**
     * Returns the stable bytes of a key, or {@code null} when a parameter value has no stable
     * form.
     *
     * @param policy a text that changes whenever the operation's policy changes
     */
    static byte[] of(String service, String endpoint, String operation,
            boolean messageLevel, long identityHigh, long identityLow, Object parameters,
            String vary, String policy) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        out.write(1); // format version
        text(out, service);
        text(out, endpoint);
        text(out, operation);
        out.write(messageLevel ? 1 : 0);
        number(out, identityHigh);
        number(out, identityLow);
        text(out, vary);
        text(out, policy);
        return value(out, parameters) ? out.toByteArray() : null;
    }

    private static boolean value(ByteArrayOutputStream out, Object v) {
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
            out.write(bytes.bytes(), 0, bytes.length());
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

    private static void text(ByteArrayOutputStream out, String s) {
        if (s == null) {
            out.write(0);
            return;
        }
        // UTF-16 units as they are: UTF-8 would map every unpaired surrogate to '?'
        out.write(1);
        number(out, s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            out.write(c >>> 8);
            out.write(c);
        }
    }

    private static void number(ByteArrayOutputStream out, long v) {
        for (int i = 56; i >= 0; i -= 8) {
            out.write((int) (v >>> i));
        }
    }
}
