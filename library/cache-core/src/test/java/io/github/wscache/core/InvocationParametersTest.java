package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** How {@link Invocation.Builder} collects parameters, one at a time or all at once. */
class InvocationParametersTest {

    @Test
    void parametersByName_areTheSameAsAddingThemOneByOne() {
        String[] names = {"key", "q", "start", "maxResults", "filter"};
        Object[] values = {"k", "java", 0, 10, true};
        Invocation.Builder one = Invocation.builder("doGoogleSearch");
        for (int i = 0; i < names.length; i++) {
            one.parameter(names[i], values[i]);
        }
        Invocation bulk = Invocation.builder("doGoogleSearch").parameters(names, values).build();

        assertThat(bulk.parameterArray()).containsExactly(one.build().parameterArray());
        assertThat(bulk).hasToString(one.build().toString())
                .hasToString("doGoogleSearch[key, q, start, maxResults, filter]");
    }

    @Test
    void parametersByName_copyTheCallersArrays() {
        String[] names = {"key", "phrase"};
        Object[] values = {"k", "britney"};
        Invocation.Builder b = Invocation.builder("doSpellingSuggestion").parameters(names, values);
        names[1] = "other";
        values[1] = "changed";

        Invocation inv = b.build();
        assertThat(inv.parameterArray()).containsExactly("k", "britney");
        assertThat(inv).hasToString("doSpellingSuggestion[key, phrase]");
    }

    @Test
    void anInvocationBuilt_keepsItsParameters_whenTheBuilderGoesOnAdding() {
        // four parameters fill the builder's array exactly, which the invocation then shares
        Invocation.Builder b = Invocation.builder("op").parameters(
                new String[] {"a", "b", "c", "d"}, new Object[] {1, 2, 3, 4});
        Invocation first = b.build();
        b.parameter("e", 5).parameters(new String[] {"f"}, new Object[] {6}).parameters(7);
        Invocation second = b.build();

        assertThat(first.parameterArray()).containsExactly(1, 2, 3, 4);
        assertThat(first).hasToString("op[a, b, c, d]");
        assertThat(second.parameterArray()).containsExactly(1, 2, 3, 4, 5, 6, 7);
        assertThat(second).hasToString("op[a, b, c, d, e, f, arg6]");
    }

    @Test
    void parametersByName_ofDifferentLengths_areRejected() {
        Invocation.Builder b = Invocation.builder("op");
        assertThatThrownBy(() -> b.parameters(new String[] {"a", "b"}, new Object[] {1}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("2 parameter names for 1 values");
    }

    @Test
    void aNullName_isRejected_andNothingIsAdded() {
        Invocation.Builder b = Invocation.builder("op").parameter("a", 1);
        assertThatThrownBy(() -> b.parameters(new String[] {"b", null}, new Object[] {2, 3}))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("parameter name");
        assertThat(b.build().parameterArray()).containsExactly(1);
    }

    @Test
    void noParameters_giveAnInvocationWithout() {
        Invocation inv = Invocation.builder("op").parameters(new String[0], new Object[0])
                .parameters().build();
        assertThat(inv.parameterArray()).isEmpty();
        assertThat(inv).hasToString("op");
    }
}
