package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.policy.Policy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * RFC 9111 §4.1 in the engine: a response that says {@code Vary} is stored at once under the
 * variant its request selects, the primary key remembers the fields, and every later call
 * selects its own variant; integrations only hand over the request's fields.
 */
class VaryTest {
    private final ResponseCache cache = ResponseCache.builder().policy(Policy.parse(
            "operations:\n  - operation: GET\n    ttl: 60s\n    honorHttpHeaders: true\n",
            "vary.yaml")).build();
    private final AtomicInteger sent = new AtomicInteger();

    @AfterEach
    void close() {
        cache.close();
    }

    private static Invocation get(String... fields) {
        Map<String, List<String>> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 0; i < fields.length; i += 2) {
            h.put(fields[i], List.of(fields[i + 1]));
        }
        return Invocation.builder("GET").endpoint("http://api.example/greeting")
                .requestFields(h::get).build();
    }

    /** The origin: greets in the request's language and says which field it varies by. */
    private CachedResponse origin(Invocation inv, String vary) {
        sent.incrementAndGet();
        String lang = String.join(",", inv.requestField("Accept-Language"));
        CachedResponse.Builder b = CachedResponse.builder(("hello " + lang)
                .getBytes(StandardCharsets.UTF_8)).header("Cache-Control", "max-age=60");
        return vary == null ? b.build() : b.header("Vary", vary).build();
    }

    private String body(Invocation inv, String vary) {
        return new String((byte[]) cache.exchange(inv, stale -> origin(inv, vary)).body(),
                StandardCharsets.UTF_8);
    }

    @Test
    void theFirstResponseIsStored_andEachVariantAnswersOnlyItsOwnRequests() {
        assertThat(body(get("Accept-Language", "en"), "Accept-Language")).isEqualTo("hello en");
        assertThat(body(get("Accept-Language", "en"), "Accept-Language")).isEqualTo("hello en");
        assertThat(body(get("Accept-Language", "de"), "Accept-Language")).isEqualTo("hello de");
        assertThat(body(get("Accept-Language", "de"), "Accept-Language")).isEqualTo("hello de");
        assertThat(body(get(), "Accept-Language")).isEqualTo("hello ");
        assertThat(body(get("accept-language", "en"), "accept-language, ACCEPT-LANGUAGE"))
                .isEqualTo("hello en");

        assertThat(sent).hasValue(3);
        assertThat(cache.stats().hits()).isEqualTo(3);
    }

    @Test
    void theStore_countsEachVariantAsAResponse_andTheResourceOnce() {
        body(get("Accept-Language", "en"), "Accept-Language");
        body(get("Accept-Language", "de"), "Accept-Language");

        assertThat(cache.storedResponses()).isEqualTo(2);
        assertThat(cache.storedPrimaryKeys()).isEqualTo(1);
        assertThat(cache.stats().entryCount()).as("the two and the marker").isEqualTo(3);
    }

    @Test
    void varyStar_isNeverStored() {
        body(get("Accept-Language", "en"), "*");
        body(get("Accept-Language", "en"), "*");

        assertThat(sent).hasValue(2);
        assertThat(cache.stats().bypasses()).isEqualTo(2);
    }

    @Test
    void aResourceThatStopsVarying_isStoredUnderItsPrimaryKeyAgain() {
        body(get("Accept-Language", "en"), "Accept-Language");
        cache.invalidate("GET", "http://api.example/greeting");
        body(get("Accept-Language", "en"), null);
        assertThat(body(get("Accept-Language", "de"), null)).isEqualTo("hello en");

        assertThat(sent).hasValue(2);
    }

    /** A request for {@code lang} that says {@code Cache-Control: no-cache}. */
    private static Invocation revalidating(String lang) {
        Map<String, List<String>> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        h.put("Accept-Language", List.of(lang));
        return Invocation.builder("GET").endpoint("http://api.example/greeting")
                .requestFields(h::get).requestDirectives(List.of("no-cache"), List.of()).build();
    }

    /** The origin answering {@code status} with {@code cacheControl}, without Vary. */
    private CachedResponse plain(int status, String cacheControl) {
        sent.incrementAndGet();
        CachedResponse.Builder b = CachedResponse.builder("no".getBytes(StandardCharsets.UTF_8))
                .status(status);
        return cacheControl == null ? b.build() : b.header("Cache-Control", cacheControl).build();
    }

    @Test
    void anotherVariantsErrorOrNoStoreAnswer_leavesTheStoredVariantsSelectable() {
        body(get("Accept-Language", "en"), "Accept-Language");
        Invocation de = get("Accept-Language", "de");
        cache.exchange(de, stale -> plain(503, null));
        cache.exchange(de, stale -> plain(200, "no-store"));

        assertThat(body(get("Accept-Language", "en"), "Accept-Language")).isEqualTo("hello en");
        assertThat(sent).hasValue(3);
        assertThat(cache.storedResponses()).isEqualTo(1);
    }

    @Test
    void aNoStoreAnswerOfTheSameVariant_takesItsStoredResponseAway() {
        body(get("Accept-Language", "en"), "Accept-Language");
        cache.invalidate("GET", "http://api.example/greeting");
        body(get("Accept-Language", "en"), null);
        cache.exchange(revalidating("en"),
                stale -> plain(200, "no-store"));

        assertThat(cache.storedResponses()).isZero();
    }

    @Test
    void aServerError_leavesTheStoredResponse_forALaterRequestsStaleIfError() {
        body(get("Accept-Language", "en"), null);
        cache.exchange(revalidating("en"), stale -> plain(503, null));

        assertThat(body(get("Accept-Language", "en"), null)).isEqualTo("hello en");
        assertThat(sent).hasValue(2);
        assertThat(cache.storedResponses()).isEqualTo(1);
    }

    @Test
    void aWaiterForAnotherVariant_loadsItsOwn_neverTakesTheLeadersAnswer() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<String> leaderBody = new AtomicReference<>();
        Invocation en = get("Accept-Language", "en");
        Thread leader = new Thread(() -> leaderBody.set(new String((byte[]) cache.exchange(en,
                stale -> {
                    entered.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    return origin(en, "Accept-Language");
                }).body(), StandardCharsets.UTF_8)));
        leader.start();
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        AtomicReference<String> waiterBody = new AtomicReference<>();
        Invocation de = get("Accept-Language", "de");
        Thread waiter = new Thread(() -> waiterBody.set(new String((byte[]) cache.exchange(de,
                new Exchange<RuntimeException>() {
                    @Override
                    public CachedResponse fetch(Optional<CachedResponse> stale) {
                        return origin(de, "Accept-Language");
                    }

                    @Override
                    public boolean replayableToWaiters(CachedResponse r) {
                        return true;
                    }
                }).body(), StandardCharsets.UTF_8)));
        waiter.start();
        // the waiter joined the leader's flight (it knows no Vary yet) once it waits on it
        while (waiter.getState() != Thread.State.WAITING) {
            assertThat(waiter.isAlive()).isTrue();
            Thread.onSpinWait();
        }
        release.countDown();
        leader.join(10_000);
        waiter.join(10_000);

        assertThat(leaderBody.get()).isEqualTo("hello en");
        assertThat(waiterBody.get()).isEqualTo("hello de");
        assertThat(body(get("Accept-Language", "de"), "Accept-Language")).isEqualTo("hello de");
        assertThat(sent).hasValue(2);
    }
}
