package io.github.wscache.core.copy.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.copy.CopyStrategy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The generated tree copy of {@link GeneratedCopy}: which classes get one, and that a restore
 * through it is as deep and as faithful as the method-handle plan, including the cases the
 * issue names (a graph that becomes shared after capture, a cycle through an array, a subclass
 * instance in a field of the declared supertype).
 */
class GeneratedCopyTest {

    private final Registry registry = new Registry();
    private final Copier<Item> copier = registry.plans().forType(Item.class);

    @Test
    void onlySimpleShapesAreGenerated() {
        assertThat(bean(Item.class).isGenerated()).isTrue();
        assertThat(bean(Special.class).isGenerated()).as("fields in its superclass").isFalse();
        assertThat(bean(WithFinal.class).isGenerated()).as("a final field").isFalse();
        assertThat(bean(Constructed.class).isGenerated()).as("a constructor with effects")
                .isFalse();
    }

    @Test
    void aTreeIsRestoredDeeplyThroughGeneratedCode() {
        Item root = item("root", 1);
        root.children = new Item[] {item("a", 2), null, item("b", 3)};
        root.next = item("next", 4);
        root.any = new ArrayList<>(List.of(item("in list", 5)));
        root.ratio = 0.5;
        root.big = 1L << 40;

        Object captured = copier.capture(root);
        Item first = copier.restore(captured);
        Item second = copier.restore(captured);

        assertThat(captured.getClass().getSimpleName()).isEqualTo("Tree");
        for (Item copy : List.of(first, second)) {
            assertThat(copy).isNotSameAs(root);
            assertThat(copy.name).isEqualTo("root");
            assertThat(copy.count).isEqualTo(1);
            assertThat(copy.ratio).isEqualTo(0.5);
            assertThat(copy.big).isEqualTo(1L << 40);
            assertThat(copy.children).isNotSameAs(root.children).hasSize(3);
            assertThat(copy.children[0]).isNotSameAs(root.children[0]);
            assertThat(copy.children[0].name).isEqualTo("a");
            assertThat(copy.children[1]).isNull();
            assertThat(copy.children[2].count).isEqualTo(3);
            assertThat(copy.next).isNotSameAs(root.next);
            assertThat(copy.next.name).isEqualTo("next");
            @SuppressWarnings("unchecked") // built above
            List<Item> list = (List<Item>) copy.any;
            assertThat(list).isNotSameAs(root.any).hasSize(1);
            assertThat(list.get(0)).isNotSameAs(((List<?>) root.any).get(0));
            assertThat(list.get(0).name).isEqualTo("in list");
        }
        assertThat(first.children[0]).isNotSameAs(second.children[0]);
    }

    @Test
    void aGraphThatBecomesSharedAfterCaptureIsRestoredAsCaptured() {
        Item root = item("root", 1);
        root.next = item("x", 2);
        root.children = new Item[] {item("y", 3)};
        Object captured = copier.capture(root);

        root.children[0] = root.next;
        root.next.name = "changed";
        Item restored = copier.restore(captured);

        assertThat(restored.next.name).isEqualTo("x");
        assertThat(restored.children[0].name).isEqualTo("y");
        assertThat(restored.children[0]).isNotSameAs(restored.next);

        Item again = copier.restore(copier.capture(root));
        assertThat(again.children[0]).as("shared now, and kept shared").isSameAs(again.next);
        assertThat(again.next.name).isEqualTo("changed");
    }

    @Test
    void aCycleThroughAnArrayKeepsItsShape() {
        Item root = item("root", 1);
        Item child = item("child", 2);
        root.children = new Item[] {child, root};
        child.children = root.children;

        Object captured = copier.capture(root);
        Item restored = copier.restore(captured);

        assertThat(captured.getClass().getSimpleName()).isNotEqualTo("Tree");
        assertThat(restored).isNotSameAs(root);
        assertThat(restored.children[1]).isSameAs(restored);
        assertThat(restored.children[0].children).isSameAs(restored.children);
        assertThat(restored.children[0]).isNotSameAs(child);
    }

    @Test
    void aSubclassInAFieldOfTheDeclaredSupertypeIsCopiedByItsRuntimeClass() {
        Item root = item("root", 1);
        Special special = new Special();
        special.name = "special";
        special.extra = 42;
        special.next = item("inner", 7);
        root.next = special;
        root.children = new Item[] {item("plain", 2), special};

        Item restored = copier.restore(copier.capture(root));

        assertThat(restored.next).isInstanceOf(Special.class).isNotSameAs(special);
        assertThat(((Special) restored.next).extra).isEqualTo(42);
        assertThat(restored.next.next).isNotSameAs(special.next);
        assertThat(restored.next.next.name).isEqualTo("inner");
        assertThat(restored.children[1]).as("shared with next: not a tree")
                .isSameAs(restored.next);
        Item tree = item("root", 1);
        tree.next = special;
        tree.children = new Item[] {item("plain", 2), item("plain", 3)};
        Item fromTree = copier.restore(copier.capture(tree));
        assertThat(fromTree.next).isInstanceOf(Special.class).isNotSameAs(special);
        assertThat(((Special) fromTree.next).extra).isEqualTo(42);
        assertThat(fromTree.children[1].count).isEqualTo(3);
    }

    @Test
    void generatedAndHandlePlanCopiesAgree() {
        Item root = item("root", 1);
        root.children = new Item[] {item("a", 2)};
        root.any = "immutable";
        Copier<Item> reflection = registry.plans().of(CopyStrategy.REFLECTION, Item.class);

        Item viaHandles = reflection.copy(root);
        Item viaGenerated = copier.restore(copier.capture(root));

        assertThat(viaGenerated).usingRecursiveComparison().isEqualTo(viaHandles);
        assertThat(viaGenerated.any).isSameAs(root.any);
    }

    /** A record of every component kind: primitives of one and two slots, mutable, shared. */
    record Priced(int id, long stock, double price, String name, List<String> tags,
            Item owner, int[] sizes, Priced parent, char grade) {
    }

    @Test
    void aRecordTreeIsRebuiltThroughGeneratedCodeWithItsPrimitivesAndCopies() {
        Copier<Priced> records = registry.plans().forType(Priced.class);
        Priced parent = new Priced(1, 2L, 3.5, "parent", null, null, null, null, 'a');
        Priced original = new Priced(7, 1L << 40, 9.99, "item",
                new ArrayList<>(List.of("a", "b")), item("owner", 3), new int[] {38, 40}, parent,
                'z');

        Object captured = records.capture(original);
        Priced first = records.restore(captured);
        Priced second = records.restore(captured);

        assertThat(((RecordNode) registry.plans().node(Priced.class)).isGenerated()).isTrue();
        assertThat(captured.getClass().getSimpleName()).isEqualTo("Tree");
        for (Priced copy : List.of(first, second)) {
            assertThat(copy).isNotSameAs(original);
            assertThat(copy.id()).isEqualTo(7);
            assertThat(copy.stock()).isEqualTo(1L << 40);
            assertThat(copy.price()).isEqualTo(9.99);
            assertThat(copy.grade()).isEqualTo('z');
            assertThat(copy.name()).isSameAs(original.name());
            assertThat(copy.tags()).isNotSameAs(original.tags()).containsExactly("a", "b");
            assertThat(copy.owner()).isNotSameAs(original.owner());
            assertThat(copy.owner().name).isEqualTo("owner");
            assertThat(copy.sizes()).isNotSameAs(original.sizes()).containsExactly(38, 40);
            assertThat(copy.parent()).isNotSameAs(parent).isEqualTo(parent);
            assertThat(copy.parent().tags()).isNull();
        }
        first.tags().add("changed");
        first.sizes()[0] = 0;
        first.owner().name = "changed";
        Priced third = records.restore(captured);
        assertThat(third.tags()).containsExactly("a", "b");
        assertThat(third.sizes()).containsExactly(38, 40);
        assertThat(third.owner().name).isEqualTo("owner");
        assertThat(second.tags()).isNotSameAs(first.tags());
    }

    @Test
    void aRecordCopiedByGeneratedCodeEqualsTheHandleCopy() {
        Priced original = new Priced(1, 5L, 0.25, "x", new ArrayList<>(List.of("t")),
                item("o", 1), new int[] {1}, null, 'q');
        Copier<Priced> records = registry.plans().forType(Priced.class);
        Copier<Priced> reflection = registry.plans().of(CopyStrategy.REFLECTION, Priced.class);

        Priced viaHandles = reflection.copy(original); // not a tree context: handles
        Priced viaGenerated = records.restore(records.capture(original));

        assertThat(viaGenerated).usingRecursiveComparison().isEqualTo(viaHandles);
    }

    private BeanNode bean(Class<?> type) {
        return (BeanNode) registry.plans().node(type);
    }

    private static Item item(String name, int count) {
        Item item = new Item();
        item.name = name;
        item.count = count;
        return item;
    }

    static class Item {
        String name;
        int count;
        double ratio;
        long big;
        Item next;
        Item[] children;
        Object any;
    }

    static class Special extends Item {
        long extra;
    }

    static class WithFinal {
        final List<String> tags = null;
    }

    static class Constructed {
        String text = String.valueOf(1);
    }
}
