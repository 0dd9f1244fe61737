package io.github.wscache.petshop.load;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The paper's test script (§6.2, Table 3) as a state-transition model per virtual user.
 *
 * <p>The next activity is drawn with the probabilities of Table 3 (category browsing 18 %,
 * product detail 16 %, search 18 %, home 18 %, shopping cart 7 %, order 1 %,
 * account/authentication 22 %), independent of the current state, so the activity mix converges
 * to Table 3. The user's state (the category and product it is looking at, whether it is signed
 * in, what is in its cart, the last page) picks the concrete request within the activity:
 * products come from links on the last category page, items from the last product page; an order
 * first signs in and fills the cart if needed; account activity signs in (form, then post) when
 * signed out and views the account or orders, or signs out, when signed in.
 *
 * <p>Each recorded request is one user action: a form post and the page it redirects to count as
 * one, as a browser user would see it. Classes (paper §7.1.1): A = catalog pages (cacheable),
 * B = pages that are uncacheable and may need the database, C = uncacheable without the database.
 */
final class Workload {

    enum Activity {
        CATEGORY(18), PRODUCT(16), SEARCH(18), HOME(18), CART(7), ORDER(1), ACCOUNT(22);

        final int percent;

        Activity(int percent) {
            this.percent = percent;
        }

        /** Catalog reads: home, category, product, search. */
        boolean cacheable() {
            return this == CATEGORY || this == PRODUCT || this == SEARCH || this == HOME;
        }
    }

    private static final Pattern PRODUCT_LINK = Pattern.compile("/product\\?id=([A-Za-z0-9-]+)");
    private static final Pattern ITEM_LINK = Pattern.compile("/item\\?id=([A-Za-z0-9-]+)");
    private static final List<String> CATEGORIES = List.of("FISH", "DOGS", "REPTILES", "CATS",
            "BIRDS");
    private static final List<String> KEYWORDS = List.of("fish", "dog", "cat", "bird", "snake",
            "friendly", "great", "retriever", "parrot", "water", "companion", "iguana");
    private static final Map<String, String> CHECKOUT = Map.of("shipToName", "Load User",
            "address", "1 Load Street", "city", "Springfield", "state", "IL", "zip", "62701",
            "country", "USA", "cardType", "Visa", "cardNumber", "4111111111111111",
            "expiry", "12/29");

    /** The share of Table 3's activities that are catalog reads (class A): 70 %. */
    static final double TABLE_3_CACHEABLE = 0.70;

    private Workload() {
    }

    /** Activity probabilities with the catalog activities scaled to {@code cacheableShare}. */
    static double[] weights(double cacheableShare) {
        double[] w = new double[Activity.values().length];
        for (Activity a : Activity.values()) {
            w[a.ordinal()] = a.cacheable()
                    ? a.percent / 100.0 * cacheableShare / TABLE_3_CACHEABLE
                    : a.percent / 100.0 * (1 - cacheableShare) / (1 - TABLE_3_CACHEABLE);
        }
        return w;
    }

    /** One virtual user: a browser, a state, a random stream. */
    static final class VirtualUser implements Runnable {
        private final UserAgent agent;
        private final String username;
        private final Recorder recorder;
        private final Random random;
        private final long thinkMillis;
        private final double[] weights;
        private volatile boolean stop;
        private boolean signedIn;
        private boolean signInFormShown;
        private int cartLines;
        private List<String> products = List.of();
        private List<String> items = List.of();

        VirtualUser(URI base, String username, Recorder recorder, long seed, long thinkMillis) {
            this(base, username, recorder, seed, thinkMillis, TABLE_3_CACHEABLE);
        }

        /**
         * A user whose catalog activities (home, category, product, search: the cacheable class
         * A) make up {@code cacheableShare} of its activities instead of Table 3's 70 %, the
         * other activities keeping their proportions: the paper's output cache hit ratios of
         * 71, 52 and 30 % (§7.2.2, Figure 13).
         */
        VirtualUser(URI base, String username, Recorder recorder, long seed, long thinkMillis,
                double cacheableShare) {
            if (!(cacheableShare > 0 && cacheableShare < 1)) {
                throw new IllegalArgumentException("cacheable share must be in (0, 1): "
                        + cacheableShare);
            }
            this.weights = weights(cacheableShare);
            this.agent = new UserAgent(base);
            this.username = username;
            this.recorder = recorder;
            this.random = new Random(seed);
            this.thinkMillis = thinkMillis;
        }

        void stop() {
            stop = true;
        }

        @Override
        public void run() {
            try {
                get("home", RequestClass.A, "/");
                while (!stop) {
                    step(pick());
                    Thread.sleep(thinkMillis);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private Activity pick() {
            double r = random.nextDouble();
            for (Activity a : Activity.values()) {
                r -= weights[a.ordinal()];
                if (r < 0) {
                    return a;
                }
            }
            return Activity.HOME;
        }

        private void step(Activity a) throws InterruptedException {
            switch (a) {
                case HOME -> get("home", RequestClass.A, "/");
                case CATEGORY -> category();
                case PRODUCT -> product();
                case SEARCH -> get("search", RequestClass.A,
                        "/search?keyword=" + KEYWORDS.get(random.nextInt(KEYWORDS.size())));
                case CART -> cart();
                case ORDER -> order();
                case ACCOUNT -> account();
                default -> throw new IllegalStateException("unknown activity " + a);
            }
        }

        private void category() throws InterruptedException {
            String body = get("category", RequestClass.A, "/category?id="
                    + CATEGORIES.get(random.nextInt(CATEGORIES.size())));
            products = links(PRODUCT_LINK, body, products);
        }

        private void product() throws InterruptedException {
            if (products.isEmpty()) {
                category();
                return;
            }
            if (!items.isEmpty() && random.nextInt(10) < 3) {
                get("item", RequestClass.A, "/item?id=" + any(items));
                return;
            }
            String body = get("product", RequestClass.A, "/product?id=" + any(products));
            items = links(ITEM_LINK, body, items);
        }

        private void cart() throws InterruptedException {
            int r = random.nextInt(10);
            if (cartLines == 0 || r < 5) {
                addToCart();
            } else if (r < 8) {
                get("cart", RequestClass.B, "/cart");
            } else {
                post("cart-remove", RequestClass.B, "/cart/remove",
                        Map.of("itemId", items.isEmpty() ? "EST-1" : any(items)));
                cartLines = Math.max(0, cartLines - 1);
            }
        }

        private void addToCart() throws InterruptedException {
            String item = items.isEmpty() ? "EST-" + (1 + random.nextInt(28)) : any(items);
            if (post("cart-add", RequestClass.B, "/cart/add", Map.of("itemId", item)) != null) {
                cartLines++;
            }
        }

        private void order() throws InterruptedException {
            if (!signedIn) {
                signIn();
            }
            if (cartLines == 0) {
                addToCart();
            }
            get("checkout", RequestClass.C, "/checkout");
            post("order", RequestClass.B, "/order", CHECKOUT);
            cartLines = 0;
        }

        private void account() throws InterruptedException {
            if (!signedIn) {
                if (signInFormShown) {
                    signIn();
                } else if (random.nextInt(10) < 8) {
                    get("signin-form", RequestClass.C, "/signin");
                    signInFormShown = true;
                } else {
                    get("register-form", RequestClass.C, "/account/new");
                }
                return;
            }
            int r = random.nextInt(10);
            if (r < 4) {
                get("account", RequestClass.B, "/account/edit");
            } else if (r < 6) {
                get("orders", RequestClass.B, "/orders");
            } else {
                post("signout", RequestClass.C, "/signout", Map.of());
                signedIn = false;
                cartLines = 0;
            }
        }

        private void signIn() throws InterruptedException {
            if (agent.csrf() == null) {
                get("signin-form", RequestClass.C, "/signin");
            }
            String body = post("signin", RequestClass.B, "/session",
                    Map.of("username", username, "password", "petshop"));
            signedIn = body != null && body.contains("Sign out");
            signInFormShown = false;
        }

        private String any(List<String> list) {
            return list.get(random.nextInt(list.size()));
        }

        private static List<String> links(Pattern p, String body, List<String> old) {
            if (body == null) {
                return old;
            }
            List<String> out = new ArrayList<>();
            Matcher m = p.matcher(body);
            while (m.find()) {
                out.add(m.group(1));
            }
            return out.isEmpty() ? old : out;
        }

        private String get(String page, RequestClass cls, String path)
                throws InterruptedException {
            long t = System.nanoTime();
            try {
                UserAgent.Page p = agent.get(path);
                long micros = (System.nanoTime() - t) / 1000;
                recorder.record(page, cls, micros,
                        p.status() >= 400 ? "HTTP " + p.status() : null);
                if (p.status() < 400) {
                    // a catalog page is the same for everyone; the others are the user's own
                    recorder.traced(cls == RequestClass.A ? path : username + " " + path,
                            p.body().getBytes(StandardCharsets.UTF_8).length, micros);
                }
                return p.body();
            } catch (IOException e) {
                recorder.record(page, cls, (System.nanoTime() - t) / 1000, e.toString());
                return null;
            }
        }

        private String post(String page, RequestClass cls, String path, Map<String, String> form)
                throws InterruptedException {
            long t = System.nanoTime();
            try {
                UserAgent.Page p = agent.post(path, form);
                boolean error = p.status() >= 400 && p.status() != 409;
                recorder.record(page, cls, (System.nanoTime() - t) / 1000,
                        error ? "HTTP " + p.status() : null);
                return error ? null : p.body();
            } catch (IOException e) {
                recorder.record(page, cls, (System.nanoTime() - t) / 1000, e.toString());
                return null;
            }
        }
    }
}
