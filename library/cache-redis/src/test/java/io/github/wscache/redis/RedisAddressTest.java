package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;

/** What a URI names (its refusals, with their messages: {@link RedisTierBuilderTest}). */
class RedisAddressTest {

    @Test
    void aServerIsOneNode() {
        RedisAddress a = RedisAddress.parse("redis://10.0.0.5:6379");

        assertThat(a.cluster).isFalse();
        assertThat(a.seeds).containsExactly(new HostAndPort("10.0.0.5", 6379));
        assertThat(a.uri).isEqualTo("redis://10.0.0.5:6379");
    }

    @Test
    void aClusterIsItsSeedsInOrderAndAnIpv6HostLosesItsBrackets() {
        RedisAddress a = RedisAddress.parse("redis-cluster://[::1]:7000,node-2.local:7001");

        assertThat(a.cluster).isTrue();
        assertThat(a.seeds).containsExactly(new HostAndPort("::1", 7000),
                new HostAndPort("node-2.local", 7001));
    }
}
