package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.edge.SecurityFixtures.Setup;
import io.github.wscache.edge.SecurityFixtures.VulnerableSite;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Web cache deception (Gil, 2017; Mirheidari et al., USENIX Security 2020): the attacker has a
 * signed-in victim open a URL that looks static ({@code /account;x.css}) but that the origin's
 * lenient router answers with the victim's account page; a cache that stores it by its
 * extension, or by heuristic freshness, hands the page to the attacker next. The edge decides
 * storage only from the origin's own fields and never shares a heuristically fresh answer to a
 * request with a cookie or credential. Each path form against the {@link VulnerableSite}, whose
 * account page has a {@code Last-Modified} and no {@code Cache-Control}, as so many have.
 */
class CacheDeceptionTest extends EdgeTestBase {
    static final List<String> FORMS = List.of("/account/settings/x.css",
            "/account;x.css", "/account%2Fx.css", "/account%3Bx.css", "/account%23x.css",
            "/account/x.css.", "/account.");

    static Stream<Arguments> formsOnEachSetup() {
        List<Arguments> out = new ArrayList<>();
        for (Setup s : Setup.values()) {
            for (String f : FORMS) {
                out.add(Arguments.of(s, f));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("formsOnEachSetup")
    void aSignedInUsersPage_underAStaticLookingPath_neverReachesTheAttacker(Setup setup,
            String path) {
        origin.handleAll(new VulnerableSite());
        edge(setup.builder());
        HttpResponse<String> own = get(edge, path, "Cookie", "sid=victim");
        HttpResponse<String> attacker = get(edge, path);
        if (setup.defended()) {
            if (path.contains("%2F")) {
                // Tomcat, set to reject an encoded slash, refuses the path itself
                assertThat(own.statusCode()).isEqualTo(400);
                assertThat(origin.total()).isZero();
            } else {
                assertThat(own.body()).contains("account of victim");
                assertThat(own.headers().firstValue("Cache-Status").orElse(""))
                        .doesNotContain("stored");
            }
            assertThat(attacker.body()).doesNotContain("victim");
        } else {
            assertThat(own.body()).contains("account of victim");
            assertThat(attacker.body()).contains("account of victim, token=secret-victim");
            assertThat(attacker.headers().firstValue("Cache-Status"))
                    .hasValue("wscache-edge; hit");
        }
    }

    @ParameterizedTest
    @EnumSource(Setup.class)
    void aCredentialHeader_makesAnAnswerPersonal_likeACookie(Setup setup) {
        origin.handleAll(new VulnerableSite());
        edge(setup.builder());
        get(edge, "/account/avatar.png", "X-Api-Key", "victim");
        HttpResponse<String> attacker = get(edge, "/account/avatar.png");
        assertThat(attacker.body().contains("victim")).isEqualTo(!setup.defended());
    }

    @ParameterizedTest
    @ValueSource(strings = {"/static/app.css", "/static/app.js", "/static/logo.png",
            "/static/font.woff2", "/static/page.html"})
    void anExtension_neverMakesAnAnswerStorable_onlyTheOriginsFieldsDo(String path) {
        origin.route(path, "asset").header("Cache-Control", "no-store");
        origin.route("/report", "report").header("Cache-Control", "max-age=60");
        edge();
        get(edge, path);
        assertThat(get(edge, path).headers().firstValue("Cache-Status").orElse(""))
                .doesNotContain("hit");
        assertThat(origin.count(path)).isEqualTo(2);
        get(edge, "/report");
        assertThat(get(edge, "/report").headers().firstValue("Cache-Status"))
                .as("no extension, but a lifetime").hasValue("wscache-edge; hit");
    }
}
