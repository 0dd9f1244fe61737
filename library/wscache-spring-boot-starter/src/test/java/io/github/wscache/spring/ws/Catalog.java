package io.github.wscache.spring.ws;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlRootElement;
import java.util.ArrayList;
import java.util.List;

/**
 * JAXB types of the foreign-ws CatalogService's messages as a Spring-WS user writes them for
 * {@code Jaxb2Marshaller} (only the parts the tests read; JAXB skips the rest).
 */
final class Catalog {
    static final String NS = "http://tempuri.org/";

    private Catalog() {
    }

    @XmlRootElement(name = "KeywordSearch", namespace = NS)
    @XmlAccessorType(XmlAccessType.FIELD)
    static class KeywordSearch {
        @XmlElement(name = "Keywords", namespace = NS)
        String keywords;
        @XmlElement(name = "Page", namespace = NS)
        int page;

        KeywordSearch() {
        }

        KeywordSearch(String keywords, int page) {
            this.keywords = keywords;
            this.page = page;
        }
    }

    @XmlRootElement(name = "KeywordSearchResponse", namespace = NS)
    @XmlAccessorType(XmlAccessType.FIELD)
    static class KeywordSearchResponse {
        @XmlElement(name = "KeywordSearchResult", namespace = NS)
        SearchResult result;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    static class SearchResult {
        @XmlElement(name = "TotalResults", namespace = NS)
        int totalResults;
        @XmlElement(name = "TotalPages", namespace = NS)
        int totalPages;
        @XmlElement(name = "Items", namespace = NS)
        Items items;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    static class Items {
        @XmlElement(name = "Item", namespace = NS)
        List<Item> item = new ArrayList<>();
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    static class Item {
        @XmlElement(name = "Asin", namespace = NS)
        String asin;
        @XmlElement(name = "Title", namespace = NS)
        String title;
        @XmlElement(name = "SalesRank", namespace = NS)
        int salesRank;
    }

    @XmlRootElement(name = "AsinSearch", namespace = NS)
    @XmlAccessorType(XmlAccessType.FIELD)
    static class AsinSearch {
        @XmlElement(name = "Asin", namespace = NS)
        String asin;

        AsinSearch() {
        }

        AsinSearch(String asin) {
            this.asin = asin;
        }
    }

    @XmlRootElement(name = "AsinSearchResponse", namespace = NS)
    @XmlAccessorType(XmlAccessType.FIELD)
    static class AsinSearchResponse {
        @XmlElement(name = "AsinSearchResult", namespace = NS)
        Item result;
    }
}
