package io.github.wscache.axis;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.google.GoogleFixtures;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMFactory;
import org.apache.axiom.om.OMNamespace;
import org.apache.axis2.Constants;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

/** REST/POX GET through Axis2: keys by URL, HTTP freshness, revalidation with ETag and 304. */
class RestTest extends GoogleFixture {
    private static final OMFactory OM = OMAbstractFactory.getOMFactory();
    private static final OMNamespace NS = OM.createOMNamespace(GoogleServer.NAMESPACE, "g");
    private static final String POLICY = "operations:\n"
            + "  - operation: doSpellingSuggestion\n"
            + "    ttl: 10s\n"
            + "    honorHttpHeaders: true\n";

    private final ManualClock clock = new ManualClock();
    private ResponseCache cache;
    private ServiceClient client;

    @BeforeEach
    void setUp() throws Exception {
        cache = google.install(POLICY, clock);
        client = new ServiceClient(google.context, null);
        Options options = client.getOptions();
        options.setTo(new EndpointReference(google.server.restEndpoint()
                + "/doSpellingSuggestion"));
        options.setProperty(Constants.Configuration.ENABLE_REST, Boolean.TRUE);
        options.setProperty(Constants.Configuration.HTTP_METHOD,
                Constants.Configuration.HTTP_METHOD_GET);
    }

    @AfterEach
    void tearDown() throws Exception {
        client.cleanup();
    }

    private String spell(String phrase) throws Exception {
        OMElement request = OM.createOMElement("doSpellingSuggestion", NS);
        OM.createOMElement("key", NS, request).setText(GoogleFixtures.KEY);
        OM.createOMElement("phrase", NS, request).setText(phrase);
        OMElement response = client.sendReceive(request);
        String text = child(response, "return").getText();
        client.cleanupTransport();
        return text;
    }

    private static OMElement child(OMElement parent, String name) {
        Iterator<OMElement> it = parent.getChildrenWithLocalName(name);
        return it.next();
    }

    private long gets() {
        return google.server.requestCount("GET", "doSpellingSuggestion");
    }

    @Test
    void restGet_isCachedByUrl() throws Exception {
        assertThat(spell("teh cache")).isEqualTo("the cache");
        assertThat(spell("teh cache")).isEqualTo("the cache");
        assertThat(spell("seperate")).isEqualTo("separate");

        assertThat(gets()).isEqualTo(2);
        assertThat(cache.stats("doSpellingSuggestion").hits()).isEqualTo(1);
    }

    @Test
    void staleEntry_isRevalidatedWithETag_and304KeepsTheBody() throws Exception {
        google.server.setRestCaching(Duration.ofSeconds(60));

        assertThat(spell("britney speers")).isEqualTo("britney spears");
        clock.advance(Duration.ofSeconds(30));
        assertThat(spell("britney speers")).isEqualTo("britney spears");
        assertThat(gets()).isEqualTo(1);

        clock.advance(Duration.ofSeconds(31));
        assertThat(spell("britney speers")).isEqualTo("britney spears");
        assertThat(gets()).isEqualTo(2);
        assertThat(cache.stats("doSpellingSuggestion").revalidations()).isEqualTo(1);

        assertThat(spell("britney speers")).isEqualTo("britney spears");
        assertThat(gets()).isEqualTo(2);
    }

    @Test
    void revalidation_goesThroughTheClientsOwnTransportSettings() throws Exception {
        google.server.setRestCaching(Duration.ofSeconds(60));
        List<NamedValue> headers = new ArrayList<>();
        headers.add(new NamedValue("X-Tenant", "acme"));
        client.getOptions().setProperty(HTTPConstants.HTTP_HEADERS, headers);
        client.getOptions().setProperty(HTTPConstants.USER_AGENT, "store-client/1.0");

        spell("britney speers");
        clock.advance(Duration.ofSeconds(61));
        assertThat(spell("britney speers")).isEqualTo("britney spears");

        assertThat(cache.stats("doSpellingSuggestion").revalidations()).isEqualTo(1);
        assertThat(google.server.lastConditionalRequestHeader("If-None-Match")).isNotNull();
        assertThat(google.server.lastConditionalRequestHeader("X-Tenant")).isEqualTo("acme");
        assertThat(google.server.lastConditionalRequestHeader("User-Agent"))
                .isEqualTo("store-client/1.0");
        assertThat(client.getOptions().getProperty(HTTPConstants.HTTP_HEADERS))
                .isSameAs(headers);
        assertThat(headers).extracting(NamedValue::getName).containsExactly("X-Tenant");
    }

    @Test
    void failedRevalidation_becomesAPlainCountedCallNotAnError() throws Exception {
        google.server.setRestCaching(Duration.ofSeconds(60));
        spell("recieve");
        clock.advance(Duration.ofSeconds(61));
        google.server.setConditionalStatus(302);

        assertThat(spell("recieve")).isEqualTo("receive");
        assertThat(spell("recieve")).isEqualTo("receive");

        assertThat(gets()).isEqualTo(3);
        assertThat(cache.stats("doSpellingSuggestion").errors()).isEqualTo(1);
        assertThat(cache.stats("doSpellingSuggestion").revalidations()).isZero();
        assertThat(cache.stats("doSpellingSuggestion").hits()).isEqualTo(1);
    }

    @Test
    void changedContent_replacesTheEntry() throws Exception {
        google.server.setRestCaching(Duration.ofSeconds(60));
        spell("definately");
        google.server.changeRestContent();
        clock.advance(Duration.ofSeconds(61));

        assertThat(spell("definately")).isEqualTo("definitely");
        assertThat(spell("definately")).isEqualTo("definitely");

        assertThat(gets()).isEqualTo(2);
        assertThat(cache.stats("doSpellingSuggestion").revalidations()).isZero();
        assertThat(cache.stats("doSpellingSuggestion").stores()).isEqualTo(2);
    }

    @Test
    void withoutHttpHeaders_theTtlApplies() throws Exception {
        spell("recieve");
        clock.advance(Duration.ofSeconds(9));
        spell("recieve");
        assertThat(gets()).isEqualTo(1);
        clock.advance(Duration.ofSeconds(2));
        spell("recieve");
        assertThat(gets()).isEqualTo(2);
    }
}
