package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What of a client's request reaches the origin, and which requests are plain. */
class RequestRulesTest {
    private static Map<String, List<String>> fields(String... nameValue) {
        Map<String, List<String>> m = HeaderRules.newHeaders();
        for (int i = 0; i < nameValue.length; i += 2) {
            m.put(nameValue[i], List.of(nameValue[i + 1]));
        }
        return m;
    }

    @Test
    void byDefault_forwardingRewriteAndOverrideFields_areReplacedByTheEdgesOwn() {
        Map<String, List<String>> out = RequestRules.DEFAULTS.towardOrigin(fields(
                "Accept", "text/html", "X-Forwarded-Host", "evil", "X-Forwarded-For", "6.6.6.6",
                "x-forwarded-prefix", "/evil", "Forwarded", "host=evil", "X-Real-IP", "6.6.6.6",
                "X-Original-URL", "/admin", "X-Rewrite-URL", "/admin",
                "X-HTTP-Method-Override", "DELETE", "X-Method-Override", "PUT"),
                "GET", "192.0.2.1", "http");
        assertThat(out).containsOnlyKeys("Accept", "X-Forwarded-For", "Forwarded");
        assertThat(out.get("X-Forwarded-For")).containsExactly("192.0.2.1");
        assertThat(out.get("Forwarded")).containsExactly("for=192.0.2.1;proto=http");
    }

    @Test
    void anIpv6Client_isQuotedAndBracketedInForwarded() {
        Map<String, List<String>> out = RequestRules.DEFAULTS.towardOrigin(fields(), "GET",
                "2001:db8:0:0:0:0:0:1", "https");
        assertThat(out.get("Forwarded"))
                .containsExactly("for=\"[2001:db8:0:0:0:0:0:1]\";proto=https");
    }

    @Test
    void methodOverride_onAnUnsafeMethod_stillReachesTheOrigin() {
        assertThat(RequestRules.DEFAULTS.towardOrigin(fields("X-HTTP-Method-Override",
                "DELETE"), "POST", "192.0.2.1", "http")).containsKey("X-HTTP-Method-Override");
    }

    @Test
    void keptOverrides_andKeyHeaders_passAndAreKeyFields() {
        RequestRules r = RequestRules.of(List.of(), List.of("X-Forwarded-Proto", "X-Tenant"),
                true, List.of());
        Map<String, List<String>> out = r.towardOrigin(fields("X-Forwarded-Proto", "https",
                "X-HTTP-Method", "PUT", "X-Forwarded-Host", "evil"), "GET", "192.0.2.1", "http");
        assertThat(out).containsKeys("X-Forwarded-Proto", "X-HTTP-Method")
                .doesNotContainKey("X-Forwarded-Host");
        assertThat(r.keyFields()).containsExactly("x-forwarded-proto", "x-tenant",
                "x-http-method", "x-http-method-override", "x-method-override");
    }

    @Test
    void aTrustedProxysForwardingFields_arePassedOn_withTheEdgesHopAppended() {
        RequestRules r = RequestRules.of(List.of(), List.of(), false,
                List.of("10.0.0.0/8", "2001:db8::/32"));
        Map<String, List<String>> out = r.towardOrigin(fields("X-Forwarded-For", "203.0.113.9",
                "X-Forwarded-Host", "shop.example", "X-Original-URL", "/admin"), "GET",
                "10.1.2.3", "http");
        assertThat(out.get("X-Forwarded-For")).containsExactly("203.0.113.9, 10.1.2.3");
        assertThat(out.get("X-Forwarded-Host")).containsExactly("shop.example");
        assertThat(out).as("rewrite fields never pass unkeyed")
                .doesNotContainKey("X-Original-URL");
        assertThat(r.trusted("10.255.0.1")).isTrue();
        assertThat(r.trusted("11.0.0.1")).isFalse();
        assertThat(r.trusted("2001:db8::5")).isTrue();
        assertThat(r.trusted("2001:db9::5")).isFalse();
        assertThat(r.trusted("not-an-address")).isFalse();
    }

    @Test
    void withTrustedProxies_theForwardingFieldsAPageDependsOn_areKeyFields() {
        assertThat(RequestRules.DEFAULTS.keyFields()).isEmpty();
        RequestRules r = RequestRules.of(List.of(), List.of("X-Tenant"), false,
                List.of("10.0.0.0/8"));
        assertThat(r.keyFields()).containsExactly("x-tenant", "x-forwarded-host",
                "x-forwarded-proto", "x-forwarded-scheme", "x-forwarded-port",
                "x-forwarded-prefix", "x-forwarded-ssl", "forwarded");
        assertThat(RequestRules.forwardedKey(List.of("for=1.2.3.4;Host=shop.example;proto=https",
                "for=10.0.0.1;proto=http"))).isEqualTo("host=shop.example;proto=https;proto=http;");
    }

    @Test
    void theNaiveRules_forwardEverythingUnkeyed_andMakeNoRequestPersonal() {
        RequestRules naive = RequestRules.DEFAULTS.naive();
        Map<String, List<String>> out = naive.towardOrigin(fields("X-Forwarded-Host", "evil",
                "X-Original-URL", "/admin", "X-HTTP-Method-Override", "DELETE"), "GET",
                "192.0.2.1", "http");
        assertThat(out).containsKeys("X-Forwarded-Host", "X-Original-URL",
                "X-HTTP-Method-Override");
        assertThat(naive.keyFields()).isEmpty();
        assertThat(naive.personalFields(fields("Cookie", "sid=1"))).isEmpty();
        assertThat(RequestRules.DEFAULTS.personalFields(fields("Cookie", "sid=1")))
                .containsExactly("cookie");
    }

    @Test
    void cidrBlocks_matchByPrefixLength() {
        RequestRules r = RequestRules.of(List.of(), List.of(), false,
                List.of("192.168.4.0/22", "127.0.0.1"));
        assertThat(r.trusted("192.168.7.255")).isTrue();
        assertThat(r.trusted("192.168.8.0")).isFalse();
        assertThat(r.trusted("127.0.0.1")).isTrue();
        assertThat(r.trusted("127.0.0.2")).isFalse();
    }

    @Test
    void badSettings_failWithWhatToWrite() {
        for (String bad : List.of("10.0.0.0/33", "999.1.1.1", "proxy.example", "10.0.0.0/x",
                "")) {
            assertThatThrownBy(() -> RequestRules.of(List.of(), List.of(), false, List.of(bad)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("'" + bad + "' is not an address or CIDR block: write one such "
                            + "as 10.0.0.5, 10.0.0.0/8 or 2001:db8::/32");
        }
        for (String bad : List.of("Host", "Forwarded", "Connection", "Accept-Encoding")) {
            assertThatThrownBy(() -> RequestRules.checkKeyHeader(bad))
                    .hasMessageContaining("'" + bad + "' cannot be a key header");
        }
        assertThatThrownBy(() -> RequestRules.checkKeyHeader("Cookie"))
                .hasMessageContaining("varyCookies");
        assertThatThrownBy(() -> RequestRules.checkKeyHeader("X Bad"))
                .hasMessageContaining("is not a header field name");
    }

    @Test
    void aPlainRequest_hasOnlyOrdinaryOrKeyedFields_ofOrdinarySize() {
        assertThat(RequestRules.plainForErrors(fields("Accept", "*/*", "User-Agent",
                "Mozilla/5.0", "Sec-Fetch-Mode", "navigate", "Cookie", "a=b"), List.of()))
                .isTrue();
        assertThat(RequestRules.plainForErrors(fields("X-Debug", "1"), List.of())).isFalse();
        assertThat(RequestRules.plainForErrors(fields("X-Debug", "1"), List.of("x-debug")))
                .isTrue();
        assertThat(RequestRules.plainForErrors(fields("User-Agent", "x".repeat(1025)),
                List.of())).isFalse();
        assertThat(RequestRules.plainForErrors(fields("User-Agent", "a\u0001b"), List.of()))
                .isFalse();
        assertThat(RequestRules.plainForErrors(fields("User-Agent", "x".repeat(1000),
                "Accept", "x".repeat(1000), "Referer", "x".repeat(1000), "Cookie",
                "x".repeat(1000), "Origin", "x".repeat(1000)), List.of()))
                .as("more than 4 KB in all").isFalse();
    }
}
