package io.github.wscache.edge.internal;

import com.github.benmanes.caffeine.cache.Ticker;
import io.github.wscache.edge.ClientClassification;
import io.github.wscache.edge.ClientClassification.ClientClass;
import io.github.wscache.edge.ClientClassification.ServerAction;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Predicate;

/**
 * The server actions of paper 004 on the {@link ProxyServlet}'s path: classifies each request's
 * client with the {@link ClientClassifier} ({@link #begin}), decides the actions for the page once
 * the response is known ({@link #apply}), and starts the measurement of a classification page on
 * which no action was taken (the paper does not classify on pages that were acted on).
 *
 * <p>Decision, for a GET of an action page answered with a 200: the actions of the client's class
 * (poor: gzip and reduce; rich: enrich; normal: none), or those listed in the request's
 * {@value #HEADER} (forcing; empty means none), in both cases restricted to the enabled actions;
 * then each only where it applies: gzip when the client accepts gzip and the body may be
 * compressed, reduce and enrich on ESI pages. Reduce and enrich select the page's own includes
 * ({@link Composer.Page#keep}); the cache keeps only the origin's markup, so variants never meet
 * in the cache. Responses of action pages get {@code Vary: *}, {@code X-Class} and
 * {@value #HEADER} (the actions taken, or {@code none}); responses of classification pages get
 * {@code X-Class}.
 */
public final class ServerActions {
    /** The request field that forces actions and the response field that lists them. */
    public static final String HEADER = "X-Server-Actions";

    /** The response field with the client's class. */
    public static final String CLASS_HEADER = "X-Class";

    private final ClientClassification config;
    private final ClientClassifier classifier;
    private final LongAdder[] taken = new LongAdder[ServerAction.values().length];

    /** Creates the actions of {@code config}, timed by {@code ticker}. */
    public ServerActions(ClientClassification config, Ticker ticker) {
        this.config = config;
        this.classifier = new ClientClassifier(config, ticker);
        for (int i = 0; i < taken.length; i++) {
            taken[i] = new LongAdder();
        }
    }

    /** Returns the classifier. */
    public ClientClassifier classifier() {
        return classifier;
    }

    /** Returns how often {@code action} was taken. */
    public long taken(ServerAction action) {
        return taken[action.ordinal()].sum();
    }

    /**
     * What was decided for one request before the response was known.
     *
     * @param address the client's address
     * @param arrived when the request arrived (the ticker's time)
     * @param classification the client's class; {@code null} for an embedded object
     * @param classifyPage whether the page classifies
     * @param actionPage whether actions may be taken on the page
     * @param wanted the actions the class (or the forcing field) asks for
     */
    public record Adaptation(String address, long arrived,
            ClientClassifier.Classification classification, boolean classifyPage,
            boolean actionPage, Set<ServerAction> wanted) {
    }

    /**
     * What was applied to a response.
     *
     * @param gzip whether to gzip
     * @param best whether at the best level, whatever the size (the gzip action)
     * @param keep the page's own includes to compose
     * @param actions the actions taken
     */
    public record Applied(boolean gzip, boolean best, Predicate<EsiParser.Include> keep,
            Set<ServerAction> actions) {
    }

    /** Records the request with the classifier and returns what its class asks for. */
    Adaptation begin(HttpServletRequest req, ClientRequest c) {
        // the client's path, not the origin's (the origin URL may have a base path)
        return begin(address(req, c.headers()), c.method(), req.getRequestURI(), c.headers());
    }

    /**
     * Records a request of {@code address} ({@code method} in upper case, {@code path} without
     * the query, {@code headers} case-insensitive) and returns what its class asks for.
     */
    public Adaptation begin(String address, String method, String path,
            Map<String, List<String>> headers) {
        long at = classifier.now();
        if (!method.equals("GET")) {
            return new Adaptation(address, at, null, false, false, Set.of());
        }
        ClientClassifier.Classification cl = classifier.request(address, path, at);
        if (cl == null) {
            return new Adaptation(address, at, null, false, false, Set.of());
        }
        boolean actionPage = ClientClassifier.matches(config.actionPages(), path);
        Set<ServerAction> wanted = actionPage ? wanted(cl.clientClass(),
                HeaderRules.first(headers, HEADER), headers.containsKey(HEADER))
                : Set.of();
        return new Adaptation(address, at, cl, classifier.isClassifyPage(path), actionPage,
                wanted);
    }

    private Set<ServerAction> wanted(ClientClass k, String forced, boolean isForced) {
        EnumSet<ServerAction> w = EnumSet.noneOf(ServerAction.class);
        if (isForced) {
            for (String t : (forced == null ? "" : forced).split(",")) {
                ServerAction a = ServerAction.byToken(t);
                if (a != null) {
                    w.add(a);
                }
            }
        } else if (k == ClientClass.POOR) {
            w.add(ServerAction.GZIP);
            w.add(ServerAction.REDUCE);
        } else if (k == ClientClass.RICH) {
            w.add(ServerAction.ENRICH);
        }
        w.retainAll(config.actions());
        return w;
    }

    /**
     * Decides the actions for the response, adds the fields that tell of them to {@code out},
     * and starts measuring a classification page that no action changed.
     *
     * @param a what {@link #begin} decided
     * @param status the response's status
     * @param esi whether the page is composed
     * @param acceptsGzip whether the client takes gzip
     * @param compressible whether the body may be gzipped at all (textual, not encoded, no
     *     {@code no-transform})
     * @param gzipUsual whether the edge would gzip it anyway
     */
    public Applied apply(Adaptation a, Map<String, List<String>> out, int status, boolean esi,
            boolean acceptsGzip, boolean compressible, boolean gzipUsual) {
        if (a.classification() == null) {
            return new Applied(gzipUsual, false, Composer.NORMAL, Set.of());
        }
        EnumSet<ServerAction> did = EnumSet.noneOf(ServerAction.class);
        boolean gzip = gzipUsual;
        if (a.actionPage()) {
            Set<ServerAction> w = status == 200 ? a.wanted() : Set.of();
            if (w.contains(ServerAction.GZIP) && acceptsGzip && compressible) {
                did.add(ServerAction.GZIP);
            }
            if (w.contains(ServerAction.REDUCE) && esi) {
                did.add(ServerAction.REDUCE);
            }
            if (w.contains(ServerAction.ENRICH) && esi) {
                did.add(ServerAction.ENRICH);
            }
            gzip = did.contains(ServerAction.GZIP) || gzipUsual && config.gzipForAll();
            out.put("Vary", List.of("*"));
            List<String> names = new ArrayList<>();
            for (ServerAction x : did) {
                names.add(x.token());
                taken[x.ordinal()].increment();
            }
            out.put(HEADER, List.of(names.isEmpty() ? "none" : String.join(", ", names)));
        }
        if (a.actionPage() || a.classifyPage()) {
            out.put(CLASS_HEADER, List.of(a.classification().clientClass().label()));
        }
        if (a.classifyPage() && did.isEmpty() && status == 200) {
            classifier.measure(a.address(), a.arrived());
        }
        return new Applied(gzip, did.contains(ServerAction.GZIP), keep(did), Set.copyOf(did));
    }

    private Predicate<EsiParser.Include> keep(Set<ServerAction> did) {
        boolean reduce = did.contains(ServerAction.REDUCE);
        boolean enrich = did.contains(ServerAction.ENRICH);
        if (!reduce && !enrich) {
            return Composer.NORMAL;
        }
        List<String> listed = config.optionalIncludes();
        return inc -> (enrich || !inc.rich())
                && !(reduce && (inc.optional() || listed.contains(inc.src())));
    }

    /** The client's address: the configured field's first value, else the connection's. */
    private String address(HttpServletRequest req, Map<String, List<String>> headers) {
        String h = config.clientAddressHeader();
        if (h != null) {
            String v = HeaderRules.first(headers, h);
            if (v != null) {
                int comma = v.indexOf(',');
                return (comma < 0 ? v : v.substring(0, comma)).trim();
            }
        }
        return req.getRemoteAddr();
    }
}
