package io.github.wscache.google.service;

import io.github.wscache.google.internal.GoogleContent;
import io.github.wscache.google.server.DirectoryCategory;
import io.github.wscache.google.server.DirectoryCategoryArray;
import io.github.wscache.google.server.DoGetCachedPage;
import io.github.wscache.google.server.DoGetCachedPageResponse;
import io.github.wscache.google.server.DoGoogleSearch;
import io.github.wscache.google.server.DoGoogleSearchResponse;
import io.github.wscache.google.server.DoSpellingSuggestion;
import io.github.wscache.google.server.DoSpellingSuggestionResponse;
import io.github.wscache.google.server.GoogleSearchFault;
import io.github.wscache.google.server.GoogleSearchFaultDetail;
import io.github.wscache.google.server.GoogleSearchResult;
import io.github.wscache.google.server.GoogleSearchServiceSkeletonInterface;
import io.github.wscache.google.server.LogQuery;
import io.github.wscache.google.server.ResultElement;
import io.github.wscache.google.server.ResultElementArray;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.axiom.blob.Blobs;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axiom.util.activation.DataHandlerUtils;

/**
 * The dummy Google Web APIs: cheap, deterministic answers of realistic, fixed size (see
 * {@link GoogleContent}), optionally after a delay that models a remote partner.
 *
 * <ul>
 *   <li>{@code doSpellingSuggestion} answers the phrase with known misspellings corrected, and
 *       the phrase {@value #WHOAMI} with who the caller is;</li>
 *   <li>{@code doGetCachedPage} answers 5 KB of HTML derived from the url;</li>
 *   <li>{@code doGoogleSearch} answers ten results and two directory categories derived from the
 *       query, or throws {@link GoogleSearchFault} for the query {@value #FAULT_QUERY};</li>
 *   <li>{@code logQuery} (one-way) records the query, see {@link #loggedQueries()}.</li>
 * </ul>
 *
 * <p>Thread-safe.
 */
public final class GoogleSearchServiceImpl implements GoogleSearchServiceSkeletonInterface {

    /**
     * The phrase for which {@code doSpellingSuggestion} answers who the caller is: the
     * credentials and SOAP headers the request reached the server with.
     */
    public static final String WHOAMI = "whoami";

    /** The query for which {@code doGoogleSearch} throws its declared fault. */
    public static final String FAULT_QUERY = "fault";

    private volatile Duration delay = Duration.ZERO;
    private final List<String> loggedQueries = new CopyOnWriteArrayList<>();

    /** Sets the time every request-response operation waits before answering; zero for none. */
    public void setDelay(Duration delay) {
        Objects.requireNonNull(delay, "delay");
        if (delay.isNegative()) {
            throw new IllegalArgumentException("delay must not be negative: " + delay);
        }
        this.delay = delay;
    }

    /** Returns the current delay. */
    public Duration delay() {
        return delay;
    }

    /** Returns the queries received by {@code logQuery}, oldest first. */
    public List<String> loggedQueries() {
        return List.copyOf(loggedQueries);
    }

    @Override
    public DoSpellingSuggestionResponse doSpellingSuggestion(DoSpellingSuggestion request) {
        pause();
        DoSpellingSuggestionResponse response = new DoSpellingSuggestionResponse();
        response.set_return(WHOAMI.equals(request.getPhrase()) ? whoami()
                : GoogleContent.suggest(request.getPhrase()));
        return response;
    }

    /**
     * Describes the caller as the server sees it: the {@code Authorization}, {@code Cookie} and
     * {@code X-Api-Key} headers and the text of every SOAP header element, so that a test can
     * tell whether a response was made for the caller who got it.
     */
    private static String whoami() {
        MessageContext mc = MessageContext.getCurrentMessageContext();
        StringBuilder sb = new StringBuilder("whoami");
        Object r = mc == null ? null : mc.getProperty(HTTPConstants.MC_HTTP_SERVLETREQUEST);
        if (r instanceof HttpServletRequest) {
            HttpServletRequest http = (HttpServletRequest) r;
            for (String h : new String[] {"Authorization", "Cookie", "X-Api-Key"}) {
                sb.append(';').append(h).append('=').append(http.getHeader(h));
            }
        }
        SOAPEnvelope env = mc == null ? null : mc.getEnvelope();
        if (env != null && env.getHeader() != null) {
            for (Iterator<OMElement> it = env.getHeader().getChildElements(); it.hasNext();) {
                OMElement h = it.next();
                sb.append(";soap:").append(h.getLocalName()).append('=')
                        .append(h.toString().replaceAll("<[^>]*>", " ").trim());
            }
        }
        return sb.toString();
    }

    @Override
    public DoGetCachedPageResponse doGetCachedPage(DoGetCachedPage request) {
        pause();
        byte[] page = GoogleContent.cachedPage(request.getUrl());
        DoGetCachedPageResponse response = new DoGetCachedPageResponse();
        response.set_return(DataHandlerUtils.toDataHandler(Blobs.createBlob(page)));
        return response;
    }

    @Override
    public DoGoogleSearchResponse doGoogleSearch(DoGoogleSearch request)
            throws GoogleSearchFault {
        pause();
        if (FAULT_QUERY.equals(request.getQ())) {
            GoogleSearchFaultDetail detail = new GoogleSearchFaultDetail();
            detail.setQuery(request.getQ());
            detail.setReason("the query '" + FAULT_QUERY + "' always fails");
            GoogleSearchFault fault = new GoogleSearchFault("search failed: " + request.getQ());
            fault.setFaultMessage(detail);
            throw fault;
        }
        GoogleContent.SearchResult content = GoogleContent.search(request.getQ(),
                request.getStart(), request.getMaxResults(), request.getFilter());
        DoGoogleSearchResponse response = new DoGoogleSearchResponse();
        response.set_return(toBean(content));
        return response;
    }

    @Override
    public void logQuery(LogQuery request) {
        loggedQueries.add(request.getQ());
    }

    private void pause() {
        Duration current = delay;
        if (!current.isZero()) {
            try {
                Thread.sleep(current.toMillis(), current.toNanosPart() % 1_000_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static GoogleSearchResult toBean(GoogleContent.SearchResult content) {
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
            element.setDirectoryCategory(toBean(r.directoryCategory()));
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
            categories.addItem(toBean(c));
        }
        result.setDirectoryCategories(categories);
        result.setSearchTime(content.searchTime());
        return result;
    }

    private static DirectoryCategory toBean(GoogleContent.Category category) {
        DirectoryCategory bean = new DirectoryCategory();
        bean.setFullViewableName(category.fullViewableName());
        bean.setSpecialEncoding(category.specialEncoding());
        return bean;
    }
}
