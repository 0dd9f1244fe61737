package io.github.wscache.spring.ws;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlRootElement;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;

/**
 * JAXB types of the foreign-ws CatalogService's search messages as a Spring-WS or CXF user
 * writes them ({@code Jaxb2Marshaller}, CXF's JAXB data binding).
 */
public final class Catalog {
    public static final String NS = "http://tempuri.org/";

    private Catalog() {
    }

    /** A CXF client factory for {@link CatalogPort} at {@code address}, as an application makes. */
    static JaxWsProxyFactoryBean cxfClient(String address) {
        JaxWsProxyFactoryBean f = new JaxWsProxyFactoryBean();
        f.setServiceClass(CatalogPort.class);
        f.setAddress(address);
        return f;
    }

    @XmlRootElement(name = "KeywordSearch", namespace = NS)
    @XmlAccessorType(XmlAccessType.FIELD)
    public static class KeywordSearch {
        @XmlElement(name = "Keywords", namespace = NS)
        String keywords;
        @XmlElement(name = "Page", namespace = NS)
        int page;

        public KeywordSearch() {
        }

        KeywordSearch(String keywords, int page) {
            this.keywords = keywords;
            this.page = page;
        }
    }

    @XmlRootElement(name = "KeywordSearchResponse", namespace = NS)
    @XmlAccessorType(XmlAccessType.FIELD)
    public static class KeywordSearchResponse {
        @XmlElement(name = "KeywordSearchResult", namespace = NS)
        SearchResult result;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    public static class SearchResult {
        @XmlElement(name = "TotalResults", namespace = NS)
        int totalResults;
        @XmlElement(name = "TotalPages", namespace = NS)
        int totalPages;
        @XmlElement(name = "Items", namespace = NS)
        Items items;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    public static class Items {
        @XmlElement(name = "Item", namespace = NS)
        List<Item> item = new ArrayList<>();
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    public static class Item {
        @XmlElement(name = "Asin", namespace = NS)
        String asin;
        @XmlElement(name = "Title", namespace = NS)
        String title;
        @XmlElement(name = "Authors", namespace = NS)
        Strings authors;
        @XmlElement(name = "Price", namespace = NS)
        Price price;
        @XmlElement(name = "SalesRank", namespace = NS)
        int salesRank;
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    public static class Strings {
        @XmlElement(name = "string", namespace = NS)
        List<String> string = new ArrayList<>();
    }

    @XmlAccessorType(XmlAccessType.FIELD)
    public static class Price {
        @XmlElement(name = "Amount", namespace = NS)
        BigDecimal amount;
        @XmlElement(name = "CurrencyCode", namespace = NS)
        String currencyCode;
        @XmlElement(name = "FormattedPrice", namespace = NS)
        String formattedPrice;
    }

    @XmlRootElement(name = "AsinSearch", namespace = NS)
    @XmlAccessorType(XmlAccessType.FIELD)
    public static class AsinSearch {
        @XmlElement(name = "Asin", namespace = NS)
        String asin;

        public AsinSearch() {
        }

        AsinSearch(String asin) {
            this.asin = asin;
        }
    }

    @XmlRootElement(name = "AsinSearchResponse", namespace = NS)
    @XmlAccessorType(XmlAccessType.FIELD)
    public static class AsinSearchResponse {
        @XmlElement(name = "AsinSearchResult", namespace = NS)
        Item result;
    }
}
