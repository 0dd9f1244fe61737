package io.github.wscache.core.copy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Two thousand random object graphs (beans with lists, maps, sets, arrays, shared references and
 * cycles), copied and then mutated at random. Seeded and reproducible: the failing seed is in the
 * message; rerun one with {@code -Dcopy.seed=<seed> -Dcopy.cases=1}.
 */
class RandomGraphCopyTest {

    private static final long BASE_SEED = Long.getLong("copy.seed", 20_040_601L);
    private static final int CASES = Integer.getInteger("copy.cases", 2000);

    @Test
    void randomGraphs_copyDeeplyKeepAliasingAndStayIsolatedUnderMutation() {
        CopierRegistry copiers = CopierRegistry.create();
        Copier<RNode> auto = copiers.forType(RNode.class);
        Copier<RNode> reflection = copiers.of(CopyStrategy.REFLECTION, RNode.class);
        Copier<RNode> serialization = copiers.of(CopyStrategy.SERIALIZATION, RNode.class);
        for (int i = 0; i < CASES; i++) {
            long seed = BASE_SEED + i;
            Copier<RNode> copier = i % 10 == 9 ? serialization : i % 2 == 0 ? auto : reflection;
            try {
                check(seed, copier);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("random graph failed with seed " + seed + " ("
                        + copier.strategy() + "): " + e.getMessage(), e);
            }
        }
    }

    private static void check(long seed, Copier<RNode> copier) {
        RNode original = generate(seed);

        RNode copy = copier.copy(original);

        Graphs.assertDeepEquals(original, copy);
        assertThat(Graphs.sharedMutables(original, copy)).isEmpty();
        Graphs.mutateEverywhere(copy, new Random(seed));
        Graphs.assertDeepEquals(original, generate(seed));

        // what a cache does: capture once (a tree is restored without an identity map), restore
        // per caller
        Object captured = copier.capture(original);
        Graphs.mutateEverywhere(original, new Random(seed + 1));
        RNode first = copier.restore(captured);
        RNode second = copier.restore(captured);
        Graphs.assertDeepEquals(generate(seed), first);
        Graphs.assertDeepEquals(first, second);
        assertThat(Graphs.sharedMutables(first, second)).isEmpty();
    }

    /** Builds the same graph for the same seed. */
    static RNode generate(long seed) {
        Random random = new Random(seed);
        int count = 1 + random.nextInt(12);
        List<RNode> nodes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            RNode node = new RNode();
            node.label = random.nextInt(5) == 0 ? null : "n" + i;
            node.weight = random.nextInt();
            node.score = random.nextDouble();
            node.flag = random.nextBoolean();
            nodes.add(node);
        }
        for (RNode node : nodes) {
            node.children = random.nextBoolean() ? new ArrayList<>() : new LinkedList<>();
            int children = random.nextInt(5);
            for (int c = 0; c < children; c++) {
                node.children.add(value(random, nodes));
            }
            int kind = random.nextInt(3);
            node.attrs = kind == 0 ? new HashMap<>() : kind == 1 ? new LinkedHashMap<>()
                    : new TreeMap<>();
            int attrs = random.nextInt(4);
            for (int a = 0; a < attrs; a++) {
                node.attrs.put("k" + random.nextInt(10), value(random, nodes));
            }
            if (random.nextBoolean()) {
                node.slots = new Object[random.nextInt(4)];
                for (int s = 0; s < node.slots.length; s++) {
                    node.slots[s] = random.nextInt(4) == 0 ? null : value(random, nodes);
                }
            }
            node.link = random.nextInt(3) == 0 ? null : nodes.get(random.nextInt(count));
            if (random.nextInt(4) == 0) {
                node.members = new LinkedHashSet<>();
                node.members.add(nodes.get(random.nextInt(count)));
            }
            if (random.nextInt(3) == 0) {
                node.numbers = new int[] {random.nextInt(), random.nextInt()};
            }
        }
        return nodes.get(0);
    }

    private static Object value(Random random, List<RNode> nodes) {
        switch (random.nextInt(7)) {
            case 0:
            case 1:
            case 2:
                return nodes.get(random.nextInt(nodes.size()));
            case 3:
                return "s" + random.nextInt(100);
            case 4:
                return random.nextInt(1000);
            case 5:
                return new int[] {random.nextInt(), random.nextInt()};
            default:
                List<Object> list = new ArrayList<>();
                list.add(nodes.get(random.nextInt(nodes.size())));
                list.add("x");
                return list;
        }
    }

    /** A random graph node. */
    static class RNode implements Serializable {
        private static final long serialVersionUID = 1L;
        private String label;
        private int weight;
        private double score;
        private boolean flag;
        private List<Object> children;
        private Map<String, Object> attrs;
        private Object[] slots;
        private RNode link;
        private LinkedHashSet<RNode> members;
        private int[] numbers;
    }
}
