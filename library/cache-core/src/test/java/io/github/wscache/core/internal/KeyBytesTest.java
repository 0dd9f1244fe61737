package io.github.wscache.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class KeyBytesTest {
    private static final byte[] P = KeyBytes.text("p");
    private final Random random = new Random(38);

    @Test
    void writesTheSameBytesAsTheFormFarmsAlreadyShare() {
        for (int i = 0; i < 2_000; i++) {
            String service = text();
            String endpoint = text();
            String operation = text();
            boolean message = random.nextBoolean();
            long high = random.nextLong();
            long low = random.nextLong();
            Object parameters = value(2);
            String vary = text();
            String policy = text();
            byte[] expected = ReferenceKeyBytes.of(service, endpoint, operation, message, high,
                    low, parameters, vary, policy);
            byte[] actual = KeyBytes.of(service, endpoint, operation, message, high, low,
                    parameters, vary, KeyBytes.text(policy));
            assertThat(actual).as("case %d: %s", i, parameters).isEqualTo(expected);
        }
    }

    @Test
    void growsPastItsFirstGuessForLargeParameters() {
        byte[] big = new byte[100_000];
        random.nextBytes(big);
        Object parameters = new ValuesKey(new Object[] {new BytesKey(big), "x".repeat(40_000),
            new BytesKey(big)});
        assertThat(KeyBytes.of("s", null, "op", true, 1, 2, parameters, null, P))
                .isEqualTo(ReferenceKeyBytes.of("s", null, "op", true, 1, 2, parameters, null,
                        "p"))
                .hasSizeGreaterThan(280_000);
    }

    @Test
    void aValueWithoutAStableFormHasNoBytesAtAnyDepth() {
        Object unstable = new ValuesKey(new Object[] {"a", new ValuesKey(new Object[] {1,
            new Object()})});
        assertThat(KeyBytes.of("s", "e", "op", false, 0, 0, unstable, null, P)).isNull();
    }

    @Test
    void unpairedSurrogatesStayApart() {
        byte[] a = KeyBytes.of("s", null, "op", false, 0, 0, "\ud800", null, P);
        byte[] b = KeyBytes.of("s", null, "op", false, 0, 0, "\udc00", null, P);
        assertThat(a).isNotEqualTo(b);
    }

    private String text() {
        int kind = random.nextInt(6);
        if (kind == 0) {
            return null;
        }
        int length = kind == 1 ? random.nextInt(400) : random.nextInt(12);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int pick = random.nextInt(10);
            s.append(pick < 6 ? (char) ('a' + random.nextInt(26))
                    : pick < 8 ? (char) random.nextInt(0x800)
                    : (char) random.nextInt(0x10000));
        }
        return s.toString();
    }

    private Object value(int depth) {
        switch (random.nextInt(depth > 0 ? 16 : 15)) {
            case 0: return null;
            case 1: return text() == null ? "" : text();
            case 2: return random.nextInt();
            case 3: return random.nextLong();
            case 4: return (short) random.nextInt();
            case 5: return (byte) random.nextInt();
            case 6: return random.nextDouble();
            case 7: return random.nextFloat();
            case 8: return random.nextBoolean();
            case 9: return (char) random.nextInt(0x10000);
            case 10: return TimeUnit.values()[random.nextInt(TimeUnit.values().length)];
            case 11: return new BigDecimal(random.nextInt(100_000)).movePointLeft(3);
            case 12: {
                byte[] b = new byte[random.nextInt(300)];
                random.nextBytes(b);
                return new BytesKey(b);
            }
            case 13: {
                int pick = random.nextInt(4);
                return pick == 0 ? BigInteger.valueOf(random.nextLong())
                        : pick == 1 ? new UUID(random.nextLong(), random.nextLong())
                        : pick == 2 ? Instant.ofEpochSecond(random.nextInt())
                        : LocalDate.ofEpochDay(random.nextInt(50_000));
            }
            case 14: return "";
            default: {
                List<Object> parts = new ArrayList<>();
                int n = random.nextInt(6);
                for (int i = 0; i < n; i++) {
                    parts.add(value(depth - 1));
                }
                return new ValuesKey(parts.toArray());
            }
        }
    }
}
