package io.github.wscache.google;

import io.github.wscache.google.internal.GoogleContent;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DirectoryCategory;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DirectoryCategoryArray;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGetCachedPage;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGetCachedPageResponse;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGoogleSearch;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoGoogleSearchResponse;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoSpellingSuggestion;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DoSpellingSuggestionResponse;
import io.github.wscache.google.stub.GoogleSearchServiceStub.GoogleSearchResult;
import io.github.wscache.google.stub.GoogleSearchServiceStub.LogQuery;
import io.github.wscache.google.stub.GoogleSearchServiceStub.ResultElement;
import io.github.wscache.google.stub.GoogleSearchServiceStub.ResultElementArray;
import org.apache.axiom.blob.Blobs;
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

    /** The response the server gives to {@link #searchRequest(String)}. */
    public static DoGoogleSearchResponse searchResponse(String q) {
        DoGoogleSearchResponse response = new DoGoogleSearchResponse();
        response.set_return(searchResult(q));
        return response;
    }

    /**
     * The result the server gives to {@link #searchRequest(String)}: ten result elements with
     * snippets of 150 to 200 characters and two directory categories.
     */
    public static GoogleSearchResult searchResult(String q) {
        GoogleContent.SearchResult content =
                GoogleContent.search(q, 0, GoogleContent.MAX_RESULTS, true);
        GoogleSearchResult result = new GoogleSearchResult();
        result.setDocumentFiltering(content.documentFiltering());
        result.setSearchComments(content.searchComments());
        result.setEstimatedTotalResultsCount(content.estimatedTotalResultsCount());
        result.setEstimateIsExact(content.estimateIsExact());
        ResultElementArray elements = new ResultElementArray();
        for (GoogleContent.Result r : content.resultElements()) {
            ResultElement element = new ResultElement();
            element.setSummary(r.summary());
            element.setURL(r.url());
            element.setSnippet(r.snippet());
            element.setTitle(r.title());
            element.setCachedSize(r.cachedSize());
            element.setRelatedInformationPresent(r.relatedInformationPresent());
            element.setHostName(r.hostName());
            element.setDirectoryCategory(category(r.directoryCategory()));
            element.setDirectoryTitle(r.directoryTitle());
            elements.addItem(element);
        }
        result.setResultElements(elements);
        result.setSearchQuery(content.searchQuery());
        result.setStartIndex(content.startIndex());
        result.setEndIndex(content.endIndex());
        result.setSearchTips(content.searchTips());
        DirectoryCategoryArray categories = new DirectoryCategoryArray();
        for (GoogleContent.Category c : content.directoryCategories()) {
            categories.addItem(category(c));
        }
        result.setDirectoryCategories(categories);
        result.setSearchTime(content.searchTime());
        return result;
    }

    /** A {@code logQuery} (one-way) request. */
    public static LogQuery logQueryRequest(String q) {
        LogQuery request = new LogQuery();
        request.setQ(q);
        return request;
    }

    private static DirectoryCategory category(GoogleContent.Category c) {
        DirectoryCategory category = new DirectoryCategory();
        category.setFullViewableName(c.fullViewableName());
        category.setSpecialEncoding(c.specialEncoding());
        return category;
    }
}
