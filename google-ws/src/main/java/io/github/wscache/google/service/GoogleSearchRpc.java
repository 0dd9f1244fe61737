package io.github.wscache.google.service;

import io.github.wscache.google.server.DoGetCachedPage;
import io.github.wscache.google.server.DoGoogleSearch;
import io.github.wscache.google.server.DoSpellingSuggestion;
import io.github.wscache.google.server.GoogleSearchFault;
import io.github.wscache.google.server.GoogleSearchResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * The same operations as plain Java methods, deployed by
 * {@link io.github.wscache.google.GoogleServer} as the POJO service {@code GoogleSearchRpc} so
 * that {@code RPCServiceClient} has a service it can address (it cannot name the qualified parts
 * of the document/literal {@code GoogleSearchService}). Delegates to a
 * {@link GoogleSearchServiceImpl}, so delay and content are shared.
 *
 * <p>Thread-safe.
 */
public final class GoogleSearchRpc {

    private final GoogleSearchServiceImpl impl;

    /** Creates the RPC face of {@code impl}. */
    public GoogleSearchRpc(GoogleSearchServiceImpl impl) {
        this.impl = Objects.requireNonNull(impl, "impl");
    }

    /** See {@link GoogleSearchServiceImpl#doSpellingSuggestion}. */
    public String doSpellingSuggestion(String key, String phrase) {
        DoSpellingSuggestion request = new DoSpellingSuggestion();
        request.setKey(key);
        request.setPhrase(phrase);
        return impl.doSpellingSuggestion(request).get_return();
    }

    /** See {@link GoogleSearchServiceImpl#doGetCachedPage}. */
    public byte[] doGetCachedPage(String key, String url) {
        DoGetCachedPage request = new DoGetCachedPage();
        request.setKey(key);
        request.setUrl(url);
        try (InputStream in = impl.doGetCachedPage(request).get_return().getInputStream();
                ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            in.transferTo(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** See {@link GoogleSearchServiceImpl#doGoogleSearch}. */
    public GoogleSearchResult doGoogleSearch(String key, String q, int start, int maxResults,
            boolean filter, String restrict, boolean safeSearch, String lr, String ie, String oe)
            throws GoogleSearchFault {
        DoGoogleSearch request = new DoGoogleSearch();
        request.setKey(key);
        request.setQ(q);
        request.setStart(start);
        request.setMaxResults(maxResults);
        request.setFilter(filter);
        request.setRestrict(restrict);
        request.setSafeSearch(safeSearch);
        request.setLr(lr);
        request.setIe(ie);
        request.setOe(oe);
        return impl.doGoogleSearch(request).get_return();
    }
}
