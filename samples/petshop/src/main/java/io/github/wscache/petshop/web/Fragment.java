package io.github.wscache.petshop.web;

/**
 * The fragments pages are built from, each with its own URL and cacheability (the Web Forms user
 * controls of the paper's Pet Shop, §5.3). A time to live of zero means uncacheable.
 */
public enum Fragment {
    /** Navigation header; two variants: signed in or not. */
    HEADER("header", "signedIn", 300),
    /** The category menu of the home page. */
    CATEGORIES("categories", null, 300),
    /** A category with its products, per category id. */
    CATEGORY("category", "id", 300),
    /** A product with its items, per product id. */
    PRODUCT("product", "id", 300),
    /** An item with price and stock, per item id. */
    ITEM("item", "id", 300),
    /** Search results per keyword; short-lived. */
    SEARCH("search", "keyword", 30),
    /** The banner of a favourite category. */
    BANNER("banner", "category", 300),
    /** The signed-in user's "pet favourites" list; per user, uncacheable. */
    MYLIST("mylist", null, 0),
    /** The session's cart table; uncacheable. */
    CART("cart", null, 0);

    private final String path;
    private final String param;
    private final int ttlSeconds;

    Fragment(String path, String param, int ttlSeconds) {
        this.path = path;
        this.param = param;
        this.ttlSeconds = ttlSeconds;
    }

    /** The URL path, e.g. {@code /fragment/category}. */
    public String path() {
        return "/fragment/" + path;
    }

    /** The query parameter that selects the variant, or null. */
    public String param() {
        return param;
    }

    /** Seconds to cache, 0 for uncacheable. */
    public int ttlSeconds() {
        return ttlSeconds;
    }

    /** True when the fragment may be cached (shared between users). */
    public boolean cacheable() {
        return ttlSeconds > 0;
    }

    /** The fragment served at {@code path}, or null. */
    public static Fragment byPath(String path) {
        for (Fragment f : values()) {
            if (f.path().equals(path)) {
                return f;
            }
        }
        return null;
    }

    /** A reference to this fragment's variant {@code value} (null when it has no parameter). */
    public Ref ref(String value) {
        return new Ref(this, value);
    }

    /** One variant of a fragment; its URL is also its cache key. */
    public record Ref(Fragment fragment, String value) {
        /** The fragment URL, e.g. {@code /fragment/category?id=FISH}. */
        public String url() {
            return fragment.param == null || value == null ? fragment.path()
                    : fragment.path() + "?" + fragment.param + "=" + Html.url(value);
        }
    }
}
