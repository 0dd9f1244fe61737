package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeadersTest {

    @Test
    void looksUpNamesCaseInsensitively() {
        Headers h = Headers.of(Map.of("Cache-Control", List.of("max-age=60", "public")));
        assertThat(h.all("cache-control")).containsExactly("max-age=60", "public");
        assertThat(h.first("CACHE-CONTROL")).contains("max-age=60");
        assertThat(h.contains("Cache-control")).isTrue();
        assertThat(h.contains("Expires")).isFalse();
        assertThat(h.all("Expires")).isEmpty();
        assertThat(h.first("Expires")).isEmpty();
    }

    @Test
    void mergesNamesDifferingOnlyInCaseAndDropsNulls() {
        Map<String, List<String>> raw = new LinkedHashMap<>();
        raw.put(null, List.of("HTTP/1.1 200 OK"));
        raw.put("ETag", List.of("\"a\""));
        raw.put("etag", Arrays.asList(null, "\"b\""));
        raw.put("Vary", null);
        Headers h = Headers.of(raw);
        assertThat(h.names()).containsExactly("ETag");
        assertThat(h.all("ETAG")).containsExactly("\"a\"", "\"b\"");
    }

    @Test
    void splitsListMembersAcrossLines() {
        Headers h = Headers.of("Vary", "Accept-Encoding, , User-Agent", "vary", " Cookie ");
        assertThat(h.members("VARY")).containsExactly("Accept-Encoding", "User-Agent", "Cookie");
        assertThat(h.members("Connection")).isEmpty();
    }

    @Test
    void isImmutableAndIndependentOfItsSource() {
        Map<String, List<String>> raw = new HashMap<>();
        raw.put("A", new java.util.ArrayList<>(List.of("1")));
        Headers h = Headers.of(raw);
        raw.get("A").add("2");
        raw.put("B", List.of("3"));
        assertThat(h.asMap()).containsOnlyKeys("A");
        assertThat(h.all("a")).containsExactly("1");
        assertThatThrownBy(() -> h.asMap().put("C", List.of())).isInstanceOf(
                UnsupportedOperationException.class);
        assertThatThrownBy(() -> h.all("A").add("x")).isInstanceOf(
                UnsupportedOperationException.class);
    }

    @Test
    void comparesByValueIgnoringNameCase() {
        Headers a = Headers.of("Content-Type", "text/xml", "Age", "3");
        Headers b = Headers.of(Map.of("age", List.of("3"), "content-type", List.of("text/xml")));
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(Headers.of("Age", "3"));
        assertThat(a).isNotEqualTo(Headers.of("Content-Type", "text/html", "Age", "3"));
        assertThat(Headers.of((Map<String, List<String>>) null)).isEqualTo(Headers.EMPTY);
    }

    @Test
    void rejectsAnOddNumberOfPairs() {
        assertThatThrownBy(() -> Headers.of("Age")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void notStored_namesHopByHopConnectionProxyAndNoCacheFields() {
        Map<String, List<String>> response = new HashMap<>();
        response.put("Connection", List.of("close, X-A"));
        response.put("x-a", List.of("1"));
        response.put("X-B", List.of("2"));
        response.put("X-C", List.of("3"));
        response.put("Keep-Alive", List.of("timeout=5"));
        response.put("Transfer-Encoding", List.of("chunked"));
        response.put("Proxy-Authenticate", List.of("Basic"));
        response.put("Cache-Control", List.of("max-age=60, no-cache=\"X-B\""));
        response.put(null, List.of("HTTP/1.1 200 OK"));

        assertThat(Headers.notStored(response)).containsExactlyInAnyOrder("connection", "x-a",
                "x-b", "keep-alive", "transfer-encoding", "proxy-authenticate");
        assertThat(Headers.notStored(Map.of("Cache-Control", List.of("no-cache"),
                "ETag", List.of("\"1\"")))).isEmpty();
        Map<String, List<String>> qualified = Map.of("Cache-Control",
                List.of("max-age=60, private=\"X-User\""), "X-User", List.of("alice"));
        assertThat(Headers.notStored(qualified, true)).as("a shared entry")
                .containsExactly("x-user");
        assertThat(Headers.notStored(qualified, false)).as("one user's own entry").isEmpty();
        assertThat(Headers.notStored(null)).isEmpty();
        assertThat(Headers.notStored(Map.of("CONNECTION", List.of("x-d"), "X-D", List.of("4"),
                "te", List.of("trailers"), "PROXY-AUTHORIZATION", List.of("Basic x"),
                "cache-CONTROL", List.of("no-cache=\"ETag\""), "ETAG", List.of("\"1\""))))
                .as("names in any case").containsExactlyInAnyOrder("connection", "x-d", "te",
                        "proxy-authorization", "etag");
    }
}
