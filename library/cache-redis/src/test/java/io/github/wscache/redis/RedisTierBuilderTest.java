package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Bad options fail at once, with messages that name the option and the value. */
class RedisTierBuilderTest {

    @Test
    void uri_mustBeRedisHostPortOrAClustersNodes() {
        String form = "uri must be redis://host:port or redis-cluster://host:port,host:port,...";
        assertThatThrownBy(() -> RedisTier.builder().uri("http://127.0.0.1:6379"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(form + ": http://127.0.0.1:6379");
        assertThatThrownBy(() -> RedisTier.builder().uri("redis://127.0.0.1"))
                .hasMessage(form + ": redis://127.0.0.1");
        assertThatThrownBy(() -> RedisTier.builder().uri("redis://u:p@127.0.0.1:6379"))
                .hasMessage(form + ": redis://u:p@127.0.0.1:6379");
        assertThatThrownBy(() -> RedisTier.builder().uri("redis://127.0.0.1:6379/0"))
                .hasMessage(form + ": redis://127.0.0.1:6379/0");
        assertThatThrownBy(() -> RedisTier.builder().uri("redis://127.0.0.1:0"))
                .hasMessage(form + ": redis://127.0.0.1:0");
        assertThatThrownBy(() -> RedisTier.builder().uri("redis://a:1,b:2"))
                .hasMessage(form + " (several nodes are a cluster's): redis://a:1,b:2");
        assertThatThrownBy(() -> RedisTier.builder().uri("redis-cluster://a:1,b"))
                .hasMessage(form + ": redis-cluster://a:1,b");
        assertThatThrownBy(() -> RedisTier.builder().namespace("app{1}"))
                .hasMessage("namespace must not contain braces: 'app{1}'");
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
