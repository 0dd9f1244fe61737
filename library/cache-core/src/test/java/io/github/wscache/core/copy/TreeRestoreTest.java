package io.github.wscache.core.copy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fast path of {@link Copier#restore}: a captured graph in which copying met no mutable object
 * twice is restored without an identity map. Graphs with shared references or cycles keep their
 * shape, and what happens to the original after capture cannot reach the restored copies.
 */
class TreeRestoreTest {

    private final Copier<Node> copier = CopierRegistry.create().forType(Node.class);

    @Test
    void aTreeIsRestoredDeeplyAndEachRestoreIsItsOwn() {
        Node root = tree();

        Object captured = copier.capture(root);
        Node first = copier.restore(captured);
        Node second = copier.restore(captured);

        assertThat(captured.getClass().getSimpleName()).as("kept as a tree").isEqualTo("Tree");
        Graphs.assertDeepEquals(root, first);
        Graphs.assertDeepEquals(first, second);
        assertThat(Graphs.sharedMutables(first, second)).isEmpty();
        assertThat(Graphs.sharedMutables(root, first)).isEmpty();
    }

    @Test
    void aSharedReferenceKeepsItsShapeAfterRestore() {
        Node root = tree();
        Node shared = new Node("shared");
        root.children.get(0).next = shared;
        root.children.get(1).next = shared;

        Object captured = copier.capture(root);
        Node restored = copier.restore(captured);

        assertThat(captured).as("not a tree").isInstanceOf(Node.class);
        assertThat(restored.children.get(0).next).isSameAs(restored.children.get(1).next)
                .isNotSameAs(shared);
        Graphs.assertDeepEquals(root, restored);
    }

    @Test
    void aCycleThroughAnArrayKeepsItsShapeAfterRestore() {
        Node root = new Node("root");
        Node child = new Node("child");
        root.slots = new Object[] {child, "x"};
        child.slots = new Object[] {root};

        Node restored = copier.restore(copier.capture(root));

        Node restoredChild = (Node) restored.slots[0];
        assertThat(restoredChild.slots[0]).isSameAs(restored);
        assertThat(restored).isNotSameAs(root);
    }

    @Test
    void aGraphThatBecomesSharedAfterCaptureIsRestoredAsCaptured() {
        Node root = tree();
        Object captured = copier.capture(root);

        Node intruder = new Node("intruder");
        root.children.get(0).next = intruder;
        root.children.get(1).next = intruder;
        root.children.add(root.children.get(0));
        Node first = copier.restore(captured);
        Node second = copier.restore(captured);

        Graphs.assertDeepEquals(tree(), first);
        assertThat(first.children).hasSize(2);
        assertThat(first.children.get(0).next).isNull();
        assertThat(Graphs.sharedMutables(first, second)).isEmpty();
        first.children.get(0).next = new Node("mine");
        assertThat(copier.restore(captured).children.get(0).next).isNull();
    }

    @Test
    void aSubclassInAFieldOfTheDeclaredSupertypeIsCopiedByItsRuntimeClass() {
        Node root = tree();
        Tagged tagged = new Tagged("tagged");
        tagged.tags.add("t1");
        root.next = tagged;

        Node restored = copier.restore(copier.capture(root));

        assertThat(restored.next).isInstanceOf(Tagged.class).isNotSameAs(tagged);
        assertThat(((Tagged) restored.next).tags).containsExactly("t1")
                .isNotSameAs(tagged.tags);
    }

    private static Node tree() {
        Node root = new Node("root");
        root.children.add(new Node("a"));
        root.children.add(new Node("b"));
        root.slots = new Object[] {new Node("in-array"), 3, null};
        return root;
    }

    /** A mutable node: children, an array of anything, a link. */
    static class Node {
        private String name;
        private final List<Node> children = new ArrayList<>();
        private Object[] slots;
        private Node next;

        Node(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return "Node " + name;
        }
    }

    /** A subclass met through a field declared as {@link Node}. */
    static class Tagged extends Node {
        private final List<String> tags = new ArrayList<>();

        Tagged(String name) {
            super(name);
        }
    }
}
