package io.github.wscache.core.copy.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.core.copy.CopyException;
import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.copy.CopierRegistry;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The JDK collection and map nodes' fast paths: a collection whose elements are all immutable is
 * copied with its class's copy constructor, and elements, keys and values are copied by the node
 * of their own class, looked up once per run of equal classes. Each case runs through
 * {@code copy} (identity map) and through capture and restore (a tree, no map), three times, so
 * that the remembered classes of one run meet the next.
 */
class CollectionNodeTest {

    /** A mutable element, copied per caller. */
    public static final class Box {
        public String text;

        public Box() {
        }

        Box(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return "Box " + text;
        }
    }

    /** Holds the same list twice, and a collection or map of anything. */
    public static final class Holder {
        public List<Object> first;
        public List<Object> second;
        public Object any;
    }

    private final Copier<Holder> copier = CopierRegistry.create().forType(Holder.class);

    private Iterable<Holder> copies(Holder original) {
        List<Holder> out = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            out.add(copier.copy(original));
            out.add(copier.restore(copier.capture(original)));
        }
        return out;
    }

    @Test
    void aListOfImmutablesIsANewEqualListThatTheCallerMutatesAlone() {
        Holder h = new Holder();
        h.first = new ArrayList<>(Arrays.asList("a", null, 3, "d", 4.5));
        for (Holder copy : copies(h)) {
            assertThat(copy.first).isNotSameAs(h.first).isInstanceOf(ArrayList.class)
                    .containsExactly("a", null, 3, "d", 4.5);
            copy.first.add("mine");
            copy.first.set(0, "changed");
        }
        assertThat(h.first).containsExactly("a", null, 3, "d", 4.5);
    }

    @Test
    void aMutableElementAfterImmutablesIsCopiedNotShared() {
        Holder h = new Holder();
        Box box = new Box("b");
        h.first = new ArrayList<>(List.of("a", "b", "c", box));
        for (Holder copy : copies(h)) {
            assertThat(copy.first).hasSize(4);
            assertThat(copy.first.get(3)).isNotSameAs(box).isInstanceOf(Box.class);
            ((Box) copy.first.get(3)).text = "changed";
        }
        assertThat(box.text).isEqualTo("b");
    }

    @Test
    void elementsThatAlternateBetweenClassesAreEachCopiedByTheirOwnClass() {
        Holder h = new Holder();
        List<Object> mixed = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            mixed.add(i % 2 == 0 ? "s" + i : new Box("b" + i));
            mixed.add(i % 3 == 0 ? new StringBuilder("sb" + i) : Integer.valueOf(i));
        }
        h.first = mixed;
        for (Holder copy : copies(h)) {
            assertThat(copy.first).hasSize(mixed.size());
            for (int i = 0; i < mixed.size(); i++) {
                Object o = mixed.get(i);
                Object c = copy.first.get(i);
                assertThat(c).hasSameClassAs(o);
                if (o instanceof String || o instanceof Integer) {
                    assertThat(c).isSameAs(o);
                } else {
                    assertThat(c).isNotSameAs(o);
                    assertThat(c.toString()).isEqualTo(o.toString());
                }
            }
        }
    }

    @Test
    void aListOfImmutablesReferencedTwiceStaysOneListInTheCopy() {
        Holder h = new Holder();
        h.first = new ArrayList<>(List.of("x", "y"));
        h.second = h.first;
        Holder copy = copier.copy(h);
        assertThat(copy.first).isNotSameAs(h.first).isSameAs(copy.second);
        Holder restored = copier.restore(copier.capture(h));
        assertThat(restored.first).isNotSameAs(h.first).isSameAs(restored.second);
    }

    @Test
    void everyCollectionWithACopyConstructorKeepsItsClassAndOrder() {
        List<Object> sources = List.of(new ArrayList<>(List.of("a", "b", "c")),
                new LinkedList<>(List.of("a", "b", "c")),
                new ArrayDeque<>(List.of("a", "b", "c")),
                new HashSet<>(List.of("a", "b", "c")),
                new LinkedHashSet<>(List.of("c", "a", "b")));
        for (Object source : sources) {
            Holder h = new Holder();
            h.any = source;
            for (Holder copy : copies(h)) {
                assertThat(copy.any).isNotSameAs(source).hasSameClassAs(source);
                assertThat(new ArrayList<Object>((Collection<?>) copy.any))
                        .containsExactlyElementsOf(new ArrayList<Object>((Collection<?>) source));
            }
        }
    }

    @Test
    void aMapCopiesMutableKeysAndValuesAndSharesImmutableOnes() {
        Map<Object, Object> map = new LinkedHashMap<>();
        Date key = new Date(1);
        map.put("a", "x");
        map.put(key, new Box("v"));
        map.put("c", 3);
        map.put(7, new Box("w"));
        map.put(null, null);
        Holder h = new Holder();
        h.any = map;
        for (Holder copy : copies(h)) {
            @SuppressWarnings("unchecked")
            Map<Object, Object> m = (Map<Object, Object>) copy.any;
            assertThat(m).isNotSameAs(map).isInstanceOf(LinkedHashMap.class).hasSize(5);
            assertThat(new ArrayList<>(m.keySet()).get(1)).isNotSameAs(key).isEqualTo(key);
            assertThat(m.get("a")).isSameAs("x");
            assertThat(m.get(key)).isNotSameAs(map.get(key));
            assertThat(m.get(7)).isNotSameAs(map.get(7));
            assertThat(((Box) m.get(7)).text).isEqualTo("w");
            assertThat(m).containsKey(null);
            m.put("new", "entry");
        }
        assertThat(map).hasSize(5).doesNotContainKey("new");
    }

    @Test
    void aSmallMapCopyGrowsLikeAnyOther() {
        Map<String, String> map = new HashMap<>(Map.of("a", "1"));
        Holder h = new Holder();
        h.any = map;
        for (Holder copy : copies(h)) {
            @SuppressWarnings("unchecked")
            Map<String, String> m = (Map<String, String>) copy.any;
            for (int i = 0; i < 100; i++) {
                m.put("k" + i, "v" + i);
            }
            assertThat(m).hasSize(101).containsEntry("a", "1");
        }
        assertThat(map).containsOnlyKeys("a");
    }

    @Test
    void aFailingElementIsNamedByItsIndexAfterARunOfImmutables() {
        Holder h = new Holder();
        h.first = new ArrayList<>(List.of("a", "b", Thread.currentThread()));
        assertThatThrownBy(() -> copier.copy(h)).isInstanceOf(CopyException.class)
                .hasMessageContaining(".first[2]");
        assertThatThrownBy(() -> copier.capture(h)).isInstanceOf(CopyException.class)
                .hasMessageContaining(".first[2]");
    }
}
