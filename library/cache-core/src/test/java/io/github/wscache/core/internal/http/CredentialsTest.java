package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CredentialsTest {
    /** The words as the rule names them; the reference reading is the one before the fast path. */
    private static final String[] WORDS = {"auth", "token", "apikey", "api-key", "api_key",
        "secret", "session", "cookie", "ticket", "credential", "passw", "signature", "jwt",
        "bearer", "assertion", "saml", "login", "license", "licence"};

    private static boolean reference(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (String w : WORDS) {
            if (n.contains(w)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void credentialLikeNames_areFoundAnywhere_inAnyCase() {
        for (String n : List.of("X-Api-Key", "X-API_KEY", "apikey", "AuthHeader", "x-auth",
                "SessionToken", "X-CSRF-TOKEN", "Bearer-Thing", "my-JWT", "PASSWORD",
                "X-Amzn-Signature", "SAMLResponse", "login", "X-Licence", "TiCkEt")) {
            assertThat(Credentials.isCredentialLike(n)).as(n).isTrue();
        }
        for (String n : List.of("", "a", "Accept", "User-Agent", "X-Forwarded-For", "Referer",
                "Aut", "tok", "api key", "api.key", "X-Requested-With", "Sessio", "jw")) {
            assertThat(Credentials.isCredentialLike(n)).as(n).isFalse();
        }
    }

    @Test
    void nonAsciiNames_areLoweredAsTheRootLocaleLowersThem() {
        // the Kelvin sign lowers to an ASCII 'k': "TO\u212AEN" is "token" in lower case
        assertThat(Credentials.isCredentialLike("X-TO\u212AEN")).isTrue();
        // a dotted capital I lowers to two characters, so "LOG\u0130N" holds no "login"
        assertThat(Credentials.isCredentialLike("LOG\u0130N")).isFalse();
        assertThat(Credentials.isCredentialLike("Sitzungs-Schl\u00fcssel")).isFalse();
        assertThat(Credentials.isCredentialLike("\u00e9-Auth")).isTrue();
    }

    @Test
    void everyName_isJudgedAsTheLowerCaseSearchJudgesIt() {
        Random random = new Random(20261128);
        String[] pieces = {"a", "A", "-", "_", ".", "x", "K", "\u212A", "\u0130", "\u00e9",
            "1", " "};
        for (int i = 0; i < 200_000; i++) {
            StringBuilder sb = new StringBuilder();
            int parts = random.nextInt(5);
            for (int p = 0; p < parts; p++) {
                if (random.nextBoolean()) {
                    String w = WORDS[random.nextInt(WORDS.length)];
                    // a word, perhaps cut short, in a random case
                    int cut = random.nextInt(4) == 0 ? random.nextInt(w.length() + 1)
                            : w.length();
                    for (char c : w.substring(0, cut).toCharArray()) {
                        sb.append(random.nextBoolean() ? Character.toUpperCase(c) : c);
                    }
                } else {
                    sb.append(pieces[random.nextInt(pieces.length)]);
                }
            }
            String name = sb.toString();
            assertThat(Credentials.isCredentialLike(name)).as(name).isEqualTo(reference(name));
        }
    }

    @Test
    void personalFields_areTheRequestsCredentialFields_lowerCase_inItsOrder() {
        Map<String, List<String>> request = new LinkedHashMap<>();
        request.put("Host", List.of("example.com"));
        request.put("User-Agent", List.of("Mozilla/5.0"));
        request.put("X-Session-Id", List.of("abc"));
        request.put("Accept", List.of("*/*"));
        request.put("COOKIE", List.of("s=1"));
        request.put("Proxy-Authorization", List.of("Basic x"));
        request.put("X-Auth-Token", List.of(" ", ""));
        request.put("Authorization", new ArrayList<>(List.of("Bearer t")));
        assertThat(Credentials.personalFields(request, CookieNames.NONE)).containsExactly(
                "x-session-id", "cookie", "proxy-authorization", "authorization");
    }

    @Test
    void cookieLines_areCoveredAsTheirParsedNamesAre() {
        Random random = new Random(6265);
        String[] pieces = {"_ga", "_ga_X", "consent", "JSESSIONID", "ga", "=", "=1", ";", "; ",
            " ", "\t", "a=b=c", "_g", "consent2"};
        List<CookieNames> lists = List.of(CookieNames.NONE, CookieNames.of(List.of("_ga*")),
                CookieNames.of(List.of("_ga*", "consent")), CookieNames.of(List.of("ga")));
        for (int i = 0; i < 100_000; i++) {
            List<String> lines = new ArrayList<>();
            for (int l = random.nextInt(3); l >= 0; l--) {
                StringBuilder sb = new StringBuilder();
                for (int p = random.nextInt(6); p > 0; p--) {
                    sb.append(pieces[random.nextInt(pieces.length)]);
                }
                lines.add(sb.toString());
            }
            for (CookieNames names : lists) {
                boolean parsed = CookieNames.cookieNames(lines).stream().allMatch(names::covers);
                assertThat(names.coversAll(lines)).as(names + " " + lines).isEqualTo(parsed);
            }
        }
    }
}
