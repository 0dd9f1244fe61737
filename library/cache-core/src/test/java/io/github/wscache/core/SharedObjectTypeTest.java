package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.policy.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * An object-level value from the farm's tier that is not what the caller's code takes (another
 * node's result type, or a value whoever can write to the tier put there): a counted miss, the
 * caller gets its own service's result, never a {@code ClassCastException}.
 */
class SharedObjectTypeTest {
    private static final String POLICY = "operations:\n  - operation: op\n    ttl: 60s\n";

    private static ResponseCache cache(SharedBodyFlowTest.MapTier tier) {
        return ResponseCache.builder().policy(Policy.parse(POLICY, "t.yaml")).sharedTier(tier)
                .build();
    }

    private static Invocation call(Class<?> type) {
        return Invocation.builder("op").parameter("q", "x").resultType(type).build();
    }

    @Test
    void aValueOfAnotherType_isACountedMiss_andTheCallersOwnResultReplacesIt() {
        SharedBodyFlowTest.MapTier tier = new SharedBodyFlowTest.MapTier();
        AtomicInteger loads = new AtomicInteger();
        try (ResponseCache other = cache(tier); ResponseCache mine = cache(tier)) {
            other.call(call(Integer.class), () -> 42);
            assertThat(tier.entries).hasSize(1);

            List<String> got = mine.call(call(List.class), () -> {
                loads.incrementAndGet();
                return new ArrayList<>(List.of("own"));
            });

            assertThat(got).containsExactly("own");
            assertThat(loads).hasValue(1);
            assertThat(mine.stats().errors()).isEqualTo(1);
            assertThat(mine.stats().hits()).isZero();
            assertThat(tier.entries.values()).singleElement().isInstanceOf(List.class);
        }
    }

    @Test
    void aValueOfTheDeclaredType_orASubtype_orABoxedPrimitive_isAHit() {
        SharedBodyFlowTest.MapTier tier = new SharedBodyFlowTest.MapTier();
        try (ResponseCache other = cache(tier); ResponseCache mine = cache(tier)) {
            other.call(call(int.class), () -> 42);
            int got = mine.call(call(int.class), () -> {
                throw new AssertionError("shared by the other node");
            });
            assertThat(got).isEqualTo(42);
            assertThat(mine.stats().hits()).isEqualTo(1);
            assertThat(mine.stats().errors()).isZero();

            Invocation list = Invocation.builder("op").parameter("q", "y")
                    .resultType(List.class).build();
            other.call(list, () -> new ArrayList<>(List.of("a")));
            List<String> shared = mine.call(list, () -> {
                throw new AssertionError("shared by the other node");
            });
            assertThat(shared).containsExactly("a");
        }
    }
}
