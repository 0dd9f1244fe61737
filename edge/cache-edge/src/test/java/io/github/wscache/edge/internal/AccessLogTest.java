package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The access log's line format, outcome names, escaping, and what it does when it falls behind. */
class AccessLogTest {
    private static AccessLog.Entry entry(String uri, String userAgent, String cacheStatus) {
        return new AccessLog.Entry("10.0.0.7", null, 0L, "GET", uri, null, "HTTP/1.1", 200, 0,
                null, userAgent, cacheStatus, 1_500_000);
    }

    private static String line(AccessLog.Entry e) {
        StringBuilder b = new StringBuilder();
        AccessLog.format(e, ZoneOffset.UTC, b);
        return b.toString();
    }

    @Test
    void format_isCombinedPlusOutcomeAndMicroseconds() {
        assertThat(line(entry("/a", "curl/8", "wscache-edge; hit"))).isEqualTo("10.0.0.7 - - "
                + "[01/Jan/1970:00:00:00 +0000] \"GET /a HTTP/1.1\" 200 - \"-\" \"curl/8\" HIT "
                + "1500");
    }

    @Test
    void format_escapesWhatTheClientWrote_soNoLineCanBeForged() {
        assertThat(line(entry("/a\"b", "x\" 200 1\n10.0.0.1 é\\", null))).contains(
                "\"GET /a\\\"b HTTP/1.1\"", "\"x\\\" 200 1\\x0a10.0.0.1 \\xc3\\xa9\\\\\" - 1500");
    }

    @Test
    void outcome_namesEachCacheStatus() {
        assertThat(AccessLog.outcome("wscache-edge; hit; detail=\"fragments 1 hit 0 miss\""))
                .isEqualTo("HIT");
        assertThat(AccessLog.outcome("wscache-edge; fwd=uri-miss; stored")).isEqualTo("MISS");
        assertThat(AccessLog.outcome("wscache-edge; fwd=miss")).isEqualTo("MISS");
        assertThat(AccessLog.outcome("wscache-edge; fwd=stale; stored")).isEqualTo("STALE");
        assertThat(AccessLog.outcome("wscache-edge; fwd=bypass")).isEqualTo("PASS");
        assertThat(AccessLog.outcome("wscache-edge; fwd=partial")).isEqualTo("PARTIAL");
        assertThat(AccessLog.outcome(null)).isEqualTo("-");
    }

    @Test
    void aFullQueue_dropsAndCountsEntries_withoutWaiting() throws Exception {
        CountDownLatch stalledInWrite = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        OutputStream stalled = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                stalledInWrite.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new InterruptedIOException();
                }
            }
        };
        AccessLog log = new AccessLog(stalled, ZoneOffset.UTC, 2);
        // one entry, flushed when the queue runs empty: the writer is then stuck in the disk
        log.log(entry("/first", null, null));
        assertThat(stalledInWrite.await(30, TimeUnit.SECONDS)).as("writer blocked").isTrue();
        long start = System.nanoTime();
        for (int i = 0; i < 100; i++) {
            log.log(entry("/" + i, null, null));
        }
        assertThat(System.nanoTime() - start).as("never waits").isLessThan(2_000_000_000L);
        assertThat(log.dropped()).as("all but the queue's 2").isEqualTo(98);
        release.countDown();
        log.close();
    }

    @Test
    void close_writesWhatIsQueued() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AccessLog log = new AccessLog(out, ZoneOffset.UTC);
        for (int i = 0; i < 1000; i++) {
            log.log(entry("/" + i, null, "wscache-edge; fwd=miss"));
        }
        log.close();
        assertThat(out.toString(StandardCharsets.UTF_8).lines()).hasSize(1000);
        assertThat(log.dropped()).isZero();
    }
}
