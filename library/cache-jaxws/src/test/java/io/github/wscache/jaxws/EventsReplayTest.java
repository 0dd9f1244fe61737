package io.github.wscache.jaxws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.foreign.ForeignService;
import io.github.wscache.jaxws.test.catalog.CatalogServiceSoap;
import io.github.wscache.jaxws.test.catalog.Item;
import io.github.wscache.jaxws.test.catalog.SearchResult;
import jakarta.xml.soap.SOAPMessage;
import java.util.ArrayList;
import java.util.List;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code value: events}: a hit is the response's recorded payload replayed into JAXB, equal to
 * what a fresh unmarshal of the service's response gives, on both SOAP versions; on CXF the
 * replay goes straight into CXF's data binding (no SAAJ message, no XML parsed), elsewhere (Metro,
 * or a client with handlers of its own) through a SAAJ message made from the recording.
 */
@Timeout(60)
class EventsReplayTest extends CatalogServerTest {
    private static final String POLICY = "operations:\n"
            + "  - service: CatalogService\n    operation: KeywordSearch\n    ttl: 60s\n"
            + "    value: events\n"
            + "  - service: CatalogService\n    operation: AsinSearch\n    ttl: 60s\n"
            + "    value: events\n";
    /** Queries whose answers differ in shape: many items, one, none, a later page, unicode. */
    private static final List<String> CORPUS = List.of("design", "clean code", "no such book",
            "java", "patterns", "évolution");

    EventsReplayTest() {
        super(POLICY);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void everyHitOfTheCorpus_equalsAFreshUnmarshal(boolean soap12) {
        CatalogServiceSoap plain = port(soap12);
        CatalogServiceSoap cached = WsCacheJaxWs.install(port(soap12), cache);
        for (int page = 1; page <= 2; page++) {
            for (String q : CORPUS) {
                SearchResult fresh = plain.keywordSearch(q, page);
                SearchResult miss = cached.keywordSearch(q, page);
                SearchResult hit = cached.keywordSearch(q, page);

                assertThat(miss).as(q).usingRecursiveComparison().isEqualTo(fresh);
                assertThat(hit).as(q).usingRecursiveComparison().isEqualTo(fresh);
            }
        }
        long calls = server.count(ForeignService.CATALOG, "KeywordSearch");
        assertThat(calls).as("plain calls and one miss a query").isEqualTo(4L * CORPUS.size());
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(2L * CORPUS.size());
        assertThat(cache.stats().errors()).isZero();
    }

    @Test
    void whatACallerChangesInAReplayedAnswer_isNotWhatTheNextCallerGets() {
        CatalogServiceSoap cached = WsCacheJaxWs.install(port(false), cache);
        SearchResult first = cached.keywordSearch("design", 1);
        SearchResult second = cached.keywordSearch("design", 1);
        Item item = second.getItems().getItem().get(0);
        String title = item.getTitle();

        item.setTitle("changed by a caller");
        second.getItems().getItem().clear();
        SearchResult third = cached.keywordSearch("design", 1);

        assertThat(third.getItems().getItem()).hasSameSizeAs(first.getItems().getItem());
        assertThat(third.getItems().getItem().get(0).getTitle()).isEqualTo(title);
        assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(1);
    }

    /** Notes, on the way in, whether the response reached CXF's data binding as SAAJ. */
    private static final class Saaj extends AbstractPhaseInterceptor<Message> {
        final List<Boolean> seen = new ArrayList<>();

        Saaj() {
            super(Phase.POST_LOGICAL);
        }

        @Override
        public void handleMessage(Message message) {
            seen.add(message.getContent(SOAPMessage.class) != null);
        }
    }

    @Test
    @Tag("cxf")
    void onCxf_aHitIsReplayedIntoJaxb_withoutASaajMessage() {
        CatalogServiceSoap cached = WsCacheJaxWs.install(port(false), cache);
        Saaj saaj = new Saaj();
        ClientProxy.getClient(cached).getInInterceptors().add(saaj);

        SearchResult miss = cached.keywordSearch("design", 1);
        SearchResult hit = cached.keywordSearch("design", 1);

        assertThat(hit).usingRecursiveComparison().isEqualTo(miss);
        // CXF's own interceptors cache: neither the miss nor the hit made a SAAJ message
        assertThat(saaj.seen).containsExactly(false, false);
    }

    @Test
    void withAHandlerOfTheApplications_aHitStillReachesItOnTheWayIn() {
        CatalogServiceSoap port = port(false);
        AppHandler own = AppHandler.appendTo(port);
        CatalogServiceSoap cached = WsCacheJaxWs.install(port, cache);

        SearchResult miss = cached.keywordSearch("design", 1);
        SearchResult hit = cached.keywordSearch("design", 1);

        assertThat(hit).usingRecursiveComparison().isEqualTo(miss);
        assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(1);
        // out and in for the miss, out and in for the hit: the JAX-WS handler model holds
        assertThat(own.outbound).containsExactly(true, false, true, false);
    }
}
