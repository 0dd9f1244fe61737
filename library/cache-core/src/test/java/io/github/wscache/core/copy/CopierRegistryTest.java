package io.github.wscache.core.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Registrations belong to one {@link CopierRegistry}: a cache copies under the declarations of
 * its own registry only (the one it was built with, else a new one), and no other registry, nor
 * any other cache, sees them.
 */
class CopierRegistryTest {

    private static final String POLICY = "operations:\n"
            + "  - operation: getBook\n    ttl: 1h\n";

    @Test
    void registerReadOnly_reachesThatRegistryOnly() {
        CopierRegistry mine = CopierRegistry.create().registerReadOnly(Book.class);
        CopierRegistry other = CopierRegistry.create();

        assertThat(mine.forType(Book.class).strategy()).isEqualTo(CopyStrategy.REFERENCE);
        assertThat(mine.explain(Book.class)).isEqualTo("REFERENCE: " + Book.class.getName()
                + " is declared read-only by the application; shared, never copied");
        assertThat(other.forType(Book.class).strategy()).isEqualTo(CopyStrategy.REFLECTION);
    }

    @Test
    void aHolderOfAReadOnlyTypeSharesItUnderThatRegistryAndCopiesItElsewhere() {
        CopierRegistry mine = CopierRegistry.create().registerReadOnly(Book.class);
        Shelf shelf = new Shelf();
        shelf.book = new Book();

        Shelf shared = mine.forType(Shelf.class).copy(shelf);
        Shelf copied = CopierRegistry.create().forType(Shelf.class).copy(shelf);

        assertThat(shared.book).isSameAs(shelf.book);
        assertThat(copied.book).isNotSameAs(shelf.book);
        assertThat(copied.book.pages).isEqualTo(shelf.book.pages).isNotSameAs(shelf.book.pages);
    }

    @Test
    void registrationsAfterTheFirstCopyReplaceThatRegistrysPlans() {
        CopierRegistry registry = CopierRegistry.create();
        assertThat(registry.forType(Book.class).strategy()).isEqualTo(CopyStrategy.REFLECTION);

        registry.registerReadOnly(Book.class);

        assertThat(registry.forType(Book.class).strategy()).isEqualTo(CopyStrategy.REFERENCE);
    }

    @Test
    void register_customCopierIsUsedByThatRegistryOnly() {
        AtomicInteger calls = new AtomicInteger();
        CopierRegistry registry = CopierRegistry.create().register(Book.class, new Copier<>() {
            @Override
            public Book copy(Book original) {
                calls.incrementAndGet();
                return new Book();
            }

            @Override
            public CopyStrategy strategy() {
                return CopyStrategy.REFLECTION;
            }
        });
        Shelf shelf = new Shelf();
        shelf.book = new Book();

        registry.forType(Shelf.class).copy(shelf);
        CopierRegistry.create().forType(Shelf.class).copy(shelf);

        assertThat(calls.get()).isEqualTo(1);
    }

    @Test
    void registerDeepClone_and_kryo_areKeptPerRegistry() {
        CopierRegistry registry = CopierRegistry.create().registerDeepClone(Pages.class)
                .registerKryo(Shelf.class, Book.class, ArrayList.class);

        assertThat(registry.forType(Pages.class).strategy()).isEqualTo(CopyStrategy.CLONE);
        assertThat(CopierRegistry.create().forType(Pages.class).strategy())
                .isEqualTo(CopyStrategy.REFLECTION);
        Shelf shelf = new Shelf();
        shelf.book = new Book();
        Shelf copy = registry.of(CopyStrategy.SERIALIZATION, Shelf.class).copy(shelf);
        assertThat(copy.book.pages).containsExactly("p1");
        assertThatThrownBy(() -> CopierRegistry.create().of(CopyStrategy.SERIALIZATION,
                Shelf.class))
                .hasMessage("value: serialization cannot copy " + Shelf.class.getName()
                        + ", which is not Serializable and not registered with kryo — call"
                        + " CopierRegistry.registerKryo or"
                        + " CopierRegistry.kryoRegistrationRequired(false)");
    }

    @Test
    void messagesNameTheMethodsOfTheRegistry() {
        assertThatThrownBy(() -> CopierRegistry.create().of(CopyStrategy.REFERENCE, Shelf.class))
                .hasMessageEndingWith(" — register it with CopierRegistry.registerReadOnly or"
                        + " copy it");
    }

    @Test
    void aCacheCopiesUnderTheRegistryItWasBuiltWith_andOneBuiltWithoutUnderItsOwn() {
        Policy policy = Policy.parse(POLICY, "test.yaml");
        CopierRegistry readOnlyBooks = CopierRegistry.create().registerReadOnly(Book.class);
        Invocation call = Invocation.builder("getBook").parameter("isbn", "1").build();
        try (ResponseCache sharing = ResponseCache.builder().policy(policy)
                .copiers(readOnlyBooks).build();
                ResponseCache copying = ResponseCache.builder().policy(policy).build()) {
            Book stored = new Book();
            Book fromSharing = sharing.call(call, () -> stored);
            Book fromCopying = copying.call(call, () -> stored);

            assertThat(sharing.copiers()).isSameAs(readOnlyBooks);
            assertThat(copying.copiers()).isNotSameAs(readOnlyBooks);
            assertThat(sharing.call(call, Book::new)).isSameAs(fromSharing);
            assertThat(copying.call(call, Book::new)).isNotSameAs(fromCopying)
                    .isNotSameAs(stored);
        }
    }

    @Test
    void cachesBuiltWithoutARegistryEachGetTheirOwn_registeringInOneLeavesTheOtherAlone() {
        Policy policy = Policy.parse(POLICY, "test.yaml");
        Invocation call = Invocation.builder("getBook").parameter("isbn", "1").build();
        AtomicInteger calls = new AtomicInteger();
        try (ResponseCache first = ResponseCache.builder().policy(policy).build();
                ResponseCache second = ResponseCache.builder().policy(policy).build()) {
            assertThat(first.copiers()).isNotSameAs(second.copiers());

            first.copiers().register(Book.class, new Copier<>() {
                @Override
                public Book copy(Book original) {
                    calls.incrementAndGet();
                    return new Book();
                }

                @Override
                public CopyStrategy strategy() {
                    return CopyStrategy.REFLECTION;
                }
            });
            first.copiers().registerReadOnly(Pages.class);

            assertThat(second.copiers().forType(Pages.class).strategy())
                    .isEqualTo(CopyStrategy.REFLECTION);
            Book stored = new Book();
            second.call(call, () -> stored);
            second.call(call, Book::new);
            assertThat(calls).as("the second cache never uses the first one's copier").hasValue(0);
            first.call(call, () -> stored);
            first.call(call, Book::new);
            assertThat(calls.get()).as("the first cache copies with the copier registered on it")
                    .isPositive();
            assertThat(first.copiers().forType(Pages.class).strategy())
                    .isEqualTo(CopyStrategy.REFERENCE);
            try (ResponseCache third = ResponseCache.builder().policy(policy).build()) {
                assertThat(third.copiers().forType(Pages.class).strategy())
                        .as("a cache built after the registration does not see it either")
                        .isEqualTo(CopyStrategy.REFLECTION);
            }
        }
    }

    /** Mutable, so copied unless declared read-only. */
    static class Book {
        private final List<String> pages = new ArrayList<>(List.of("p1"));
    }

    /** Holds a book. */
    static class Shelf {
        private Book book;
    }

    /** A deep clone() when registered. */
    static class Pages implements Cloneable {
        private int[] numbers = {1, 2};

        @Override
        public Pages clone() {
            try {
                Pages copy = (Pages) super.clone();
                copy.numbers = numbers.clone();
                return copy;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }
}
