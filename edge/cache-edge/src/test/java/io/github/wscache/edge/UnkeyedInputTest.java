package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.edge.SecurityFixtures.Setup;
import io.github.wscache.edge.SecurityFixtures.VulnerableSite;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Unkeyed inputs (Kettle, "Practical Web Cache Poisoning", 2018): a request field the origin
 * builds its answer from but the cache does not key on lets one request decide what every later
 * visitor of the URL gets. Each field against the {@link VulnerableSite}, on the edge as it
 * ships (the field never reaches the origin) and on the same edge with its defences off (the
 * next visitor gets the poisoned page from the cache); then each field let through by the switch
 * a site would use, which makes it part of the key.
 */
class UnkeyedInputTest extends EdgeTestBase {
    /**
     * One attack: the field, its value, the path it poisons, and what the next visitor sees when
     * it worked (a text in the body, or a status).
     */
    record Attack(String field, String value, String path, String poisonedText,
            int poisonedStatus) {
        @Override
        public String toString() {
            return field;
        }

        boolean poisoned(HttpResponse<String> r) {
            return poisonedText == null ? r.statusCode() == poisonedStatus
                    : r.body().contains(poisonedText);
        }
    }

    static List<Attack> attacks() {
        return List.of(
                new Attack("X-Forwarded-Host", "evil.example", "/page", "evil.example", 0),
                new Attack("X-Forwarded-Scheme", "http", "/page", null, 301),
                new Attack("X-Forwarded-Proto", "javascript", "/page", "javascript:", 0),
                new Attack("Forwarded", "host=evil.example", "/page", "evil.example", 0),
                new Attack("X-Original-URL", "/secret", "/home", "secret admin page", 0),
                new Attack("X-Rewrite-URL", "/secret", "/home", "secret admin page", 0),
                new Attack("X-HTTP-Method-Override", "DELETE", "/home", null, 405),
                new Attack("X-Method-Override", "DELETE", "/home", null, 405),
                new Attack("X-HTTP-Method", "DELETE", "/home", null, 405));
    }

    static Stream<Arguments> attacksOnEachSetup() {
        List<Arguments> out = new ArrayList<>();
        for (Setup s : Setup.values()) {
            for (Attack a : attacks()) {
                out.add(Arguments.of(s, a));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("attacksOnEachSetup")
    void anUnkeyedField_neverReachesTheOrigin_soItCannotPoisonTheNextVisitor(Setup setup,
            Attack a) {
        origin.handleAll(new VulnerableSite());
        edge(setup.builder());
        get(edge, a.path(), a.field(), a.value());
        HttpResponse<String> victim = get(edge, a.path());

        boolean reached = SecurityFixtures.allRequests(origin).stream()
                .anyMatch(r -> r.header(a.field()) != null
                        && r.header(a.field()).contains(a.value()));
        if (setup.defended()) {
            assertThat(reached).as("the origin saw " + a.field()).isFalse();
            assertThat(victim.statusCode()).isEqualTo(200);
            assertThat(a.poisoned(victim)).as(victim.body()).isFalse();
            // the attacker's request stored the clean page: the victim's is a hit on it
            assertThat(victim.headers().firstValue("Cache-Status")).hasValue("wscache-edge; hit");
        } else {
            assertThat(reached).isTrue();
            assertThat(a.poisoned(victim)).as(victim.statusCode() + " " + victim.body())
                    .isTrue();
            assertThat(victim.headers().firstValue("Cache-Status")).hasValue("wscache-edge; hit");
        }
    }

    /** The switch a site uses to let each field through: keyHeaders, or its own. */
    private static EdgeServer.Builder letThrough(String field) {
        switch (field) {
            case "Forwarded":
            case "X-Forwarded-Host":
            case "X-Forwarded-Scheme":
            case "X-Forwarded-Proto":
                // the client is the proxy in front, which passes on what its client sent
                return EdgeServer.builder().trustedProxies("127.0.0.1");
            case "X-HTTP-Method-Override":
            case "X-Method-Override":
            case "X-HTTP-Method":
                return EdgeServer.builder().keepMethodOverride(true);
            default:
                return EdgeServer.builder().keyHeaders(field);
        }
    }

    static Stream<Attack> allAttacks() {
        return attacks().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allAttacks")
    void aFieldTheSiteLetsThrough_reachesTheOrigin_andIsPartOfTheKey(Attack a) {
        origin.handleAll(new VulnerableSite());
        edge(letThrough(a.field()));
        HttpResponse<String> attacker = get(edge, a.path(), a.field(), a.value());
        assertThat(a.poisoned(attacker)).as("the origin used the field").isTrue();

        HttpResponse<String> victim = get(edge, a.path());
        assertThat(victim.statusCode()).isEqualTo(200);
        assertThat(a.poisoned(victim)).as(victim.body()).isFalse();
        assertThat(victim.headers().firstValue("Cache-Status").orElse(""))
                .doesNotContain("hit");
        // the attacker's variant is an entry of its own, shared only by the same value
        assertThat(get(edge, a.path(), a.field(), a.value()).headers()
                .firstValue("Cache-Status")).hasValue("wscache-edge; hit");
        assertThat(get(edge, a.path()).headers().firstValue("Cache-Status"))
                .hasValue("wscache-edge; hit");
        assertThat(origin.count(a.path())).isEqualTo(2);
    }

    @Test
    void aTrustedProxysForwardingFields_areKeyed_butItsClientAddressesAreNot() {
        origin.handleAll(new VulnerableSite());
        edge(EdgeServer.builder().trustedProxies("127.0.0.1"));
        get(edge, "/page", "X-Forwarded-For", "203.0.113.1", "X-Forwarded-Proto", "https",
                "Forwarded", "for=203.0.113.1;proto=https");
        HttpResponse<String> other = get(edge, "/page", "X-Forwarded-For", "203.0.113.2",
                "X-Forwarded-Proto", "https", "Forwarded", "for=203.0.113.2;proto=https");
        assertThat(other.headers().firstValue("Cache-Status")).hasValue("wscache-edge; hit");
        assertThat(other.body()).contains("https://");
        assertThat(origin.count("/page")).isEqualTo(1);
    }
}
