package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static io.github.wscache.edge.EdgeTestSupport.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.edge.SecurityFixtures.Setup;
import io.github.wscache.edge.SecurityFixtures.VulnerableSite;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Cache-poisoned denial of service (Nguyen, Lo Iacono, Federrath, "Your Cache Has Fallen",
 * CCS 2019): one request the origin answers with an error (too large, malformed, another method)
 * turns a URL into that error for everyone while it is stored. Each error status the attack
 * can cause, against the {@link VulnerableSite} (its own smaller limits, a blanket
 * {@code max-age=60} on errors, a 404 fresh by heuristics): on the edge as it ships the next
 * visitor gets the page; on the same edge with its defences off, the error from the cache.
 */
class CachePoisonedDosTest extends EdgeTestBase {
    /**
     * One attack on {@code /home}: the error it causes, and the request that causes it. 413
     * and 431 are not among the statuses cache-core's engine understands (RFC 9111 §3, its
     * {@code Freshness.UNDERSTOOD}), which it therefore never stores: against this engine the
     * naive edge is safe from those two as well.
     */
    enum Attack {
        /** An unknown field the origin refuses (HMC/HHO: any field the key ignores). */
        BAD_REQUEST_400(400, "X-Debug", "1"),
        /** A rewrite field naming a page that does not exist; the 404 is fresh by heuristic. */
        NOT_FOUND_404(404, "X-Original-URL", "/nowhere"),
        /** Method override (HMO). */
        NOT_ALLOWED_405(405, "X-HTTP-Method-Override", "DELETE"),
        /** A body on a GET, over the origin's limit. */
        TOO_LARGE_413(413, null, null),
        /** A rewrite field longer than the origin takes. */
        URI_TOO_LONG_414(414, "X-Original-URL", "/" + "a".repeat(3000)),
        /** A field beyond the origin's limit and the edge's (HHO). */
        FIELDS_TOO_LARGE_431(431, "X-Oversized", "x".repeat(9000)),
        /** Method override with a method the origin does not know. */
        NOT_IMPLEMENTED_501(501, "X-HTTP-Method-Override", "BREW");

        final int status;
        final String field;
        final String value;

        Attack(int status, String field, String value) {
            this.status = status;
            this.field = field;
            this.value = value;
        }

        /** Whether the engine stores this status when the origin gives it a lifetime. */
        boolean storableStatus() {
            return status != 413 && status != 431;
        }

        HttpResponse<String> send(EdgeServer edge) {
            if (field == null) {
                return EdgeTestSupport.send(edge, "GET", "/home", "b".repeat(2000));
            }
            return get(edge, "/home", field, value);
        }
    }

    static Stream<Arguments> attacksOnEachSetup() {
        List<Arguments> out = new ArrayList<>();
        for (Setup s : Setup.values()) {
            for (Attack a : Attack.values()) {
                out.add(Arguments.of(s, a));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("attacksOnEachSetup")
    void anErrorOneRequestCauses_isNeverServedToTheNextVisitor(Setup setup, Attack a) {
        origin.handleAll(new VulnerableSite());
        edge(setup.builder());
        HttpResponse<String> attack = a.send(edge);
        HttpResponse<String> victim = get(edge, "/home");
        if (setup.defended()) {
            if (attack.statusCode() >= 400) {
                assertThat(attack.headers().firstValue("Cache-Status").orElse(""))
                        .doesNotContain("stored");
            }
            assertThat(victim.statusCode()).isEqualTo(200);
            assertThat(victim.body()).isEqualTo("home");
        } else if (a.storableStatus()) {
            assertThat(attack.statusCode()).isEqualTo(a.status);
            assertThat(victim.statusCode()).isEqualTo(a.status);
            assertThat(victim.headers().firstValue("Cache-Status")).hasValue("wscache-edge; hit");
        } else {
            assertThat(attack.statusCode()).isEqualTo(a.status);
            assertThat(attack.headers().firstValue("Cache-Status").orElse(""))
                    .doesNotContain("stored");
            assertThat(victim.statusCode()).isEqualTo(200);
        }
    }

    @Test
    void anOversizedHeaderSection_isAnswered431ByTheEdge_andReachesAndStoresNothing() {
        origin.handleAll(new VulnerableSite());
        edge();
        HttpResponse<String> r = get(edge, "/home", "X-Oversized", "x".repeat(9000));
        assertThat(r.statusCode()).isEqualTo(431);
        assertThat(r.headers().firstValue("Cache-Status"))
                .hasValue("wscache-edge; detail=header-fields-too-large");
        assertThat(r.body()).startsWith("wscache-edge: the request header fields have ")
                .contains("this edge takes at most 8192");
        assertThat(origin.total()).isZero();
        assertThat(edge.stats().storedVariants()).isZero();
    }

    @Test
    void anOversizedUri_isAnswered414ByTheEdge_andReachesAndStoresNothing() {
        origin.handleAll(new VulnerableSite());
        edge();
        HttpResponse<String> r = get(edge, "/home?q=" + "a".repeat(9000));
        assertThat(r.statusCode()).isEqualTo(414);
        assertThat(r.headers().firstValue("Cache-Status"))
                .hasValue("wscache-edge; detail=uri-too-long");
        assertThat(origin.total()).isZero();
        assertThat(edge.stats().storedVariants()).isZero();
        assertThat(get(edge, "/home?q=" + "a".repeat(8000)).statusCode())
                .as("just under the limit").isEqualTo(200);
    }

    @Test
    void theEdgesLimits_canBeRaised_andAnErrorBeyondTheOriginsIsStillNotStored() {
        origin.handleAll(new VulnerableSite());
        edge(EdgeServer.builder().maxHeaderBytes(16384).maxUriLength(16384));
        HttpResponse<String> r = get(edge, "/home", "X-Oversized", "x".repeat(9000));
        assertThat(r.statusCode()).as("the origin's own limit").isEqualTo(431);
        assertThat(origin.count("/home")).isEqualTo(1);
        assertThat(get(edge, "/home").body()).isEqualTo("home");
        assertThat(get(edge, "/home?q=" + "a".repeat(9000)).statusCode()).isEqualTo(200);
    }

    @ParameterizedTest
    @EnumSource(Setup.class)
    void aBodyOnAGet_neverReachesTheOrigin(Setup setup) {
        origin.handleAll(new VulnerableSite());
        edge(setup.builder());
        send(edge, "GET", "/home", "b".repeat(10));
        byte[] seen = origin.requests("/home").get(0).body();
        if (setup.defended()) {
            assertThat(seen).isEmpty();
        } else {
            assertThat(seen).hasSize(10);
        }
    }

    @Test
    void anErrorToAPlainRequest_isStillStored_asTheOriginSays() {
        origin.handleAll(new VulnerableSite());
        edge();
        assertThat(get(edge, "/missing").statusCode()).isEqualTo(404);
        HttpResponse<String> again = get(edge, "/missing");
        assertThat(again.statusCode()).isEqualTo(404);
        assertThat(again.headers().firstValue("Cache-Status")).hasValue("wscache-edge; hit");
    }

    @Test
    void theBuilder_rejectsLimitsOutOfRange_namingTheOptionAndTheValue() {
        assertThatThrownBy(() -> EdgeServer.builder().maxUriLength(100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max URI length must be in 1024..65536: 100");
        assertThatThrownBy(() -> EdgeServer.builder().maxHeaderBytes(70_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max header bytes must be in 1024..65536: 70000");
    }
}
