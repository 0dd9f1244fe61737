package io.github.wscache.foreign.service;

import io.github.wscache.foreign.catalog.server.ArrayOfItem;
import io.github.wscache.foreign.catalog.server.ArrayOfString;
import io.github.wscache.foreign.catalog.server.AsinSearch;
import io.github.wscache.foreign.catalog.server.AsinSearchResponse;
import io.github.wscache.foreign.catalog.server.CatalogServiceSkeletonInterface;
import io.github.wscache.foreign.catalog.server.GetItem;
import io.github.wscache.foreign.catalog.server.GetItemResponse;
import io.github.wscache.foreign.catalog.server.Item;
import io.github.wscache.foreign.catalog.server.KeywordSearch;
import io.github.wscache.foreign.catalog.server.KeywordSearchResponse;
import io.github.wscache.foreign.catalog.server.Price;
import io.github.wscache.foreign.catalog.server.SearchResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ASMX-style {@code CatalogService}: a fixed catalog of {@value #SIZE} books.
 *
 * <ul>
 *   <li>{@code KeywordSearch(Keywords, Page)} answers the books whose title or an author contains
 *       every keyword (case-insensitive; blank keywords match all), {@value #PAGE_SIZE} per page,
 *       pages counted from 1, with the total number of results and pages;</li>
 *   <li>{@code AsinSearch(Asin)} answers one book, or a SOAP fault for an unknown ASIN (as an ASMX
 *       service throwing {@code SoapException} would);</li>
 *   <li>{@code GetItem(ItemIds)} answers the known books among the ASINs, in the order asked.</li>
 * </ul>
 *
 * <p>{@link #setPrice(String, BigDecimal)} changes a book's price, so tests can tell a stale
 * cached answer from a fresh one. Thread-safe.
 */
public final class CatalogServiceImpl implements CatalogServiceSkeletonInterface {

    /** Number of books in the catalog. */
    public static final int SIZE = 12;

    /** Books per {@code KeywordSearch} page. */
    public static final int PAGE_SIZE = 5;

    private static final List<Book> BOOKS = List.of(
            new Book("0596007124", "Head First Design Patterns", "9.99", 1_204,
                    "Eric Freeman", "Elisabeth Robson", "Kathy Sierra", "Bert Bates"),
            new Book("0201633612", "Design Patterns", "54.99", 2_310,
                    "Erich Gamma", "Richard Helm", "Ralph Johnson", "John Vlissides"),
            new Book("0321125215", "Domain-Driven Design", "61.49", 3_021, "Eric Evans"),
            new Book("0132350882", "Clean Code", "37.49", 845, "Robert C. Martin"),
            new Book("0134685997", "Effective Java", "44.99", 512, "Joshua Bloch"),
            new Book("0321349601", "Java Concurrency in Practice", "47.99", 1_733,
                    "Brian Goetz", "Tim Peierls", "Joshua Bloch", "Joseph Bowbeer",
                    "David Holmes", "Doug Lea"),
            new Book("0201485672", "Refactoring", "49.99", 2_877, "Martin Fowler"),
            new Book("0321127420", "Patterns of Enterprise Application Architecture", "59.99",
                    4_102, "Martin Fowler"),
            new Book("0735619670", "Code Complete", "42.99", 990, "Steve McConnell"),
            new Book("0596517742", "JavaScript: The Good Parts", "29.99", 1_456,
                    "Douglas Crockford"),
            new Book("0262033844", "Introduction to Algorithms", "89.00", 301,
                    "Thomas H. Cormen", "Charles E. Leiserson", "Ronald L. Rivest",
                    "Clifford Stein"),
            new Book("0596009208", "Head First Java", "34.99", 1_999,
                    "Kathy Sierra", "Bert Bates"));

    private final Map<String, BigDecimal> prices = new ConcurrentHashMap<>();

    /** Creates the service with the catalog's list prices. */
    public CatalogServiceImpl() {
        for (Book book : BOOKS) {
            prices.put(book.asin, new BigDecimal(book.price));
        }
    }

    /** The ASINs of the catalog, in catalog order. */
    public static List<String> asins() {
        return BOOKS.stream().map(book -> book.asin).toList();
    }

    /** Changes the price later answers carry for the book. */
    public void setPrice(String asin, BigDecimal amount) {
        Objects.requireNonNull(amount, "amount");
        if (!prices.containsKey(asin)) {
            throw new IllegalArgumentException("no book with asin: " + asin);
        }
        if (amount.signum() < 0) {
            throw new IllegalArgumentException("price must not be negative: " + amount);
        }
        prices.put(asin, amount);
    }

    @Override
    public KeywordSearchResponse keywordSearch(KeywordSearch request) {
        String keywords = request.getKeywords() == null ? "" : request.getKeywords();
        List<String> words = List.of(keywords.toLowerCase(Locale.ROOT).trim().split("\\s+"));
        List<Book> matches = new ArrayList<>();
        for (Book book : BOOKS) {
            if (words.stream().allMatch(book::mentions)) {
                matches.add(book);
            }
        }
        int page = Math.max(1, request.getPage());
        ArrayOfItem items = new ArrayOfItem();
        items.setItem(matches.stream()
                .skip((long) (page - 1) * PAGE_SIZE)
                .limit(PAGE_SIZE)
                .map(this::item)
                .toArray(Item[]::new));
        SearchResult result = new SearchResult();
        result.setTotalResults(matches.size());
        result.setTotalPages((matches.size() + PAGE_SIZE - 1) / PAGE_SIZE);
        result.setItems(items);
        KeywordSearchResponse response = new KeywordSearchResponse();
        response.setKeywordSearchResult(result);
        return response;
    }

    @Override
    public AsinSearchResponse asinSearch(AsinSearch request) {
        Book book = find(request.getAsin());
        if (book == null) {
            throw new IllegalArgumentException("no item with ASIN " + request.getAsin());
        }
        AsinSearchResponse response = new AsinSearchResponse();
        response.setAsinSearchResult(item(book));
        return response;
    }

    @Override
    public GetItemResponse getItem(GetItem request) {
        ArrayOfItem items = new ArrayOfItem();
        items.setItem(new Item[0]);
        String[] ids = request.getItemIds() == null ? null : request.getItemIds().getString();
        if (ids != null) {
            for (String id : ids) {
                Book book = find(id);
                if (book != null) {
                    items.addItem(item(book));
                }
            }
        }
        GetItemResponse response = new GetItemResponse();
        response.setGetItemResult(items);
        return response;
    }

    private static Book find(String asin) {
        for (Book book : BOOKS) {
            if (book.asin.equals(asin)) {
                return book;
            }
        }
        return null;
    }

    private Item item(Book book) {
        ArrayOfString authors = new ArrayOfString();
        authors.setString(book.authors.toArray(String[]::new));
        BigDecimal amount = prices.get(book.asin);
        Price price = new Price();
        price.setAmount(amount);
        price.setCurrencyCode("USD");
        price.setFormattedPrice("$" + amount.toPlainString());
        Item item = new Item();
        item.setAsin(book.asin);
        item.setTitle(book.title);
        item.setAuthors(authors);
        item.setPrice(price);
        item.setSalesRank(book.salesRank);
        return item;
    }

    private static final class Book {
        final String asin;
        final String title;
        final String price;
        final int salesRank;
        final List<String> authors;
        private final String text;

        Book(String asin, String title, String price, int salesRank, String... authors) {
            this.asin = asin;
            this.title = title;
            this.price = price;
            this.salesRank = salesRank;
            this.authors = List.of(authors);
            this.text = (title + ' ' + String.join(" ", authors)).toLowerCase(Locale.ROOT);
        }

        boolean mentions(String word) {
            return text.contains(word);
        }
    }
}
