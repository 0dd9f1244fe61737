package io.github.wscache.axis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.CachedResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What of a response's headers is kept: nothing personal, nothing hop-by-hop. */
class PersonalHeadersTest {
    private static final byte[] BODY = ("<s:Envelope xmlns:s='http://schemas.xmlsoap.org/soap/"
            + "envelope/'><s:Body><r/></s:Body></s:Envelope>").getBytes(StandardCharsets.UTF_8);

    private static CachedResponse capture(Map<String, String> headers) {
        return Responses.capture(BODY, 200, "text/xml", headers, true);
    }

    @Test
    void cookiesAndAuthenticationHeaders_areNeverStored() {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Set-Cookie", "JSESSIONID=s1; Path=/");
        h.put("set-cookie2", "old=1");
        h.put("WWW-Authenticate", "Basic realm=x");
        h.put("Authentication-Info", "nextnonce=abc");
        h.put("Proxy-Authenticate", "Basic");
        h.put("ETag", "\"v1\"");

        CachedResponse r = capture(h);

        assertThat(r.headers().keySet()).containsExactly("ETag");
        assertThat(r.perUserOnlyReason()).hasValue("the response sets a cookie");
    }

    @Test
    void hopByHopHeadersAndThoseConnectionNames_areNotStored() {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Connection", "keep-alive, X-Trace");
        h.put("Keep-Alive", "timeout=60");
        h.put("X-Trace", "abc");
        h.put("Transfer-Encoding", "chunked");
        h.put("Upgrade", "h2c");
        h.put("Date", "Tue, 24 Nov 2026 10:00:00 GMT");

        assertThat(capture(h).headers().keySet()).containsExactly("Date");
    }

    @Test
    void headersNamedByNoCacheOrPrivate_areNotStored() {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Cache-Control", "max-age=60, no-cache=\"X-Balance\", private=\"X-User\"");
        h.put("X-Balance", "100");
        h.put("X-User", "alice");
        h.put("X-Region", "eu");

        CachedResponse r = capture(h);

        assertThat(r.headers().keySet()).containsExactlyInAnyOrder("Cache-Control", "X-Region");
        assertThat(r.perUserOnlyReason()).isEmpty();
    }

    @Test
    void aStatusThatIsNotHttp_isPassedOnButNeverStored_andOddThreeDigitOnesStay() {
        CachedResponse none = Responses.capture(BODY, 0, "text/xml", Map.of(), true);
        CachedResponse odd = Responses.capture(BODY, 799, "text/xml", Map.of(), true);

        assertThat(none.notCacheableReason()).hasValue("no valid HTTP status (0)");
        assertThat(odd.status()).isEqualTo(799);
    }
}
