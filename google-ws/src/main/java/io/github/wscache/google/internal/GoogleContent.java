package io.github.wscache.google.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Deterministic, realistic content for the dummy Google Web APIs, independent of any generated
 * bean class so that the service (server beans) and the fixtures (client beans) share it.
 *
 * <p>Sizes follow the Google Web APIs of 2002 as used by Takase and Tatsubori (section 5.1): a
 * search answers ten result elements with snippets of about 150 to 200 characters and two
 * directory categories; a cached page is about 5 KB of HTML. Every value is a pure function of
 * the request, so different queries give different results and equal queries equal ones.
 *
 * <p>Thread-safe: stateless.
 */
public final class GoogleContent {

    /** Size in bytes of every cached page. */
    public static final int CACHED_PAGE_SIZE = 5 * 1024;

    /** Results per search page, as in the original service. */
    public static final int MAX_RESULTS = 10;

    private static final Map<String, String> MISSPELLINGS = Map.ofEntries(
            Map.entry("speers", "spears"),
            Map.entry("teh", "the"),
            Map.entry("recieve", "receive"),
            Map.entry("seperate", "separate"),
            Map.entry("definately", "definitely"),
            Map.entry("wierd", "weird"),
            Map.entry("occured", "occurred"),
            Map.entry("accomodate", "accommodate"),
            Map.entry("cacheing", "caching"),
            Map.entry("goverment", "government"),
            Map.entry("untill", "until"),
            Map.entry("protocoll", "protocol"));

    private static final String[] WORDS = {
        "web", "service", "cache", "response", "protocol", "server", "client", "latency",
        "network", "portal", "search", "engine", "document", "message", "request", "binding",
        "schema", "element", "envelope", "transport", "edge", "proxy", "performance", "result",
        "directory", "category", "content", "application", "middleware", "throughput",
        "consistency", "freshness", "replica", "origin", "object", "serialization", "parser",
        "stream", "java", "xml", "soap", "http", "archive", "library", "news", "research",
    };

    private static final String[] TLDS = {"com", "org", "net", "edu", "co.jp"};

    private static final String[] DIRECTORIES = {
        "Top/Computers/Internet/Web_Services", "Top/Computers/Programming/Languages/Java",
        "Top/Computers/Data_Formats/Markup_Languages/XML", "Top/Reference/Libraries",
        "Top/Computers/Internet/Searching/Search_Engines/Google", "Top/Science/Math",
        "Top/Computers/Software/Internet/Servers/Proxy/Caching", "Top/News/Internet",
    };

    private GoogleContent() {
    }

    /**
     * Returns the phrase with known misspellings corrected word by word (lower case), e.g.
     * {@code "britney speers"} becomes {@code "britney spears"}.
     */
    public static String suggest(String phrase) {
        String[] words = phrase.trim().toLowerCase(Locale.ROOT).split("\\s+");
        StringBuilder out = new StringBuilder(phrase.length() + 8);
        for (String word : words) {
            if (out.length() > 0) {
                out.append(' ');
            }
            out.append(MISSPELLINGS.getOrDefault(word, word));
        }
        return out.toString();
    }

    /** Returns exactly {@link #CACHED_PAGE_SIZE} bytes of ASCII HTML derived from the url. */
    public static byte[] cachedPage(String url) {
        SplittableRandom random = new SplittableRandom(seed(url));
        String head = "<html><head><meta http-equiv=\"content-type\" content=\"text/html\">"
                + "<base href=\"" + escape(url) + "\"><title>" + escape(url) + "</title></head>"
                + "<body><p>This is the cached page of " + escape(url)
                + " as retrieved by the crawler.</p>\n";
        String tail = "</p></body></html>\n";
        StringBuilder page = new StringBuilder(CACHED_PAGE_SIZE + 64).append(head).append("<p>");
        while (page.length() < CACHED_PAGE_SIZE - tail.length()) {
            page.append(WORDS[random.nextInt(WORDS.length)]);
            page.append(random.nextInt(12) == 0 ? ".</p>\n<p>" : " ");
        }
        page.setLength(CACHED_PAGE_SIZE - tail.length());
        page.append(tail);
        return page.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Returns one page of search results for the query.
     *
     * @param q the query
     * @param start zero-based index of the first result
     * @param maxResults results wanted; values outside 1..10 mean 10
     * @param filter whether similar results and results from the same host are filtered
     */
    public static SearchResult search(String q, int start, int maxResults, boolean filter) {
        long seed = seed(q);
        SplittableRandom random = new SplittableRandom(seed ^ start);
        int count = maxResults >= 1 && maxResults <= MAX_RESULTS ? maxResults : MAX_RESULTS;
        String term = q.trim().isEmpty() ? "web" : q.trim();
        List<Result> results = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            results.add(result(term, start + i, random));
        }
        List<Category> categories = List.of(category(random), category(random));
        int total = 1_000 + (int) ((seed >>> 1) % 2_000_000);
        double searchTime = 0.05 + random.nextInt(400) / 1000.0;
        String comments = filter ? "" : "Similar results are included.";
        return new SearchResult(filter, comments, total, false, results, q, start + 1,
                start + count, "", categories, searchTime);
    }

    private static Result result(String term, int index, SplittableRandom random) {
        String word = WORDS[random.nextInt(WORDS.length)];
        String host = "www." + slug(term) + "-" + word + "." + TLDS[random.nextInt(TLDS.length)];
        String url = "http://" + host + "/" + WORDS[random.nextInt(WORDS.length)] + "/"
                + (index + 1) + ".html";
        String title = "<b>" + escape(term) + "</b> " + capitalize(word) + " - "
                + capitalize(WORDS[random.nextInt(WORDS.length)]) + " Resources";
        StringBuilder snippet = new StringBuilder(200).append("... <b>").append(escape(term))
                .append("</b>");
        int length = 150 + random.nextInt(50);
        while (snippet.length() < length) {
            snippet.append(' ').append(WORDS[random.nextInt(WORDS.length)]);
        }
        snippet.setLength(length);
        snippet.append(" ...");
        boolean listed = random.nextInt(3) == 0;
        Category category = listed ? category(random) : new Category("", "");
        String summary = listed ? "A directory entry about " + term + " and " + word + "." : "";
        String directoryTitle = listed ? capitalize(word) + " " + term : "";
        String cachedSize = (5 + random.nextInt(60)) + "k";
        return new Result(summary, url, snippet.toString(), title, cachedSize,
                random.nextBoolean(), host, category, directoryTitle);
    }

    private static Category category(SplittableRandom random) {
        return new Category(DIRECTORIES[random.nextInt(DIRECTORIES.length)], "");
    }

    private static long seed(String s) {
        long h = 1125899906842597L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h = 31 * h + b;
        }
        return h;
    }

    private static String slug(String term) {
        String slug = term.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-|-$", "");
        return slug.isEmpty() ? "site" : slug.length() > 20 ? slug.substring(0, 20) : slug;
    }

    private static String capitalize(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;");
    }

    /** A directory category of the Open Directory, as returned by the search. */
    public record Category(String fullViewableName, String specialEncoding) {
    }

    /** One search hit. */
    public record Result(String summary, String url, String snippet, String title,
            String cachedSize, boolean relatedInformationPresent, String hostName,
            Category directoryCategory, String directoryTitle) {
    }

    /** One page of search results. */
    public record SearchResult(boolean documentFiltering, String searchComments,
            int estimatedTotalResultsCount, boolean estimateIsExact, List<Result> resultElements,
            String searchQuery, int startIndex, int endIndex, String searchTips,
            List<Category> directoryCategories, double searchTime) {
    }
}
