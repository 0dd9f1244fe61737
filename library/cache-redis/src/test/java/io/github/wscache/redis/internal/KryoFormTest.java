package io.github.wscache.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A forged Kryo value costs a reader no more than its bytes: a length the bytes after it cannot
 * hold is refused before anything is allocated for it, and so is nesting deeper than
 * {@link ValueCodec#MAX_DEPTH}, each with its reason (an entry the tier counts as rejected);
 * values a node writes still read, however long, and one nested deeper than the limit is not
 * written at all.
 */
class KryoFormTest {
    /** Read as about 2^31 elements: the length Kryo would allocate before reading any. */
    private static final int HUGE = Integer.MAX_VALUE - 1;

    private final KryoForm form = new KryoForm(List.of());

    /** The bytes of an entry holding {@code value}: the list's fingerprint, then the value. */
    private byte[] entry(byte[] value) throws ValueCodec.NotShareable {
        byte[] fingerprint = Arrays.copyOf(form.write("any"), KryoForm.FINGERPRINT);
        byte[] entry = Arrays.copyOf(fingerprint, fingerprint.length + value.length);
        System.arraycopy(value, 0, entry, fingerprint.length, value.length);
        return entry;
    }

    static Stream<Named<byte[]>> forgedLengths() {
        return Stream.of(Named.of("a String", ForgedKryo.string(HUGE)),
                Named.of("a byte[]", ForgedKryo.array(byte[].class, HUGE)),
                Named.of("an int[]", ForgedKryo.array(int[].class, HUGE)),
                Named.of("a long[]", ForgedKryo.array(long[].class, HUGE)),
                Named.of("a boolean[]", ForgedKryo.array(boolean[].class, HUGE)),
                Named.of("an Object[]", ForgedKryo.array(Object[].class, HUGE)),
                Named.of("a String[]", ForgedKryo.array(String[].class, HUGE)),
                Named.of("an ArrayList", ForgedKryo.collection(ArrayList.class, HUGE)),
                Named.of("a LinkedList", ForgedKryo.collection(LinkedList.class, HUGE)),
                Named.of("a HashSet", ForgedKryo.collection(HashSet.class, HUGE)));
    }

    @ParameterizedTest
    @MethodSource("forgedLengths")
    void aLengthTheBytesCannotHoldIsRefusedBeforeItIsAllocated(byte[] forged) throws Exception {
        byte[] entry = entry(forged);

        assertThatThrownBy(() -> form.read(entry)).isInstanceOf(ValueCodec.Rejected.class)
                .hasMessageContaining("a length of " + HUGE);
    }

    @Test
    void lengthsAreRefusedOnceTheyClaimMoreThanTheWholeEntry() throws Exception {
        // 20 lists, each the first element of the one around it, each stating 100,000
        // elements, then 100,000 nulls: each length fits the bytes after it, but not all of
        // them together (unchecked, each list would take room for 100,000 elements at once)
        byte[] entry = entry(ForgedKryo.nestedLists(20, 100_000));

        assertThatThrownBy(() -> form.read(entry)).isInstanceOf(ValueCodec.Rejected.class)
                .hasMessageContaining("a length of 100000")
                .hasMessageContaining("not claimed");
    }

    @Test
    void nestingDeeperThanTheLimitIsRefusedBeforeTheStackRunsOut() throws Exception {
        byte[] entry = entry(ForgedKryo.nestedLists(100_000, 1));

        assertThatThrownBy(() -> form.read(entry)).isInstanceOf(ValueCodec.Rejected.class)
                .hasMessageContaining("Max depth exceeded: " + ValueCodec.MAX_DEPTH);
    }

    @Test
    void valuesANodeWritesStillReadHoweverLong() throws Exception {
        List<Object> value = new ArrayList<>();
        value.add("\u00e9t\u00e9 ".repeat(10_000)); // UTF-8: a length before the characters
        value.add("ascii ".repeat(10_000));
        value.add(new long[10_000]);
        value.add(new boolean[10_000]);
        value.add(new String[] {"a", null, "c"});
        value.add(new Object[] {1, "two", null});
        value.add(new ArrayList<>(Arrays.asList("a", null, "b", null))); // a byte a null
        value.add(new LinkedList<>(List.of(1, 2, 3)));
        value.add(new HashSet<>(List.of("x", "y")));
        value.add(BigInteger.TWO.pow(10_000));
        Object nested = null;
        for (int i = 0; i < ValueCodec.MAX_DEPTH - 2; i++) {
            List<Object> around = new ArrayList<>();
            around.add(nested);
            nested = around;
        }
        value.add(nested);

        Object read = form.read(form.write(value));

        // element by element, arrays by their elements
        assertThat(read).asInstanceOf(InstanceOfAssertFactories.LIST)
                .containsExactlyElementsOf(value);
    }

    @Test
    void aValueNestedDeeperThanTheLimitIsNotWritten() {
        Object nested = null;
        for (int i = 0; i < ValueCodec.MAX_DEPTH + 1; i++) {
            List<Object> around = new ArrayList<>();
            around.add(nested);
            nested = around;
        }
        Object tooDeep = nested;

        assertThatThrownBy(() -> form.write(tooDeep)).isInstanceOf(ValueCodec.NotShareable.class)
                .hasMessageContaining("nested deeper than " + ValueCodec.MAX_DEPTH);
    }
}
