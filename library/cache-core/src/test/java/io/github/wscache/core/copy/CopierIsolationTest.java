package io.github.wscache.core.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every strategy, and the automatic selection, on every fixture: the copy equals the original,
 * shares no mutable object with it, keeps its aliasing shape, and mutating the copy anywhere
 * leaves the original unchanged.
 */
class CopierIsolationTest {

    private final CopierRegistry copiers = Catalogue.copiers();

    /** "auto" is the automatic selection; the others force a strategy. */
    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Catalogue.Entry entry : Catalogue.entries()) {
            cases.add(Arguments.of(entry, "auto"));
            for (CopyStrategy strategy : CopyStrategy.values()) {
                cases.add(Arguments.of(entry, strategy.name()));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("cases")
    void copy_isDeepEqualIsolatedAndKeepsAliasing(Catalogue.Entry entry, String mode) {
        Copier<Object> copier = copier(entry, mode);
        if (copier == null) {
            return;
        }
        Object original = entry.factory().get();

        Object copy = copier.copy(original);

        Graphs.assertDeepEquals(original, copy);
        assertThat(Graphs.sharedMutables(original, copy)).isEmpty();
        Graphs.mutateEverywhere(copy, new Random(42));
        Graphs.assertDeepEquals(original, entry.factory().get());
    }

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("cases")
    void captureAndRestore_giveEachCallerItsOwnCopy(Catalogue.Entry entry, String mode) {
        Copier<Object> copier = copier(entry, mode);
        if (copier == null) {
            return;
        }
        Object original = entry.factory().get();

        Object captured = copier.capture(original);
        Graphs.mutateEverywhere(original, new Random(7));
        Object first = copier.restore(captured);
        Object second = copier.restore(captured);

        Graphs.assertDeepEquals(entry.factory().get(), first);
        Graphs.assertDeepEquals(first, second);
        assertThat(Graphs.sharedMutables(first, second)).isEmpty();
        if (copier.strategy() == CopyStrategy.SERIALIZATION) {
            assertThat(captured).isInstanceOf(byte[].class);
        }
    }

    @SuppressWarnings("unchecked") // the catalogue pairs types and instances
    private Copier<Object> copier(Catalogue.Entry entry, String mode) {
        Class<Object> type = (Class<Object>) entry.type();
        if (mode.equals("auto")) {
            Copier<Object> copier = copiers.forType(type);
            assertThat(copier.strategy()).as(copiers.explain(type)).isEqualTo(entry.auto());
            return copier;
        }
        CopyStrategy strategy = CopyStrategy.valueOf(mode);
        if (!entry.accepted().contains(strategy)) {
            assertThatThrownBy(() -> copiers.of(strategy, type))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("value: " + strategy.name().toLowerCase())
                    .hasMessageContaining(type.getTypeName());
            return null;
        }
        Copier<Object> copier = copiers.of(strategy, type);
        assertThat(copier.strategy()).isEqualTo(strategy);
        return copier;
    }
}
