package io.github.wscache.core.copy;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.copy.fixtures.DirectoryCategory;
import io.github.wscache.core.copy.fixtures.Fixtures;
import io.github.wscache.core.copy.fixtures.GoogleSearchResult;
import io.github.wscache.core.copy.internal.RetainedSize;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Retained-size estimates used to weigh cache entries. */
class RetainedSizeTest {

    @Test
    void estimate_ofNullIsZero() {
        assertThat(RetainedSize.estimate(null)).isZero();
    }

    @Test
    void estimate_ofAByteArrayIsHeaderPlusLength() {
        assertThat(RetainedSize.estimate(new byte[1000])).isEqualTo(1016);
        assertThat(RetainedSize.estimate(new byte[0])).isEqualTo(16);
    }

    @Test
    void estimate_ofAStringCountsObjectArrayAndCharacters() {
        assertThat(RetainedSize.estimate("hello")).isEqualTo(24 + 16 + 5);
    }

    @Test
    void estimate_ofABeanCountsHeaderFieldsAndReachableObjects() {
        DirectoryCategory category = new DirectoryCategory("ab", "c");

        // header 12 + two references 4 each = 20, aligned to 24; then the two strings
        assertThat(RetainedSize.estimate(category)).isEqualTo(24 + (40 + 2) + (40 + 1));
    }

    @Test
    void estimate_countsSharedObjectsOnce() {
        DirectoryCategory a = new DirectoryCategory(new String("ab"), new String("c"));
        DirectoryCategory b = new DirectoryCategory(new String("ab"), new String("c"));
        long one = RetainedSize.estimate(a);

        long shared = RetainedSize.estimate(new Object[] {a, a});
        long distinct = RetainedSize.estimate(new Object[] {a, b});

        assertThat(distinct - shared).isEqualTo(one);
    }

    @Test
    void estimate_countsAStringAtEachReferenceToIt() {
        String text = new String("ab");
        DirectoryCategory sharing = new DirectoryCategory(text, text);
        DirectoryCategory distinct = new DirectoryCategory(text, new String("ab"));

        // a leaf is not looked up in the walk's identity set: an overestimate, never an under one
        assertThat(RetainedSize.estimate(sharing)).isEqualTo(RetainedSize.estimate(distinct))
                .isEqualTo(24 + 2 * (40 + 2));
        assertThat(RetainedSize.estimate(new Object[] {new int[4], new long[2]}))
                .isEqualTo(24 + 32 + 32);
    }

    @Test
    void estimate_countsAKeySharedByManyMapsOnce() {
        String key = new String("productName");
        List<Map<String, Object>> sharedKeys = new ArrayList<>();
        List<Map<String, Object>> ownKeys = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Map<String, Object> a = new HashMap<>();
            a.put(key, i);
            sharedKeys.add(a);
            Map<String, Object> b = new HashMap<>();
            b.put(new String(key), i);
            ownKeys.add(b);
        }

        assertThat(RetainedSize.estimate(ownKeys) - RetainedSize.estimate(sharedKeys))
                .isEqualTo(99 * (40 + key.length()));
    }

    @Test
    void estimate_ofManyReferencesToOneLargeArrayGrowsWithoutOverflowOrLooping() {
        byte[] big = new byte[1 << 20];
        Object[] references = new Object[10_000];
        Arrays.fill(references, big);
        Map<Object, Object> keyedByArrays = new HashMap<>();
        keyedByArrays.put(new int[] {1, 2}, references);

        long estimate = RetainedSize.estimate(keyedByArrays);

        // counted at each reference: ~10 GB, far over any store's bound, so never stored
        assertThat(estimate).isGreaterThan(10_000L * (1 << 20)).isLessThan(Long.MAX_VALUE / 2);
    }

    @Test
    void estimate_ofRandomCyclicGraphsEndsAndWeighsACopyAsItsOriginal() {
        Copier<RandomGraphCopyTest.RNode> auto =
                CopierRegistry.create().forType(RandomGraphCopyTest.RNode.class);
        for (long seed = 1; seed <= 2000; seed++) {
            RandomGraphCopyTest.RNode graph = RandomGraphCopyTest.generate(seed);

            long estimate = RetainedSize.estimate(graph);

            // every mutable object reachable counts at least a header once; a copy keeps the
            // graph's shape and shares its strings, so the store's copy weighs the same
            assertThat(estimate).as("seed %d", seed)
                    .isGreaterThanOrEqualTo(16L * Graphs.reachable(graph).size());
            assertThat(RetainedSize.estimate(auto.copy(graph))).as("seed %d", seed)
                    .isEqualTo(estimate);
        }
    }

    @Test
    void estimate_ofEnumsAndClassesIsZero() {
        assertThat(RetainedSize.estimate(Fixtures.Colour.RED)).isZero();
        assertThat(RetainedSize.estimate(String.class)).isZero();
    }

    @Test
    void estimate_terminatesOnCyclesAndWalksCollections() {
        long graph = RetainedSize.estimate(Fixtures.GraphNode.sample());
        List<Object> list = new ArrayList<>(Arrays.asList(new byte[100], new byte[100]));
        list.add(list);

        assertThat(graph).isPositive();
        assertThat(RetainedSize.estimate(list)).isGreaterThan(2 * 116);
    }

    @Test
    void estimate_ofAGoogleSearchResultIsRealisticAndFast() {
        GoogleSearchResult result = GoogleSearchResult.sample("web services");
        long textBytes = 0;
        for (var element : result.getResultElements()) {
            textBytes += element.getTitle().length() + element.getURL().length();
        }

        long estimate = RetainedSize.estimate(result);
        for (int i = 0; i < 20_000; i++) {
            RetainedSize.estimate(result);
        }
        long start = System.nanoTime();
        for (int i = 0; i < 20_000; i++) {
            RetainedSize.estimate(result);
        }
        long perCallNanos = (System.nanoTime() - start) / 20_000;

        assertThat(estimate).isGreaterThan(textBytes).isLessThan(20_000);
        assertThat(perCallNanos).as("ns per estimate").isLessThan(200_000);
    }
}
