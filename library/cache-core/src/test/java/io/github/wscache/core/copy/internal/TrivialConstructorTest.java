package io.github.wscache.core.copy.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.copy.CopyStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The allocation fast path of {@link BeanNode}: a class's own no-arg constructor is used only
 * when its bytecode has no effect the copy does not overwrite; every other class is still
 * instantiated without running any constructor.
 */
class TrivialConstructorTest {

    static final AtomicInteger CONSTRUCTED = new AtomicInteger();

    @Test
    void aConstructorThatOnlyStoresConstantsIsTrivial() {
        assertThat(TrivialConstructor.isTrivial(Constants.class)).isTrue();
        assertThat(TrivialConstructor.isTrivial(Plain.class)).isTrue();
        assertThat(TrivialConstructor.isTrivial(PrivateConstructor.class)).isTrue();
        assertThat(TrivialConstructor.isTrivial(TrivialChild.class)).isTrue();
    }

    @Test
    void aConstructorWithAnyEffectIsNotTrivial() {
        assertThat(TrivialConstructor.isTrivial(Counting.class)).as("calls a method").isFalse();
        assertThat(TrivialConstructor.isTrivial(Allocating.class)).as("allocates").isFalse();
        assertThat(TrivialConstructor.isTrivial(StaticWrite.class)).as("static write").isFalse();
        assertThat(TrivialConstructor.isTrivial(ClassConstant.class)).as("class constant")
                .isFalse();
        assertThat(TrivialConstructor.isTrivial(ChildOfCounting.class))
                .as("its superclass's constructor counts").isFalse();
        assertThat(TrivialConstructor.isTrivial(NoNoArg.class)).as("no no-arg constructor")
                .isFalse();
        assertThat(TrivialConstructor.isTrivial(ArrayList.class)).as("a JDK class").isFalse();
    }

    @Test
    void reflectionCopy_allocatesWithATrivialConstructorAndOverwritesItsConstants() {
        Constants original = new Constants();
        original.count = 7;
        original.name = null;
        original.ratio = 0;
        original.big = -1;
        original.nested = new Plain();
        original.nested.text = "n";

        Constants copy = copier(Constants.class).copy(original);

        assertThat(node(Constants.class).usesConstructor()).isTrue();
        assertThat(copy).isNotSameAs(original);
        assertThat(copy.count).isEqualTo(7);
        assertThat(copy.name).as("the constructor's constant is overwritten").isNull();
        assertThat(copy.ratio).isZero();
        assertThat(copy.big).isEqualTo(-1);
        assertThat(copy.nested).isNotSameAs(original.nested);
        assertThat(copy.nested.text).isEqualTo("n");
    }

    @Test
    void reflectionCopy_runsNoConstructorThatHasAnEffect() {
        Counting counting = new Counting();
        counting.value = 3;
        ChildOfCounting child = new ChildOfCounting();
        child.extra = 4;
        int before = CONSTRUCTED.get();

        Counting copy = copier(Counting.class).copy(counting);
        ChildOfCounting childCopy = copier(ChildOfCounting.class).copy(child);

        assertThat(CONSTRUCTED.get()).isEqualTo(before);
        assertThat(node(Counting.class).usesConstructor()).isFalse();
        assertThat(node(ChildOfCounting.class).usesConstructor()).isFalse();
        assertThat(copy.value).isEqualTo(3);
        assertThat(childCopy.extra).isEqualTo(4);
    }

    @Test
    void reflectionCopy_ofASubclassInAFieldOfTheSupertypeUsesTheSubclassAllocator() {
        Holder holder = new Holder();
        TrivialChild child = new TrivialChild();
        child.text = "parent field";
        child.more = 9;
        holder.plain = child;

        Holder copy = copier(Holder.class).copy(holder);

        assertThat(copy.plain).isInstanceOf(TrivialChild.class).isNotSameAs(child);
        assertThat(copy.plain.text).isEqualTo("parent field");
        assertThat(((TrivialChild) copy.plain).more).isEqualTo(9);
    }

    private static <T> Copier<T> copier(Class<T> type) {
        return new Registry().plans().of(CopyStrategy.REFLECTION, type);
    }

    private static BeanNode node(Class<?> type) {
        return (BeanNode) new Registry().plans().node(type);
    }

    static class Plain {
        String text;
    }

    static class Constants {
        int count = 5;
        String name = "default";
        double ratio = 1.5;
        long big = 1L << 40;
        boolean flag = true;
        Plain nested;
    }

    static final class PrivateConstructor {
        int x = 1;

        private PrivateConstructor() {
        }
    }

    static class TrivialChild extends Plain {
        int more = 300;
    }

    static class Holder {
        Plain plain;
    }

    static class Counting {
        int value;

        Counting() {
            CONSTRUCTED.incrementAndGet();
        }
    }

    static class ChildOfCounting extends Counting {
        int extra = 1;
    }

    static class Allocating {
        List<String> items = new ArrayList<>();
    }

    static class StaticWrite {
        static int last;

        StaticWrite() {
            last = 1;
        }
    }

    static class ClassConstant {
        Class<?> kind = String.class;
    }

    static class NoNoArg {
        final int x;

        NoNoArg(int x) {
            this.x = x;
        }
    }
}
