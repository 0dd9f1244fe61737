package io.github.wscache.core.copy.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.copy.CopierRegistry;
import org.junit.jupiter.api.Test;

/**
 * The node memory of fields and arrays ({@link Context.Site}): each value is still copied by its
 * own runtime class when a site meets several, and a registration made after a copier was built
 * reaches the values of its fields.
 */
class NodeSiteTest {

    @Test
    void anArrayOfMixedClassesCopiesEachElementByItsRuntimeClass() {
        Holder holder = new Holder();
        holder.plains = new Plain[] {plain("a"), child("b", 2), plain("c"), child("d", 4)};
        Copier<Holder> copier = CopierRegistry.create().forType(Holder.class);

        for (int round = 0; round < 3; round++) {
            Holder copy = copier.restore(copier.capture(holder));

            assertThat(copy.plains).hasSize(4);
            for (int i = 0; i < 4; i++) {
                assertThat(copy.plains[i]).isNotSameAs(holder.plains[i])
                        .hasSameClassAs(holder.plains[i]);
                assertThat(copy.plains[i].text).isEqualTo(holder.plains[i].text);
            }
            assertThat(((Child) copy.plains[1]).more).isEqualTo(2);
            assertThat(((Child) copy.plains[3]).more).isEqualTo(4);
        }
    }

    @Test
    void aFieldThatAlternatesBetweenClassesCopiesEachByItsRuntimeClass() {
        Copier<Holder> copier = CopierRegistry.create().forType(Holder.class);
        for (int round = 0; round < 4; round++) {
            Holder holder = new Holder();
            holder.plain = round % 2 == 0 ? plain("p" + round) : child("c" + round, round);

            Holder copy = copier.copy(holder);

            assertThat(copy.plain).isNotSameAs(holder.plain).hasSameClassAs(holder.plain);
            assertThat(copy.plain.text).isEqualTo(holder.plain.text);
        }
    }

    @Test
    void aRegistrationAfterTheCopierWasBuiltReachesTheFieldsItCopied() {
        CopierRegistry registry = CopierRegistry.create();
        Copier<Holder> copier = registry.forType(Holder.class);
        Holder holder = new Holder();
        holder.plain = plain("x");
        holder.plains = new Plain[] {plain("y")};
        Holder before = copier.copy(holder);

        registry.registerReadOnly(Plain.class);
        Holder after = copier.copy(holder);

        assertThat(before.plain).isNotSameAs(holder.plain);
        assertThat(before.plains[0]).isNotSameAs(holder.plains[0]);
        assertThat(after.plain).as("read-only now: shared").isSameAs(holder.plain);
        assertThat(after.plains[0]).as("read-only now: shared").isSameAs(holder.plains[0]);
    }

    private static Plain plain(String text) {
        Plain p = new Plain();
        p.text = text;
        return p;
    }

    private static Child child(String text, int more) {
        Child c = new Child();
        c.text = text;
        c.more = more;
        return c;
    }

    static class Plain {
        String text;
    }

    static class Child extends Plain {
        int more;
    }

    static class Holder {
        Plain plain;
        Plain[] plains;
    }
}
