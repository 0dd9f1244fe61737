package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Bad options fail at once, with messages that name the option and the value. */
class RedisTierBuilderTest {

    @Test
    void uri_mustBeRedisHostPort() {
        assertThatThrownBy(() -> RedisTier.builder().uri("http://127.0.0.1:6379"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("uri must be redis://host:port: http://127.0.0.1:6379");
        assertThatThrownBy(() -> RedisTier.builder().uri("redis://127.0.0.1"))
                .hasMessage("uri must be redis://host:port: redis://127.0.0.1");
        assertThatThrownBy(() -> RedisTier.builder().uri("redis://u:p@127.0.0.1:6379"))
                .hasMessage("uri must be redis://host:port: redis://u:p@127.0.0.1:6379");
        assertThatThrownBy(() -> RedisTier.builder().uri("redis://h:1").uri("redis://h:2"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("uri was already set");
    }

    @Test
    void build_requiresAUri() {
        assertThatThrownBy(() -> RedisTier.builder().build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a uri is required: call uri(\"redis://host:port\")");
    }

    @Test
    void durationsAndCountsAreChecked() {
        assertThatThrownBy(() -> RedisTier.builder().timeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("timeout must be positive: PT0S");
        assertThatThrownBy(() -> RedisTier.builder().leaseTime(Duration.ofMillis(-1)))
                .hasMessage("leaseTime must be positive: PT-0.001S");
        assertThatThrownBy(() -> RedisTier.builder().leaseWait(Duration.ofMillis(-1)))
                .hasMessage("leaseWait must not be negative: PT-0.001S");
        assertThatThrownBy(() -> RedisTier.builder().circuitBreaker(0, Duration.ofSeconds(1)))
                .hasMessage("failures must be at least 1: 0");
        assertThatThrownBy(() -> RedisTier.builder().connections(0))
                .hasMessage("connections must be at least 1: 0");
        assertThatThrownBy(() -> RedisTier.builder().namespace("a b"))
                .hasMessage("namespace must be non-empty without spaces: 'a b'");
    }

    @Test
    void signingKeyAndAllowListAreChecked() {
        assertThatThrownBy(() -> RedisTier.builder().signingKey(new byte[15]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("signingKey must have at least 16 bytes: 15");
        assertThatThrownBy(() -> RedisTier.builder().signingKey(new byte[16])
                .signingKey(new byte[16]))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("signingKey was already set");
        assertThatThrownBy(() -> RedisTier.builder().allowClasses("*"))
                .hasMessage("a class pattern names a class or a package (com.example.Type,"
                        + " com.example.*, com.example.**): '*'");
        assertThatThrownBy(() -> RedisTier.builder().allowClasses("com.example.*;!x"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
