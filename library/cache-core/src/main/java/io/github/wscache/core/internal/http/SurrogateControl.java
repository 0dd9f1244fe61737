package io.github.wscache.core.internal.http;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.StringTokenizer;

/**
 * The {@code Surrogate-Control} header of the W3C Edge Architecture Specification 1.0, which an
 * origin uses to instruct surrogates (such as an ESI edge) separately from browsers.
 *
 * <p>Understood directives: {@code max-age=N} or {@code max-age=N+M} (freshness lifetime and an
 * extra period during which a stale copy may still be served), {@code no-store},
 * {@code no-store-remote} and {@code content="ESI/1.0 ..."} (processing the surrogate must
 * perform). A directive may be targeted at one surrogate with a {@code ;device-token} suffix;
 * targeted directives apply only when the token matches and then override untargeted ones.
 * Unknown and malformed directives are ignored; an invalid {@code max-age} reads as zero.
 *
 * <pre>{@code
 * SurrogateControl sc = SurrogateControl.parse("content=\"ESI/1.0\", max-age=300+60");
 * sc.requiresEsi();        // true
 * sc.maxAge();             // Optional[PT5M]
 * sc.staleExtension();     // Optional[PT1M]
 * }</pre>
 */
public final class SurrogateControl {

    /**
     * The device token of wscache's surrogate, the one its {@code Surrogate-Capability} names:
     * a directive targeted at it ({@code max-age=60;wscache-edge}) applies to it and outranks
     * the untargeted ones; one targeted at another surrogate does not apply.
     */
    public static final String WSCACHE_EDGE = "wscache-edge";

    /** The value of an absent or empty header. */
    public static final SurrogateControl EMPTY =
            new SurrogateControl(null, null, false, false, Set.of());

    private static final String ESI_1_0 = "ESI/1.0";

    private final Duration maxAge;
    private final Duration staleExtension;
    private final boolean noStore;
    private final boolean noStoreRemote;
    private final Set<String> content;

    private SurrogateControl(Duration maxAge, Duration staleExtension, boolean noStore,
            boolean noStoreRemote, Set<String> content) {
        this.maxAge = maxAge;
        this.staleExtension = staleExtension;
        this.noStore = noStore;
        this.noStoreRemote = noStoreRemote;
        this.content = content;
    }

    /**
     * Parses a single header value, ignoring targeted directives.
     *
     * @param headerValue the field value, may be {@code null}
     * @return the parsed directives
     */
    public static SurrogateControl parse(String headerValue) {
        return parse(Collections.singletonList(headerValue), null);
    }

    /**
     * Parses all field lines for the surrogate identified by {@code deviceToken}.
     *
     * @param headerValues the field line values
     * @param deviceToken this surrogate's token; {@code null} applies untargeted directives only
     * @return the parsed directives
     */
    public static SurrogateControl parse(Iterable<String> headerValues, String deviceToken) {
        String token = deviceToken == null ? null : deviceToken.toLowerCase(Locale.ROOT);
        List<DirectiveParser.Directive> untargeted = new ArrayList<>();
        List<DirectiveParser.Directive> targeted = new ArrayList<>();
        for (DirectiveParser.Directive d : DirectiveParser.parse(headerValues)) {
            if (d.target() == null) {
                untargeted.add(d);
            } else if (d.target().equals(token)) {
                targeted.add(d);
            }
        }
        List<DirectiveParser.Directive> ordered = new ArrayList<>(targeted);
        ordered.addAll(untargeted);

        Duration maxAge = null;
        Duration extension = null;
        boolean noStore = false;
        boolean noStoreRemote = false;
        Set<String> content = null;
        for (DirectiveParser.Directive d : ordered) {
            switch (d.name()) {
                case "max-age" -> {
                    if (maxAge == null) {
                        String arg = d.argument() == null ? "" : d.argument();
                        int plus = arg.indexOf('+');
                        String base = plus < 0 ? arg : arg.substring(0, plus);
                        Duration parsed = CacheControl.deltaSeconds(base);
                        maxAge = parsed == null ? Duration.ZERO : parsed;
                        extension = plus < 0
                                ? null : CacheControl.deltaSeconds(arg.substring(plus + 1));
                    }
                }
                case "no-store" -> noStore = true;
                case "no-store-remote" -> noStoreRemote = true;
                case "content" -> {
                    if (content == null && d.argument() != null) {
                        content = new LinkedHashSet<>();
                        StringTokenizer capabilities = new StringTokenizer(d.argument());
                        while (capabilities.hasMoreTokens()) {
                            content.add(capabilities.nextToken().toUpperCase(Locale.ROOT));
                        }
                    }
                }
                default -> {
                    // other directives are not understood and therefore ignored
                }
            }
        }
        if (maxAge == null && !noStore && !noStoreRemote && content == null) {
            return EMPTY;
        }
        return new SurrogateControl(maxAge, extension, noStore, noStoreRemote,
                content == null ? Set.of() : Collections.unmodifiableSet(content));
    }

    /** @return the surrogate freshness lifetime; zero when the argument was invalid */
    public Optional<Duration> maxAge() {
        return Optional.ofNullable(maxAge);
    }

    /** @return the {@code +M} part of {@code max-age=N+M}: extra time a stale copy may serve */
    public Optional<Duration> staleExtension() {
        return Optional.ofNullable(staleExtension);
    }

    /** @return whether {@code no-store} is present */
    public boolean noStore() {
        return noStore;
    }

    /** @return whether {@code no-store-remote} is present */
    public boolean noStoreRemote() {
        return noStoreRemote;
    }

    /** @return the upper-cased capabilities named by {@code content}, e.g. {@code ESI/1.0} */
    public Set<String> content() {
        return content;
    }

    /** @return whether {@code content} asks for ESI 1.0 processing */
    public boolean requiresEsi() {
        return content.contains(ESI_1_0);
    }

    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        if (!content.isEmpty()) {
            parts.add("content=\"" + String.join(" ", content) + "\"");
        }
        if (maxAge != null) {
            parts.add("max-age=" + maxAge.getSeconds()
                    + (staleExtension == null ? "" : "+" + staleExtension.getSeconds()));
        }
        if (noStore) {
            parts.add("no-store");
        }
        if (noStoreRemote) {
            parts.add("no-store-remote");
        }
        return String.join(", ", parts);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SurrogateControl s && toString().equals(s.toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }
}
