package io.github.wscache.google;

import io.github.wscache.google.internal.GoogleContent;
import io.github.wscache.google.service.GoogleSearchServiceImpl;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGetCachedPage;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGetCachedPageResponse;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGoogleSearch;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGoogleSearchResponse;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoSpellingSuggestion;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoSpellingSuggestionResponse;
import io.github.wscache.google.stub.GoogleSearchServiceStub.GoogleSearchResult;
import io.github.wscache.google.stub.GoogleSearchServiceStub.LogQuery;
import org.apache.axiom.blob.Blobs;
import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.util.activation.DataHandlerUtils;

/**
 * Request and response beans of the packed stub
 * ({@link io.github.wscache.google.stub.GoogleSearchServiceStub}) with the same content the
 * server answers, for benchmarks and unit tests that need realistic objects without a server.
 *
 * <pre>{@code
 * GoogleSearchResult result = GoogleFixtures.searchResult("web services");
 * DoGoogleSearch request = GoogleFixtures.searchRequest("web services");
 * }</pre>
 *
 * <p>Every call builds new, independent objects. Thread-safe.
 */
public final class GoogleFixtures {

    /** The license key sent by the fixtures; the server accepts any key. */
    public static final String KEY = "wscache-demo-key";

    private static final GoogleSearchServiceImpl SERVICE = new GoogleSearchServiceImpl();

    private GoogleFixtures() {
    }

    /** A {@code doSpellingSuggestion} request for the phrase. */
    public static DoSpellingSuggestion spellingRequest(String phrase) {
        DoSpellingSuggestion request = new DoSpellingSuggestion();
        request.setKey(KEY);
        request.setPhrase(phrase);
        return request;
    }

    /** The response the server gives to {@link #spellingRequest(String)}. */
    public static DoSpellingSuggestionResponse spellingResponse(String phrase) {
        DoSpellingSuggestionResponse response = new DoSpellingSuggestionResponse();
        response.set_return(GoogleContent.suggest(phrase));
        return response;
    }

    /** A {@code doGetCachedPage} request for the url. */
    public static DoGetCachedPage cachedPageRequest(String url) {
        DoGetCachedPage request = new DoGetCachedPage();
        request.setKey(KEY);
        request.setUrl(url);
        return request;
    }

    /** The response the server gives to {@link #cachedPageRequest(String)}: 5 KB of HTML. */
    public static DoGetCachedPageResponse cachedPageResponse(String url) {
        DoGetCachedPageResponse response = new DoGetCachedPageResponse();
        response.set_return(DataHandlerUtils.toDataHandler(
                Blobs.createBlob(GoogleContent.cachedPage(url))));
        return response;
    }

    /** A {@code doGoogleSearch} request for the first ten results of the query. */
    public static DoGoogleSearch searchRequest(String q) {
        DoGoogleSearch request = new DoGoogleSearch();
        request.setKey(KEY);
        request.setQ(q);
        request.setStart(0);
        request.setMaxResults(GoogleContent.MAX_RESULTS);
        request.setFilter(true);
        request.setRestrict("");
        request.setSafeSearch(false);
        request.setLr("");
        request.setIe("latin1");
        request.setOe("latin1");
        return request;
    }

    /**
     * The response the server gives to {@link #searchRequest(String)}: the service's own answer,
     * passed through XML into the stub's beans as a call would.
     */
    public static DoGoogleSearchResponse searchResponse(String q) {
        io.github.wscache.google.server.DoGoogleSearch request =
                new io.github.wscache.google.server.DoGoogleSearch();
        request.setKey(KEY);
        request.setQ(q);
        request.setStart(0);
        request.setMaxResults(GoogleContent.MAX_RESULTS);
        request.setFilter(true);
        try {
            io.github.wscache.google.server.DoGoogleSearchResponse answer =
                    SERVICE.doGoogleSearch(request);
            OMElement xml = answer.getOMElement(
                    io.github.wscache.google.server.DoGoogleSearchResponse.MY_QNAME,
                    OMAbstractFactory.getOMFactory());
            return DoGoogleSearchResponse.Factory.parse(xml.getXMLStreamReader());
        } catch (Exception e) {
            throw new IllegalStateException("cannot build the search result for " + q, e);
        }
    }

    /**
     * The result the server gives to {@link #searchRequest(String)}: ten result elements with
     * snippets of 150 to 200 characters and two directory categories.
     */
    public static GoogleSearchResult searchResult(String q) {
        return searchResponse(q).get_return();
    }

    /** A {@code logQuery} (one-way) request. */
    public static LogQuery logQueryRequest(String q) {
        LogQuery request = new LogQuery();
        request.setQ(q);
        return request;
    }
}
