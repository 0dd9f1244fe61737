package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.redis.internal.ForgedKryo;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Application objects shared in Kryo's form with registration required
 * ({@link RedisTier.Builder#kryoClasses}), on a real {@code redis-server}: objects that are not
 * {@code Serializable} (as Axis2's ADB beans are not) are shared with their shared references and
 * cycles, every caller gets its own copy, a node registering another list rejects the entry, a
 * forged entry naming a class that is not registered is refused before the class is created, and
 * one stating lengths its bytes do not hold, or nested without end, is a counted miss, never an
 * error in the caller's call.
 */
class KryoTierTest extends RedisFixture {
    private static final Policy POLICY = policy(SEARCH);
    private static final AtomicInteger NAMESPACES = new AtomicInteger();

    @RegisterExtension
    static final LocalRedis redis = LocalRedis.perClass();

    private final String namespace = "kryo" + NAMESPACES.incrementAndGet();

    /** A result bean as binding frameworks generate them: mutable, not Serializable. */
    static final class Result {
        String query;
        List<Item> items = new ArrayList<>();
        Item best;
    }

    /** An element of a result, pointing back to its result (a cycle). */
    static final class Item {
        String title;
        Result owner;
    }

    /** Counts its creations: a forged entry must never create one. */
    static final class Trap {
        static final AtomicInteger CREATED = new AtomicInteger();

        Trap() {
            CREATED.incrementAndGet();
        }
    }

    private ResponseCache node(Class<?>... kryoClasses) {
        return node(POLICY, RedisTier.builder().uri(redis.uri()).namespace(namespace)
                .timeout(Duration.ofMillis(1000)).kryoClasses(kryoClasses));
    }

    /** The service of these tests: counts the call and answers a result bean for {@code q}. */
    private Result results(String q) {
        serviceCalls.incrementAndGet();
        Result r = new Result();
        r.query = q;
        for (String title : List.of("one", "two")) {
            Item i = new Item();
            i.title = title;
            i.owner = r;
            r.items.add(i);
        }
        r.best = r.items.get(1);
        return r;
    }

    @Test
    void objectsThatAreNotSerializableAreSharedWithTheirCyclesAndSharedReferences() {
        ResponseCache a = node(Result.class, Item.class);
        ResponseCache b = node(Result.class, Item.class);

        a.call(search("kryo"), () -> results("kryo"));
        Result first = b.call(search("kryo"), () -> results("kryo"));
        Result second = b.call(search("kryo"), () -> results("kryo"));

        assertThat(serviceCalls).hasValue(1);
        assertThat(tiers.get(0).stats().stores()).isEqualTo(1);
        assertThat(tiers.get(1).stats().hits()).isEqualTo(1);
        assertThat(first.query).isEqualTo("kryo");
        assertThat(first.items).extracting(i -> i.title).containsExactly("one", "two");
        assertThat(first.best).isSameAs(first.items.get(1)); // a shared reference
        assertThat(first.items.get(0).owner).isSameAs(first); // a cycle
        // every caller its own copy: a caller's change reaches nobody else
        assertThat(second).isNotSameAs(first);
        first.items.get(0).title = "changed";
        first.items.clear();
        Result third = b.call(search("kryo"), () -> results("kryo"));
        assertThat(third.items).extracting(i -> i.title).containsExactly("one", "two");
    }

    @Test
    void anObjectHoldingAnUnregisteredClassStaysInItsNode() {
        ResponseCache a = node(Item.class); // Result not registered, and not Serializable
        ResponseCache b = node(Item.class);
        a.call(search("partial"), () -> results("partial"));
        Result r = b.call(search("partial"), () -> results("partial"));

        assertThat(r.query).isEqualTo("partial");
        assertThat(serviceCalls).hasValue(2);
        assertThat(tiers.get(0).stats().notShareable()).isEqualTo(1);
        assertThat(tiers.get(0).stats().stores()).isZero();
    }

    @Test
    void aNodeThatRegistersAnotherListRejectsTheEntryInsteadOfMisreadingIt() {
        ResponseCache a = node(Result.class, Item.class);
        ResponseCache b = node(Item.class, Result.class); // same classes, other numbers

        a.call(search("order"), () -> results("order"));
        Result r = b.call(search("order"), () -> results("order"));

        assertThat(r.query).isEqualTo("order");
        assertThat(r.items).extracting(i -> i.title).containsExactly("one", "two");
        assertThat(tiers.get(1).stats().rejected()).isEqualTo(1);
        assertThat(serviceCalls).hasValue(2);
    }

    @Test
    void aForgedEntryNamingAnUnregisteredClassIsRefusedBeforeTheClassIsCreated() {
        ResponseCache a = node(Result.class, Item.class);
        ResponseCache b = node(Result.class, Item.class);
        a.call(search("forged"), () -> results("forged"));
        byte[] key = redis.onlyEntryKey(namespace);
        byte[] entry = redis.raw().get(key);

        // keep the entry's header and the list's fingerprint; replace the Kryo value by one
        // that names Trap, as a writer without registrations would write it
        Kryo permissive = new Kryo();
        permissive.setRegistrationRequired(false);
        Output out = new Output(256, -1);
        permissive.writeClassAndObject(out, new Trap());
        Trap.CREATED.set(0);
        redis.raw().set(key, withKryoValue(entry, out.toBytes()));

        Result r = b.call(search("forged"), () -> results("forged"));

        assertThat(r.query).isEqualTo("forged");
        assertThat(Trap.CREATED).hasValue(0);
        assertThat(tiers.get(1).stats().rejected()).isEqualTo(1);
        assertThat(serviceCalls).hasValue(2);
    }

    /** Values with the class numbers every node uses, and lengths or nesting no node writes. */
    static Stream<Named<byte[]>> forgedValues() {
        int huge = Integer.MAX_VALUE - 1; // read as 2^31 - 2 elements, allocated before any
        return Stream.of(Named.of("a String of 2^31 characters", ForgedKryo.string(huge)),
                Named.of("a long[] of 2^31 elements", ForgedKryo.array(long[].class, huge)),
                Named.of("an ArrayList of 2^31 elements",
                        ForgedKryo.collection(ArrayList.class, huge)),
                Named.of("ArrayLists nested 100,000 deep", ForgedKryo.nestedLists(100_000, 1)));
    }

    @ParameterizedTest
    @MethodSource("forgedValues")
    void aForgedLengthOrNestingIsACountedMissNotAnErrorInTheCall(byte[] forged) {
        ResponseCache a = node(Result.class, Item.class);
        ResponseCache b = node(Result.class, Item.class);
        a.call(search("hostile"), () -> results("hostile"));
        byte[] key = redis.onlyEntryKey(namespace);
        redis.raw().set(key, withKryoValue(redis.raw().get(key), forged));

        Result r = b.call(search("hostile"), () -> results("hostile"));

        assertThat(r.query).isEqualTo("hostile");
        assertThat(tiers.get(1).stats().rejected()).isEqualTo(1);
        assertThat(tiers.get(1).stats().misses()).isEqualTo(1);
        assertThat(tiers.get(1).stats().hits()).isZero();
        assertThat(serviceCalls).hasValue(2);
    }

    @Test
    void theBuilderRefusesPrimitivesAndClassesGivenTwice() {
        assertThatThrownBy(() -> RedisTier.builder().kryoClasses(int.class))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("primitive");
        assertThatThrownBy(() -> RedisTier.builder().kryoClasses(Item.class, Item.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("registered already");
        assertThatThrownBy(() -> RedisTier.builder().kryoClasses(ArrayList.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("registered already");
    }

    /**
     * Returns {@code entry} (unsigned: header 5 bytes, two lifetimes, the body's length and the
     * body) with the Kryo value after the body's 8-byte fingerprint replaced by {@code value}.
     */
    private static byte[] withKryoValue(byte[] entry, byte[] value) {
        int lengthAt = 5 + 16;
        int bodyAt = lengthAt + 4;
        byte[] fingerprint = Arrays.copyOfRange(entry, bodyAt, bodyAt + 8);
        ByteBuffer forged = ByteBuffer.allocate(bodyAt + 8 + value.length);
        forged.put(entry, 0, lengthAt).putInt(8 + value.length).put(fingerprint).put(value);
        return forged.array();
    }
}
