package io.github.wscache.axis.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The stream put back when a response stream failed: same bytes, then the same failure. */
class BrokenBodyTest {
    private final IOException failure = new SocketTimeoutException("Read timed out");
    private final BrokenBody body =
            new BrokenBody("<a><b>".getBytes(StandardCharsets.UTF_8), failure);

    @Test
    void open_replaysTheBytesReceivedThenThrowsTheOriginalFailure() throws IOException {
        InputStream in = body.open();

        assertThat(in.available()).isEqualTo(6);
        assertThat(new String(in.readNBytes(6), StandardCharsets.UTF_8)).isEqualTo("<a><b>");
        assertThatThrownBy(in::read).isSameAs(failure);
        assertThatThrownBy(() -> in.read(new byte[8], 0, 8)).isSameAs(failure);
    }

    @Test
    void open_givesEveryCallerItsOwnStream() throws IOException {
        InputStream first = body.open();
        first.readNBytes(4);
        InputStream second = body.open();

        assertThat(second.read()).isEqualTo('<');
        assertThat(first.read()).isEqualTo('b');
        assertThat(first.read(new byte[0], 0, 0)).isZero();
    }
}
