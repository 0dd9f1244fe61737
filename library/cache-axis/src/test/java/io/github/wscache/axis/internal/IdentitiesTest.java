package io.github.wscache.axis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.Invocation;
import java.util.List;
import java.util.Set;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMFactory;
import org.apache.axis2.client.Options;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.junit.jupiter.api.Test;

/** Guessed credentials partition the key and are said in the log, once per name. */
class IdentitiesTest {
    private static final OMFactory OM = OMAbstractFactory.getOMFactory();

    private static OMElement header(String name) {
        OMElement h = OM.createOMElement(name, OM.createOMNamespace("urn:app", "app"));
        h.setText("v");
        return h;
    }

    @Test
    void credentialLikeNamesNoRuleNames_partitionAndAreNoted_namedOnesAreNot() {
        Options o = new Options();
        o.setProperty(HTTPConstants.HTTP_HEADERS,
                List.of(new NamedValue("X-Api-Key", "k1"), new NamedValue("Accept", "x")));
        Invocation.Builder b = Invocation.builder("op");

        Identities.addTo(b, o::getProperty, o, null,
                List.of(header("AuthTicket"), header("Tenancy"), header("Region")).iterator(),
                Set.of("Tenancy"));
        Invocation inv = b.build();

        assertThat(inv.hasCredentials()).isTrue();
        assertThat(inv.credentialKinds()).containsExactlyInAnyOrder("header:x-api-key",
                "soap-header:{urn:app}AuthTicket", "soap-header:{urn:app}Tenancy");
        assertThat(inv.vary()).contains("soap-header:{urn:app}Region");
        assertThat(Identities.guessedCredentials()).contains("HTTP header X-Api-Key",
                "SOAP header {urn:app}AuthTicket")
                .doesNotContain("SOAP header {urn:app}Tenancy");
    }
}
