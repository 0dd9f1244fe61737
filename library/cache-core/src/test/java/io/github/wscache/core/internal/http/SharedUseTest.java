package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which request fields make a request personal, and when a shared cache may answer it. */
class SharedUseTest {
    private static SharedUse use(String... fields) {
        java.util.Map<String, List<String>> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < fields.length; i += 2) {
            m.put(fields[i], List.of(fields[i + 1]));
        }
        Headers h = Headers.of(m);
        return SharedUse.of(TargetedCacheControl.of(h, true), h);
    }

    @Test
    void personalFields_areCookiesAndCredentials_inTheRequestsOrder() {
        assertThat(Credentials.personalFields(Map.of("Accept", List.of("*/*")),
                CookieNames.NONE)).isEmpty();
        assertThat(Credentials.personalFields(Map.of("Cookie", List.of("s=1")),
                CookieNames.NONE)).containsExactly("cookie");
        assertThat(Credentials.personalFields(Map.of("X-Api-Key", List.of("k")),
                CookieNames.NONE)).containsExactly("x-api-key");
        assertThat(Credentials.personalFields(Map.of("Authorization", List.of("Basic x")),
                CookieNames.NONE)).containsExactly("authorization");
        assertThat(Credentials.personalFields(Map.of("X-Session-Id", List.of(" ")),
                CookieNames.NONE)).as("an empty credential is none").isEmpty();
    }

    @Test
    void anonymousCookies_makeNoRequestPersonal_unlessAnotherCookieComesWithThem() {
        CookieNames analytics = CookieNames.of(List.of("_ga*", "consent"));
        assertThat(Credentials.personalFields(Map.of("Cookie",
                List.of("_ga=GA1.2; _ga_XYZ=GS1", "consent=yes")), analytics)).isEmpty();
        assertThat(Credentials.personalFields(Map.of("Cookie",
                List.of("_ga=GA1.2; JSESSIONID=abc")), analytics)).containsExactly("cookie");
        assertThat(Credentials.personalFields(Map.of("Cookie", List.of("_gax=1; ga=2")),
                CookieNames.of(List.of("_ga"))))
                .as("an exact name is not a prefix").containsExactly("cookie");
    }

    @Test
    void cookieNames_rejectWhatIsNoCookieName_sayingWhatToWrite() {
        for (String bad : List.of("a b", "a=b", "*", "", "x;y")) {
            assertThatThrownBy(() -> CookieNames.of(List.of(bad)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "' is not a cookie name")
                    .hasMessageContaining("_ga*");
        }
    }

    @Test
    void theCredentialRule_isTheOneTheIntegrationsUse() {
        for (String n : List.of("X-Api-Key", "X-Auth-Token", "AuthHeader", "SessionToken",
                "X-CSRF-Token", "Bearer-Thing")) {
            assertThat(Credentials.isCredentialLike(n)).as(n).isTrue();
        }
        for (String n : List.of("Accept", "User-Agent", "X-Forwarded-For", "Referer",
                "X-Requested-With", "If-None-Match")) {
            assertThat(Credentials.isCredentialLike(n)).as(n).isFalse();
        }
    }

    @Test
    void anAnonymousRequest_mayUseAnything() {
        assertThat(use("Last-Modified", "Tue, 10 Nov 2026 00:00:00 GMT")
                .allows(List.of(), List.of())).isTrue();
    }

    @Test
    void aPersonalRequest_neverUsesHeuristicFreshness_evenWhenPublic() {
        assertThat(use("Last-Modified", "Tue, 10 Nov 2026 00:00:00 GMT")
                .allows(List.of("cookie"), List.of())).isFalse();
        assertThat(use("Cache-Control", "public", "Last-Modified",
                "Tue, 10 Nov 2026 00:00:00 GMT").allows(List.of("cookie"), List.of())).isFalse();
    }

    @Test
    void aPersonalRequest_usesWhatIsMarkedShared_withAnExplicitLifetime() {
        assertThat(use("Cache-Control", "public, max-age=60").allows(List.of("cookie"),
                List.of())).isTrue();
        assertThat(use("Cache-Control", "private, no-store, s-maxage=60")
                .allows(List.of("cookie"), List.of())).isTrue();
        assertThat(use("Cache-Control", "public", "Expires", "Fri, 27 Nov 2026 13:00:00 GMT")
                .allows(List.of("cookie"), List.of())).isTrue();
        assertThat(use("Cache-Control", "max-age=60").allows(List.of("cookie"), List.of()))
                .as("max-age alone does not say shared").isFalse();
    }

    @Test
    void aTargetedLifetimeAlone_doesNotShareAPersonalAnswer_butWithPublicItDoes() {
        assertThat(use("Surrogate-Control", "max-age=60").allows(List.of("cookie"), List.of()))
                .isFalse();
        assertThat(use("CDN-Cache-Control", "max-age=60").allows(List.of("cookie"), List.of()))
                .isFalse();
        assertThat(use("Surrogate-Control", "max-age=60", "Cache-Control", "private, public")
                .allows(List.of("cookie"), List.of())).isTrue();
        assertThat(use("CDN-Cache-Control", "s-maxage=60").allows(List.of("cookie"),
                List.of())).isTrue();
    }

    @Test
    void aPersonalRequest_usesWhatVariesOnEveryCredentialItCarries() {
        SharedUse perUser = use("Cache-Control", "max-age=60", "Vary", "Cookie");
        assertThat(perUser.allows(List.of("cookie"), List.of("cookie"))).isTrue();
        assertThat(perUser.allows(List.of("cookie", "x-api-key"), List.of("cookie")))
                .as("the key misses the api key").isFalse();
        assertThat(perUser.allows(List.of("cookie", "x-api-key"),
                List.of("cookie", "x-api-key"))).isTrue();
    }

    @Test
    void whatAResponseSays_isReadOnce() {
        assertThat(use("Cache-Control", "public, max-age=60"))
                .isEqualTo(new SharedUse(true, true));
        assertThat(use("Last-Modified", "Tue, 10 Nov 2026 00:00:00 GMT"))
                .isEqualTo(new SharedUse(false, false));
    }
}
