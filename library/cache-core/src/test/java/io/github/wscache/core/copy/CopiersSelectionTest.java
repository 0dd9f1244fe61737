package io.github.wscache.core.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.core.copy.fixtures.DirectoryCategory;
import io.github.wscache.core.copy.fixtures.Fixtures;
import io.github.wscache.core.copy.fixtures.GoogleSearchResult;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Scanner;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.junit.jupiter.api.Test;

/** What forType, of, explain, isImmutable and the registrations decide, and the messages. */
class CopiersSelectionTest {

    private static final String NONE_TAIL =
            "; it cannot be copied safely; the cache keeps the events representation for it";
    private static final String FIXTURES = "io.github.wscache.core.copy.fixtures.Fixtures$";

    /** A registry per test: what one test registers, no other sees. */
    private final CopierRegistry copiers = Catalogue.copiers();

    @Test
    void explain_namesTheStrategyAndWhyForEveryFixture() {
        for (Catalogue.Entry entry : Catalogue.entries()) {
            String explanation = copiers.explain(entry.type());

            assertThat(explanation).as(entry.name())
                    .startsWith(entry.auto() + ": " + entry.type().getTypeName() + " ");
            switch (entry.auto()) {
                case REFERENCE:
                    assertThat(explanation).endsWith("; shared, never copied");
                    break;
                case CLONE:
                    assertThat(explanation).contains("clone()");
                    break;
                default:
                    assertThat(explanation).containsAnyOf("copied", "rebuilt");
            }
        }
    }

    @Test
    void explain_describesTheGoogleSearchResultAsAMutableBean() {
        assertThat(copiers.explain(GoogleSearchResult.class)).isEqualTo("REFLECTION: "
                + GoogleSearchResult.class.getName() + " is a mutable bean (11 fields); copied"
                + " field by field with a precomputed plan");
    }

    @Test
    void explain_describesEachKindOfType() {
        assertThat(copiers.explain(String.class)).isEqualTo(
                "REFERENCE: java.lang.String is an immutable JDK value; shared, never copied");
        assertThat(copiers.explain(Fixtures.Money.class)).isEqualTo("REFERENCE: " + FIXTURES
                + "Money is a record whose components are all immutable; shared, never copied");
        assertThat(copiers.explain(Fixtures.Coordinates.class)).isEqualTo("CLONE: " + FIXTURES
                + "Coordinates is Cloneable and its 3 fields are all immutable; a shallow"
                + " clone() is a safe copy");
        assertThat(copiers.explain(Fixtures.Polygon.class)).isEqualTo("CLONE: " + FIXTURES
                + "Polygon declares a deep public clone() (registered by the application);"
                + " copied with clone()");
        assertThat(copiers.explain(int[].class))
                .isEqualTo("REFLECTION: int[] is a primitive array; copied with clone()");
        assertThat(copiers.explain(List.class)).isEqualTo("REFLECTION: java.util.List is an"
                + " interface; each value is copied according to its runtime class");
        assertThat(copiers.explain(Fixtures.Basket.class)).startsWith("REFLECTION: " + FIXTURES
                + "Basket is a record with mutable components (4 components); rebuilt through"
                + " its canonical constructor");
        assertThat(copiers.explain(Random.class)).isEqualTo("SERIALIZATION: java.util.Random is"
                + " a JDK class that is not open to reflection; copied through Java"
                + " serialization");
    }

    @Test
    void forType_rejectsAThreadWithTheExplanation() {
        String expected = "NONE: java.lang.Thread is a thread, an object with identity and"
                + " native state" + NONE_TAIL;

        assertThat(copiers.explain(Thread.class)).isEqualTo(expected);
        assertThat(copiers.isCopyable(Thread.class)).isFalse();
        assertThatThrownBy(() -> copiers.forType(Thread.class))
                .isInstanceOf(UncopyableTypeException.class)
                .hasMessage(expected)
                .satisfies(e -> assertThat(((UncopyableTypeException) e).type())
                        .isEqualTo(Thread.class));
    }

    @Test
    void forType_rejectsStreamsLambdasLocksAndTypesHoldingThem() {
        Runnable lambda = () -> { };
        List<Class<?>> uncopyable = List.of(InputStream.class, lambda.getClass(),
                ReentrantLock.class, Fixtures.HoldsThread.class, Fixtures.HoldsLock.class);

        for (Class<?> type : uncopyable) {
            assertThat(copiers.isCopyable(type)).as(type.getName()).isFalse();
            assertThat(copiers.explain(type)).startsWith("NONE: " + type.getTypeName() + " ")
                    .endsWith(NONE_TAIL);
            assertThatThrownBy(() -> copiers.forType(type))
                    .isInstanceOf(UncopyableTypeException.class)
                    .hasMessage(copiers.explain(type));
        }
        assertThat(copiers.explain(lambda.getClass())).contains("is a lambda or hidden class");
        assertThat(copiers.explain(Fixtures.HoldsLock.class)).isEqualTo("NONE: " + FIXTURES
                + "HoldsLock has field 'lock' (java.util.concurrent.locks.ReentrantLock), which is"
                + " a lock or synchronizer, whose identity is its meaning" + NONE_TAIL);
    }

    @Test
    void planning_neverLetsAnInaccessibleObjectExceptionEscape() {
        List<Class<?>> closed = List.of(ReentrantLock.class, ReentrantReadWriteLock.class,
                AbstractQueuedSynchronizer.class, Scanner.class, Random.class,
                Fixtures.HoldsLock.class, ProcessBuilder.class, ClassLoader.class,
                java.util.Collections.synchronizedList(new ArrayList<>()).getClass());

        for (Class<?> type : closed) {
            assertThatCode(() -> {
                copiers.explain(type);
                copiers.isCopyable(type);
                copiers.isImmutable(type);
                try {
                    copiers.forType(type);
                } catch (UncopyableTypeException expected) {
                    // fine: reported, not thrown from inside
                }
                for (CopyStrategy strategy : CopyStrategy.values()) {
                    try {
                        copiers.of(strategy, type);
                    } catch (IllegalArgumentException expected) {
                        // fine: rejected with a reason
                    }
                }
            }).as(type.getName()).doesNotThrowAnyException();
        }
        assertThat(copiers.explain(Scanner.class)).isEqualTo("NONE: java.util.Scanner is a JDK"
                + " class that is not open to reflection, and it is not Serializable" + NONE_TAIL);
    }

    @Test
    void copy_reportsAThreadBehindAnObjectFieldWithItsPath() {
        Copier<Fixtures.Holder> copier = copiers.forType(Fixtures.Holder.class);

        assertThatThrownBy(() -> copier.copy(new Fixtures.Holder(new Thread())))
                .isInstanceOf(CopyException.class)
                .hasMessage("cannot copy java.lang.Thread at Holder.payload: it is a thread, an"
                        + " object with identity and native state");
    }

    @Test
    void copy_reportsALockDeepInsideCollectionsWithItsPath() {
        Fixtures.GraphNode root = Fixtures.GraphNode.sample();
        List<Object> payload = new ArrayList<>(List.of("a", new ReentrantLock()));
        Fixtures.Holder holder = new Fixtures.Holder(new Object[] {payload});

        assertThatThrownBy(() -> copiers.forType(Fixtures.Holder.class).copy(holder))
                .isInstanceOf(CopyException.class)
                .hasMessage("cannot copy java.util.concurrent.locks.ReentrantLock at"
                        + " Holder.payload[0][1]: it is a lock or synchronizer, whose identity is"
                        + " its meaning");
        assertThat(root).isNotNull();
    }

    @Test
    void copy_dispatchesObjectFieldsOnTheRuntimeClass() {
        DirectoryCategory category = new DirectoryCategory("x", "y");
        Fixtures.Holder holder = new Fixtures.Holder(new ArrayList<>(List.of(category, "s")));

        Fixtures.Holder copy = copiers.forType(Fixtures.Holder.class).copy(holder);

        Graphs.assertDeepEquals(holder, copy);
        assertThat(Graphs.sharedMutables(holder, copy)).isEmpty();
    }

    @Test
    void forType_ofObjectDispatchesEachValueToItsAutomaticStrategy() {
        Copier<Object> copier = copiers.forType(Object.class);
        List<Object> synchronizedList = java.util.Collections.synchronizedList(
                new ArrayList<>(List.of(new DirectoryCategory("s", "1"))));
        Object plain = new Object();

        Object copy = copier.copy(synchronizedList);

        assertThat(copier.strategy()).isEqualTo(CopyStrategy.REFLECTION);
        Graphs.assertDeepEquals(synchronizedList, copy);
        assertThat(Graphs.sharedMutables(synchronizedList, copy)).isEmpty();
        assertThat(copier.copy(plain)).isNotSameAs(plain).hasSameClassAs(plain);
        assertThat(copier.copy("text")).isSameAs("text");
        assertThatThrownBy(() -> copier.copy(new Thread()))
                .isInstanceOf(CopyException.class)
                .hasMessage("cannot copy java.lang.Thread at Thread: it is a thread, an object"
                        + " with identity and native state");
    }

    @Test
    void copy_isSafeWhenManyThreadsPlanAndCopyAtOnce() throws Exception {
        java.util.concurrent.ExecutorService pool =
                java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        GoogleSearchResult original = GoogleSearchResult.sample("q" + i);
                        Graphs.assertDeepEquals(original,
                                copiers.forType(GoogleSearchResult.class).copy(original));
                        Fixtures.KryoOnly kryo = Fixtures.KryoOnly.sample();
                        Graphs.assertDeepEquals(kryo, copiers.of(CopyStrategy.SERIALIZATION,
                                Fixtures.KryoOnly.class).copy(kryo));
                    }
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void copy_ofASubclassInstanceCopiesTheSubclassFields() {
        Special special = new Special("a", "b");
        special.extra.add(new DirectoryCategory("e", "f"));

        DirectoryCategory copy = copiers.forType(DirectoryCategory.class).copy(special);

        assertThat(copy).isInstanceOf(Special.class);
        Graphs.assertDeepEquals(special, copy);
        assertThat(Graphs.sharedMutables(special, copy)).isEmpty();
    }

    @Test
    void copy_ofNullIsNullForEveryStrategy() {
        assertThat(copiers.forType(GoogleSearchResult.class).copy(null)).isNull();
        assertThat(copiers.of(CopyStrategy.SERIALIZATION, GoogleSearchResult.class).copy(null))
                .isNull();
        assertThat(copiers.of(CopyStrategy.SERIALIZATION, Fixtures.KryoOnly.class).copy(null))
                .isNull();
        assertThat(copiers.of(CopyStrategy.CLONE, Fixtures.Coordinates.class).copy(null))
                .isNull();
    }

    @Test
    void copy_throughARecordCycleFailsWithAMessage() {
        List<Object> next = new ArrayList<>();
        Link link = new Link(next);
        next.add(link);

        assertThatThrownBy(() -> copiers.forType(Link.class).copy(link))
                .isInstanceOf(CopyException.class)
                .hasMessage("cannot copy " + Link.class.getName() + " at Link.next[0]: a cycle"
                        + " runs through this record, which can only be built once its"
                        + " components are copied");
    }

    @Test
    void isImmutable_acceptsGenuinelyImmutableTypesOnly() {
        assertThat(copiers.isImmutable(String.class)).isTrue();
        assertThat(copiers.isImmutable(Integer.class)).isTrue();
        assertThat(copiers.isImmutable(BigDecimal.class)).isTrue();
        assertThat(copiers.isImmutable(Fixtures.Colour.class)).isTrue();
        assertThat(copiers.isImmutable(Fixtures.Money.class)).isTrue();
        assertThat(copiers.isImmutable(Fixtures.Version.class)).isTrue();
        assertThat(copiers.isImmutable(java.time.ZonedDateTime.class)).isTrue();
        assertThat(copiers.isImmutable(MutableDecimal.class)).isFalse();
        assertThat(copiers.isImmutable(Fixtures.Basket.class)).isFalse();
        assertThat(copiers.isImmutable(List.of(1).getClass())).isFalse();
        assertThat(copiers.isImmutable(Optional.class)).isFalse();
        assertThat(copiers.isImmutable(ArrayList.class)).isFalse();
        assertThat(copiers.isImmutable(Object.class)).isFalse();
        assertThat(copiers.explain(MutableDecimal.class)).isEqualTo("SERIALIZATION: "
                + MutableDecimal.class.getName() + " extends java.math.BigDecimal, a JDK class"
                + " that is not open to reflection; copied through Java serialization");
    }

    @Test
    void of_rejectsCloneOverMutableFieldsNamingTheField() {
        assertThatThrownBy(() -> copiers.of(CopyStrategy.CLONE, Fixtures.ShallowClone.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value: clone requires a public deep clone(); " + FIXTURES
                        + "ShallowClone has mutable field 'items' (java.util.List) — register it"
                        + " with CopierRegistry.registerDeepClone or use reflection");
    }

    @Test
    void of_rejectsTheOtherUnsafeCombinationsWithAReason() {
        assertThatThrownBy(() -> copiers.of(CopyStrategy.REFERENCE, Fixtures.Basket.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value: reference requires an immutable or read-only type; "
                        + FIXTURES + "Basket has mutable field 'items' (java.util.List) —"
                        + " register it with CopierRegistry.registerReadOnly or copy it");
        assertThatThrownBy(() -> copiers.of(CopyStrategy.CLONE, GoogleSearchResult.class))
                .hasMessage("value: clone requires a public deep clone(); "
                        + GoogleSearchResult.class.getName() + " has no public clone() — use"
                        + " reflection");
        assertThatThrownBy(() -> copiers.of(CopyStrategy.REFLECTION, Thread.class))
                .hasMessage("value: reflection cannot copy java.lang.Thread; java.lang.Thread is"
                        + " a thread, an object with identity and native state");
        assertThatThrownBy(() -> copiers.of(CopyStrategy.SERIALIZATION, Fixtures.Optionals.class))
                .hasMessage("value: serialization cannot copy " + FIXTURES + "Optionals, which"
                        + " is not Serializable and not registered with kryo — call"
                        + " CopierRegistry.registerKryo or"
                        + " CopierRegistry.kryoRegistrationRequired(false)");
    }

    @Test
    void registerReadOnly_makesTheTypeShared() {
        assertThat(copiers.forType(Catalog.class).strategy()).isEqualTo(CopyStrategy.REFLECTION);

        copiers.registerReadOnly(Catalog.class);

        assertThat(copiers.forType(Catalog.class).strategy()).isEqualTo(CopyStrategy.REFERENCE);
        assertThat(copiers.explain(Catalog.class)).isEqualTo("REFERENCE: "
                + Catalog.class.getName() + " is declared read-only by the application; shared,"
                + " never copied");
        assertThat(copiers.isImmutable(Catalog.class)).isFalse();
        CatalogHolder holder = new CatalogHolder();
        holder.catalog = new Catalog();
        holder.counts = new int[] {1};
        CatalogHolder copy = copiers.forType(CatalogHolder.class).copy(holder);
        assertThat(copy.catalog).isSameAs(holder.catalog);
        assertThat(copy.counts).isNotSameAs(holder.counts).containsExactly(1);
    }

    @Test
    void readOnly_sharesWithoutRegistering() {
        Copier<Pad> copier = copiers.readOnly(Pad.class);
        Pad pad = new Pad();

        assertThat(copier.strategy()).isEqualTo(CopyStrategy.REFERENCE);
        assertThat(copier.copy(pad)).isSameAs(pad);
        assertThat(copiers.forType(Pad.class).strategy()).isEqualTo(CopyStrategy.REFLECTION);
    }

    @Test
    void registerDeepClone_selectsCloneOverMutableFields() {
        copiers.registerDeepClone(Sheet.class);
        Sheet sheet = new Sheet();

        Copier<Sheet> copier = copiers.forType(Sheet.class);
        Sheet copy = copier.copy(sheet);

        assertThat(copier.strategy()).isEqualTo(CopyStrategy.CLONE);
        assertThat(Sheet.clones.get()).isEqualTo(1);
        assertThat(copy.cells).isNotSameAs(sheet.cells);
    }

    @Test
    void register_usesTheCustomCopierAtTheRootAndInsideGraphs() {
        AtomicInteger calls = new AtomicInteger();
        copiers.register(Token.class, new Copier<>() {
            @Override
            public Token copy(Token original) {
                calls.incrementAndGet();
                return new Token(original.value);
            }

            @Override
            public CopyStrategy strategy() {
                return CopyStrategy.REFLECTION;
            }
        });
        Token token = new Token("t");

        Token copy = copiers.forType(Token.class).copy(token);
        Fixtures.Holder holder = copiers.forType(Fixtures.Holder.class)
                .copy(new Fixtures.Holder(new Object[] {token, token}));

        assertThat(copy.value).isEqualTo("t");
        assertThat(calls.get()).isEqualTo(2);
        assertThat(copiers.explain(Token.class)).startsWith("REFLECTION: " + Token.class.getName()
                + " has a copier registered by the application (");
        assertThat(holder).isNotNull();
    }

    @Test
    void serialization_capturesBytesAndRestoresFreshObjects() {
        Copier<GoogleSearchResult> copier =
                copiers.of(CopyStrategy.SERIALIZATION, GoogleSearchResult.class);
        GoogleSearchResult original = GoogleSearchResult.sample("kryo");

        Object captured = copier.capture(original);

        assertThat(captured).isInstanceOf(byte[].class);
        GoogleSearchResult restored = copier.restore(captured);
        Graphs.assertDeepEquals(original, restored);
        assertThatThrownBy(() -> copier.restore("not bytes"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("captured: expected the byte[] made by capture(), got"
                        + " java.lang.String");
    }

    @Test
    void kryo_reportsAnUnregisteredClassMetAtCopyTime() {
        copiers.registerKryo(KryoHolder.class);
        Copier<KryoHolder> copier = copiers.of(CopyStrategy.SERIALIZATION, KryoHolder.class);
        KryoHolder holder = new KryoHolder();
        holder.value = new Pad();

        assertThatThrownBy(() -> copier.copy(holder))
                .isInstanceOf(CopyException.class)
                .hasMessageStartingWith("cannot copy " + KryoHolder.class.getName()
                        + " through kryo: ")
                .hasMessageContaining(Pad.class.getName());
    }

    @Test
    void clone_returningTheOriginalIsRefusedAtCopyTime() {
        Copier<SelfClone> copier = copiers.forType(SelfClone.class);

        assertThat(copier.strategy()).isEqualTo(CopyStrategy.CLONE);
        assertThatThrownBy(() -> copier.copy(new SelfClone()))
                .isInstanceOf(CopyException.class)
                .hasMessage("cannot copy " + SelfClone.class.getName() + " at SelfClone: clone()"
                        + " returned the original, null or an object of another class");
    }

    @Test
    void kryo_withoutRequiredRegistrationCopiesUnregisteredTypes() {
        copiers.kryoRegistrationRequired(false);
        Copier<Pad> copier = copiers.of(CopyStrategy.SERIALIZATION, Pad.class);
        Pad pad = new Pad();

        Pad copy = copier.copy(pad);

        assertThat(copy.cells).containsExactly(1).isNotSameAs(pad.cells);
    }

    /** A Cloneable over immutable fields whose clone() is broken. */
    static class SelfClone implements Cloneable {
        private int value = 1;

        @Override
        public SelfClone clone() {
            return this;
        }
    }

    /** A record whose component may point back at it. */
    record Link(List<Object> next) {
    }

    /** A BigDecimal subclass with mutable state: not immutable. */
    static class MutableDecimal extends BigDecimal {
        private static final long serialVersionUID = 1L;
        private int scaleHint;

        MutableDecimal() {
            super("1");
        }
    }

    /** A subclass adding a mutable field. */
    static class Special extends DirectoryCategory {
        private static final long serialVersionUID = 1L;
        private final List<DirectoryCategory> extra = new ArrayList<>();

        Special(String name, String encoding) {
            super(name, encoding);
        }
    }

    /** Declared read-only in a test. */
    static class Catalog {
        private final List<String> entries = new ArrayList<>(List.of("a"));
    }

    /** Holds a read-only catalog. */
    static class CatalogHolder {
        private Catalog catalog;
        private int[] counts;
    }

    /** Used with CopierRegistry.readOnly only. */
    static class Pad {
        private int[] cells = {1};
    }

    /** A deep clone() registered in a test. */
    static class Sheet implements Cloneable {
        static final AtomicInteger clones = new AtomicInteger();
        private int[] cells = {1, 2};

        @Override
        public Sheet clone() {
            clones.incrementAndGet();
            try {
                Sheet copy = (Sheet) super.clone();
                copy.cells = cells.clone();
                return copy;
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** Copied by a registered custom copier. */
    static class Token {
        private final String value;

        Token(String value) {
            this.value = value;
        }
    }

    /** Not Serializable, registered with Kryo; holds an unregistered class. */
    static class KryoHolder {
        private Object value;
    }
}
