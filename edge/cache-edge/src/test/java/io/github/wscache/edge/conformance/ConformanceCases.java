package io.github.wscache.edge.conformance;

import io.github.wscache.edge.conformance.ConformanceCase.Level;
import io.github.wscache.edge.conformance.ConformanceCase.Resp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * The conformance table of cache-edge: one case per requirement of RFC 9111 (HTTP caching),
 * RFC 9110 (conditionals, ranges, status codes, transformations), RFC 5861 (stale
 * extensions), RFC 9213 (CDN-Cache-Control) and the W3C Edge Architecture
 * (Surrogate-Control) that the edge implements, grouped by section. Levels are those of the
 * RFC text: a case for something a cache "MUST NOT" do is MUST; storing and reusing, which the
 * RFC allows but never requires, is MAY.
 */
final class ConformanceCases {
    static final String LM = "Mon, 01 Jan 2024 00:00:00 GMT";
    private static final String BIG = "x".repeat(3000);

    private final List<ConformanceCase> all = new ArrayList<>();
    private ConformanceCase c;
    private ConformanceCase.Request r;

    private ConformanceCases() {
    }

    /** Returns every case, in section order. */
    static List<ConformanceCase> all() {
        ConformanceCases t = new ConformanceCases();
        t.storing();
        t.statuses();
        t.vary();
        t.freshness();
        t.dates();
        t.validation();
        t.clientConditionals();
        t.invalidation();
        t.requestDirectives();
        t.responseDirectives();
        t.staleExtensions();
        t.targeted();
        t.ranges();
        t.transformations();
        t.security();
        return List.copyOf(t.all);
    }

    // ---------------------------------------------------------------- the DSL

    private ConformanceCases test(String section, String name, Level level, String title) {
        c = new ConformanceCase(section, name, level, title);
        r = null;
        all.add(c);
        return this;
    }

    private ConformanceCases origin(String path, Resp... rs) {
        c.scripts.put(path, List.of(rs));
        return this;
    }

    static Resp resp(int status, String... headers) {
        List<String[]> hs = new ArrayList<>();
        for (int i = 0; i < headers.length; i += 2) {
            hs.add(new String[] {headers[i], headers[i + 1]});
        }
        return new Resp(status, hs, status == 304 || status == 204 ? "" : "body", false);
    }

    static Resp drop() {
        return new Resp(0, List.of(), "", true);
    }

    private ConformanceCases req(String method, String path, String... headers) {
        r = new ConformanceCase.Request(method, path);
        for (int i = 0; i < headers.length; i += 2) {
            r.headers.add(new String[] {headers[i], headers[i + 1]});
        }
        c.steps.add(r);
        return this;
    }

    private ConformanceCases get(String path, String... headers) {
        return req("GET", path, headers);
    }

    private ConformanceCases check(String what, Predicate<ConformanceCase.Outcome> p) {
        r.checks.add(new ConformanceCase.Check(what, p));
        return this;
    }

    private ConformanceCases status(int s) {
        return check("status " + s, o -> o.status() == s);
    }

    private ConformanceCases statusIn(Integer... s) {
        return check("status in " + Arrays.toString(s), o -> Arrays.asList(s).contains(o.status()));
    }

    private ConformanceCases body(String b) {
        return check("body \"" + (b.length() > 20 ? b.substring(0, 20) + "..." : b) + "\"",
                o -> o.body().equals(b));
    }

    private ConformanceCases asked(boolean a) {
        return check(a ? "origin asked" : "origin not asked", o -> o.asked() == a);
    }

    private ConformanceCases header(String name, String value) {
        return check(name + ": " + value, o -> value.equals(o.header(name)));
    }

    private ConformanceCases noHeader(String name) {
        return check("no " + name, o -> o.header(name) == null);
    }

    private ConformanceCases headerHas(String name, String part) {
        return check(name + " containing " + part, o -> o.header(name) != null
                && o.header(name).toLowerCase(Locale.ROOT).contains(part.toLowerCase(Locale.ROOT)));
    }

    private ConformanceCases ageAtLeast(int s) {
        return check("Age >= " + s, o -> o.header("Age") != null
                && o.header("Age").matches("\\d+") && Long.parseLong(o.header("Age")) >= s);
    }

    /** The origin's last request for the step's path had no {@code name} field. */
    private ConformanceCases originLacks(String name) {
        return check("origin request without " + name, o -> o.asked()
                && o.lastOriginRequest() != null && o.lastOriginRequest().header(name) == null);
    }

    /** The origin's last request for the step's path used {@code method}. */
    private ConformanceCases originMethod(String method) {
        return check("origin request method " + method, o -> o.asked()
                && o.lastOriginRequest() != null
                && method.equals(o.lastOriginRequest().method()));
    }

    /** The origin's last request for the step's path had {@code name: value}. */
    private ConformanceCases originSent(String name, String value) {
        return check("origin request with " + name + ": " + value, o -> o.asked()
                && o.lastOriginRequest() != null
                && value.equals(o.lastOriginRequest().header(name)));
    }

    private ConformanceCases advance(int s) {
        c.steps.add(new ConformanceCase.Advance(s));
        r = null;
        return this;
    }

    private ConformanceCases await(String path, int count) {
        c.steps.add(new ConformanceCase.AwaitOrigin(path, count));
        r = null;
        return this;
    }

    private ConformanceCases deliberate(String reason) {
        c.deliberate = reason;
        return this;
    }

    /** GET twice: the second answered from storage. */
    private void storedThenHit(Resp rs) {
        origin("/r", rs.body("one"), rs.body("two"));
        get("/r").status(rs.status()).asked(true);
        get("/r").status(rs.status()).asked(false);
    }

    /** GET twice: both go to the origin. */
    private void neverReused(Resp rs) {
        origin("/r", rs.body("one"), rs.body("two"));
        get("/r").asked(true);
        get("/r").asked(true);
    }

    // ---------------------------------------------------------------- RFC 9111 §3

    private void storing() {
        test("RFC9111 §3", "maxAgeResponse_isStoredAndReused", Level.MAY,
                "a 200 with max-age is stored and reused while fresh");
        storedThenHit(resp(200, "Cache-Control", "max-age=60"));
        get("/r").body("one").asked(false);

        test("RFC9111 §3", "postResponse_isNotUsedForGet", Level.MUST,
                "a response to POST is not reused for a GET of the URI");
        origin("/r", resp(200, "Cache-Control", "max-age=60").body("post"),
                resp(200, "Cache-Control", "max-age=60").body("get"));
        req("POST", "/r").asked(true);
        get("/r").asked(true).body("get");

        test("RFC9111 §3", "postResponses_areNotReusedForPost", Level.MUST,
                "POST is not answered from storage");
        origin("/r", resp(200, "Cache-Control", "max-age=60"));
        req("POST", "/r").asked(true);
        req("POST", "/r").asked(true);

        test("RFC9111 §3", "differentQuery_isADifferentResponse", Level.MUST,
                "the target URI, query included, is the primary key");
        origin("/r", resp(200, "Cache-Control", "max-age=60"));
        get("/r?a=1").asked(true);
        get("/r?a=2").asked(true);
        get("/r?a=1").asked(false);

        test("RFC9111 §3", "pathCase_isSignificant", Level.MUST,
                "paths that differ in case are different resources");
        origin("/r", resp(200, "Cache-Control", "max-age=60"));
        origin("/R", resp(200, "Cache-Control", "max-age=60"));
        get("/r").asked(true);
        get("/R").asked(true);

        test("RFC9111 §3.3", "partial206FromOrigin_isPassedOnAndNotStored", Level.MUST,
                "a 206 is not stored by a cache that does not store partial content");
        origin("/r", resp(206, "Cache-Control", "max-age=60", "Content-Range", "bytes 0-3/10")
                .body("part"));
        get("/r").status(206).body("part").header("Content-Range", "bytes 0-3/10").asked(true);
        get("/r").asked(true);

        test("RFC9111 §3.5", "authorizationRequest_privateByDefault", Level.MUST,
                "a response to a request with Authorization is not shared without public,"
                        + " s-maxage or must-revalidate");
        origin("/r", resp(200, "Cache-Control", "max-age=60").body("alice"),
                resp(200, "Cache-Control", "max-age=60").body("anonymous"));
        get("/r", "Authorization", "Basic YWxpY2U6cHc=").body("alice");
        get("/r").body("anonymous").asked(true);

        test("RFC9111 §3.5", "authorizationRequest_sMaxAgeMayBeShared", Level.MAY,
                "with s-maxage, a response to a request with Authorization may be stored");
        origin("/r", resp(200, "Cache-Control", "s-maxage=60").body("shared"));
        get("/r", "Authorization", "Basic YWxpY2U6cHc=").asked(true);
        get("/r").body("shared").asked(false);
        deliberate("requests with Authorization bypass the edge entirely: it never stores"
                + " or serves them, which the RFC allows");

        test("RFC9111 §3", "headRequest_isAnsweredFromAStoredGet", Level.MAY,
                "a stored GET response answers HEAD");
        origin("/r", resp(200, "Cache-Control", "max-age=60"));
        get("/r").asked(true);
        req("HEAD", "/r").status(200).asked(false).body("");

        test("RFC9111 §3", "headFirst_doesNotStoreAnEmptyGetBody", Level.MUST,
                "a response to HEAD never becomes the body of a later GET");
        origin("/r", resp(200, "Cache-Control", "max-age=60").body("full"));
        req("HEAD", "/r").status(200).body("");
        get("/r").status(200).body("full");

        test("RFC9111 §4.3.5", "headOnAStaleResponse_isSentOnAsAConditionalGet", Level.MAY,
                "a HEAD for a stale stored response goes to the origin as a conditional GET;"
                        + " its 304 freshens the stored response, which answers the HEAD and"
                        + " the GETs after it");
        origin("/r", resp(200, "Cache-Control", "max-age=1", "ETag", "\"v1\"").body("stored"),
                resp(304, "Cache-Control", "max-age=60", "ETag", "\"v1\""));
        get("/r").asked(true).body("stored");
        advance(2);
        req("HEAD", "/r").status(200).asked(true).body("").originMethod("GET")
                .originSent("If-None-Match", "\"v1\"");
        get("/r").asked(false).body("stored");

        test("RFC9111 §4.3.5", "headOnAStaleResponse_answeredGone_replacesIt", Level.MAY,
                "the origin's 410 to the GET sent for a HEAD replaces the stored 200, as the"
                        + " answer to any GET would");
        origin("/r", resp(200, "Cache-Control", "max-age=1").body("stored"),
                resp(410, "Cache-Control", "max-age=60").body("gone"));
        get("/r").asked(true).body("stored");
        advance(2);
        req("HEAD", "/r").status(410).asked(true).body("").originMethod("GET");
        get("/r").asked(false).status(410).body("gone");
    }

    // ---------------------------------------------------------------- status codes

    private void statuses() {
        for (int s : new int[] {200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501}) {
            test("RFC9110 §15.1", "heuristicallyCacheable" + s + "_isStored", Level.MAY,
                    s + " is heuristically cacheable: stored with only Last-Modified");
            storedThenHit(resp(s, "Last-Modified", LM, "Location", "{p}/x"));
        }
        for (int s : new int[] {302, 303, 307, 400, 403, 500, 502, 503}) {
            test("RFC9111 §3", "status" + s + "WithoutExplicitFreshness_isNotStored", Level.MUST,
                    s + " is not heuristically cacheable: not stored without explicit freshness");
            neverReused(resp(s, "Last-Modified", LM, "Location", "{p}/x"));
        }
        for (int s : new int[] {302, 307, 403, 500, 503}) {
            test("RFC9111 §3", "status" + s + "WithMaxAge_isStored", Level.MAY,
                    s + " with explicit freshness may be stored");
            storedThenHit(resp(s, "Cache-Control", "max-age=60", "Location", "{p}/x"));
        }
        test("RFC9111 §3", "status302WithExpires_isStored", Level.MAY,
                "a 302 with Expires may be stored");
        storedThenHit(resp(302, "Expires", "{now+60}", "Location", "{p}/x"));
        test("RFC9111 §3", "status307WithSMaxAge_isStored", Level.MAY,
                "a 307 with s-maxage may be stored");
        storedThenHit(resp(307, "Cache-Control", "s-maxage=60", "Location", "{p}/x"));

        test("RFC9111 §5.2.2.3", "mustUnderstand_unknownStatus_isNotStored", Level.MUST,
                "must-understand with a status the cache does not understand: not stored");
        neverReused(resp(299, "Cache-Control", "must-understand, no-store, max-age=60"));
        test("RFC9111 §5.2.2.3", "mustUnderstand_knownStatus_overridesNoStore", Level.MAY,
                "must-understand with an understood status: no-store is ignored");
        storedThenHit(resp(200, "Cache-Control", "must-understand, no-store, max-age=60"));
        test("RFC9111 §3", "unknownStatus_isNotStored", Level.MAY,
                "a status the cache does not understand is not stored (the edge's choice)");
        neverReused(resp(299, "Cache-Control", "max-age=60"));
    }

    // ---------------------------------------------------------------- RFC 9111 §4.1

    private void vary() {
        Resp v = resp(200, "Cache-Control", "max-age=60", "Vary", "Accept-Language");
        test("RFC9111 §4.1", "vary_sameValue_isReused", Level.MAY,
                "the first response of a URI with Vary is stored; the same value reuses it");
        origin("/r", v.body("en"), v.body("fr"));
        get("/r", "Accept-Language", "en").asked(true);
        get("/r", "Accept-Language", "en").asked(false).body("en");

        test("RFC9111 §4.1", "vary_otherValue_isNotServed", Level.MUST,
                "a stored response is not used for a request with another value");
        origin("/r", v.body("en"), v.body("fr"));
        get("/r", "Accept-Language", "en").body("en");
        get("/r", "Accept-Language", "fr").asked(true).body("fr");

        test("RFC9111 §4.1", "vary_twoVariants_areBothKept", Level.MAY,
                "several responses of one URI are stored, one per secondary key");
        origin("/r", v.body("en"), v.body("fr"));
        get("/r", "Accept-Language", "en");
        get("/r", "Accept-Language", "fr");
        get("/r", "Accept-Language", "en").asked(false).body("en");
        get("/r", "Accept-Language", "fr").asked(false).body("fr");

        test("RFC9111 §4.1", "vary_absentThenPresent_doesNotMatch", Level.MUST,
                "a field absent from the first request and present in the new one: no match");
        origin("/r", v.body("none"), v.body("de"));
        get("/r").body("none");
        get("/r", "Accept-Language", "de").asked(true).body("de");

        test("RFC9111 §4.1", "vary_absentInBoth_matches", Level.MAY,
                "a field absent from both requests matches");
        origin("/r", v.body("none"), v.body("other"));
        get("/r");
        get("/r").asked(false).body("none");

        test("RFC9111 §4.1", "vary_whitespaceAroundCommas_isNormalized", Level.MAY,
                "values that differ only in whitespace around commas match");
        origin("/r", v.body("one"), v.body("two"));
        get("/r", "Accept-Language", "en,fr");
        get("/r", "Accept-Language", "en, fr").asked(false).body("one");

        test("RFC9111 §4.1", "vary_fieldNameCase_doesNotMatter", Level.MAY,
                "Vary names fields case-insensitively");
        origin("/r", resp(200, "Cache-Control", "max-age=60", "Vary", "accept-LANGUAGE")
                .body("en"));
        get("/r", "Accept-Language", "en");
        get("/r", "Accept-Language", "en").asked(false);

        Resp two = resp(200, "Cache-Control", "max-age=60", "Vary", "Accept-Language, X-Dev");
        test("RFC9111 §4.1", "vary_twoFields_bothMustMatch", Level.MUST,
                "with two fields named, a difference in either is no match");
        origin("/r", two.body("a"), two.body("b"));
        get("/r", "Accept-Language", "en", "X-Dev", "phone");
        get("/r", "Accept-Language", "en", "X-Dev", "desktop").asked(true).body("b");

        test("RFC9111 §4.1", "vary_twoFieldsEqual_matches", Level.MAY,
                "with two fields named and both equal, the stored response is reused");
        origin("/r", two.body("a"), two.body("b"));
        get("/r", "Accept-Language", "en", "X-Dev", "phone");
        get("/r", "Accept-Language", "en", "X-Dev", "phone").asked(false).body("a");

        test("RFC9111 §4.1", "varyStar_neverMatches", Level.MUST,
                "Vary: * always fails to match");
        neverReused(resp(200, "Cache-Control", "max-age=60", "Vary", "*"));

        test("RFC9111 §4.1", "varyStarInAList_neverMatches", Level.MUST,
                "a Vary list containing * always fails to match");
        neverReused(resp(200, "Cache-Control", "max-age=60", "Vary", "Accept-Language, *"));

        test("RFC9111 §4.1", "varyCookie_otherUser_isNotServed", Level.MUST,
                "Vary: Cookie keeps one user's response from another");
        origin("/r", resp(200, "Cache-Control", "max-age=60", "Vary", "Cookie").body("ann"),
                resp(200, "Cache-Control", "max-age=60", "Vary", "Cookie").body("bob"));
        get("/r", "Cookie", "user=ann").body("ann");
        get("/r", "Cookie", "user=bob").body("bob").asked(true);

        test("RFC9111 §4.1", "vary_newResponseReplacesTheMatchingVariant", Level.MAY,
                "a newer response replaces the variant the same request selects");
        Resp one = resp(200, "Cache-Control", "max-age=1", "Vary", "Accept-Language");
        origin("/r", one.body("v1"), one.body("v2"), one.body("v3"));
        get("/r", "Accept-Language", "en").body("v1");
        advance(2);
        get("/r", "Accept-Language", "en").body("v2").asked(true);
        get("/r", "Accept-Language", "en").body("v2").asked(false);
    }

    // ---------------------------------------------------------------- RFC 9111 §4.2

    private void freshness() {
        test("RFC9111 §4.2.1", "sMaxAge_winsOverMaxAgeInASharedCache", Level.MUST,
                "a shared cache uses s-maxage before max-age");
        origin("/r", resp(200, "Cache-Control", "max-age=1, s-maxage=60").body("one"),
                resp(200).body("two"));
        get("/r");
        advance(2);
        get("/r").asked(false).body("one");

        test("RFC9111 §4.2.1", "sMaxAgeZero_winsOverMaxAge", Level.MUST,
                "s-maxage=0 makes the response stale for a shared cache whatever max-age says");
        origin("/r", resp(200, "Cache-Control", "max-age=60, s-maxage=0").body("one"),
                resp(200).body("two"));
        get("/r");
        advance(1);
        get("/r").asked(true).body("two");

        test("RFC9111 §4.2.1", "maxAge_winsOverExpires", Level.MUST,
                "max-age is used before Expires");
        origin("/r", resp(200, "Cache-Control", "max-age=60", "Expires", "{now-60}")
                .body("one"), resp(200).body("two"));
        get("/r");
        get("/r").asked(false).body("one");

        test("RFC9111 §4.2.1", "shortMaxAge_winsOverLongExpires", Level.MUST,
                "max-age is used before a later Expires");
        origin("/r", resp(200, "Cache-Control", "max-age=1", "Expires", "{now+3600}")
                .body("one"), resp(200).body("two"));
        get("/r");
        advance(2);
        get("/r").asked(true).body("two");

        test("RFC9111 §4.2.1", "expiresMinusDate_isTheLifetime", Level.MAY,
                "Expires minus Date gives the freshness lifetime");
        storedThenHit(resp(200, "Expires", "{now+60}"));

        test("RFC9111 §4.2.1", "expiresInThePast_isStale", Level.MUST,
                "an Expires before Date: stale at once");
        neverReused(resp(200, "Expires", "{now-60}"));

        test("RFC9111 §4.2.1", "maxAgeExpired_isStale", Level.MUST,
                "a response older than max-age is not served without validation");
        origin("/r", resp(200, "Cache-Control", "max-age=1").body("one"),
                resp(200, "Cache-Control", "max-age=1").body("two"));
        get("/r");
        advance(2);
        get("/r").asked(true).body("two");

        test("RFC9111 §4.2.1", "maxAgeZero_isStaleAtOnce", Level.MUST,
                "max-age=0 without a validator is never reused");
        neverReused(resp(200, "Cache-Control", "max-age=0"));

        test("RFC9111 §1.2.2", "hugeMaxAge_isCappedNotOverflowed", Level.MUST,
                "delta-seconds beyond 2^31 are read as 2^31, not as an overflow");
        storedThenHit(resp(200, "Cache-Control", "max-age=99999999999999999999"));

        test("RFC9111 §4.2.1", "invalidMaxAgeFraction_isStale", Level.SHOULD,
                "max-age=3600.5 is invalid freshness information: stale (the edge's reading)");
        neverReused(resp(200, "Cache-Control", "max-age=3600.5"));

        test("RFC9111 §4.2.1", "invalidMaxAgeWord_isStale", Level.SHOULD,
                "max-age=soon is invalid freshness information: stale");
        neverReused(resp(200, "Cache-Control", "max-age=soon"));

        test("RFC9111 §4.2.1", "negativeMaxAge_isStale", Level.SHOULD,
                "max-age=-1 is invalid: stale");
        neverReused(resp(200, "Cache-Control", "max-age=-1"));

        test("RFC9111 §4.2.1", "invalidMaxAge_isNotRescuedByExpires", Level.SHOULD,
                "an invalid max-age still wins over a valid Expires");
        neverReused(resp(200, "Cache-Control", "max-age=1.5", "Expires", "{now+3600}"));

        test("RFC9111 §4.2.2", "heuristicFreshness_fromLastModified", Level.MAY,
                "a 200 with only Last-Modified gets a heuristic lifetime");
        storedThenHit(resp(200, "Last-Modified", LM));

        test("RFC9111 §4.2.2", "noHeuristicsWithExplicitFreshness", Level.MUST,
                "heuristics are not used when max-age is present");
        neverReused(resp(200, "Cache-Control", "max-age=0", "Last-Modified", LM));

        test("RFC9111 §4.2.2", "noHeuristicsWithExpires", Level.MUST,
                "heuristics are not used when Expires is present");
        neverReused(resp(200, "Expires", "0", "Last-Modified", LM));

        test("RFC9111 §4.2.3", "upstreamAgeBeyondMaxAge_isStaleOnArrival", Level.MUST,
                "the Age received counts toward the current age");
        neverReused(resp(200, "Cache-Control", "max-age=60", "Age", "100"));

        test("RFC9111 §4.2.3", "upstreamAgeBelowMaxAge_isFresh", Level.MAY,
                "a response with Age below max-age is still fresh");
        storedThenHit(resp(200, "Cache-Control", "max-age=60", "Age", "30"));

        test("RFC9111 §4.2.3", "upstreamAge_isAddedToTheAgeSent", Level.MUST,
                "the Age sent includes the Age received");
        origin("/r", resp(200, "Cache-Control", "max-age=600", "Age", "30"));
        get("/r");
        get("/r").asked(false).ageAtLeast(30);

        test("RFC9111 §5.1", "invalidAge_isIgnored", Level.MAY,
                "an invalid Age is ignored");
        storedThenHit(resp(200, "Cache-Control", "max-age=60", "Age", "soon"));

        test("RFC9111 §5.1", "hit_carriesAge", Level.MUST,
                "a response served from storage without validation carries Age");
        origin("/r", resp(200, "Cache-Control", "max-age=60"));
        get("/r");
        get("/r").asked(false).ageAtLeast(0);

        test("RFC9111 §4.2.3", "ageGrowsWithResidentTime", Level.MUST,
                "Age counts the time the response has been stored");
        origin("/r", resp(200, "Cache-Control", "max-age=60"));
        get("/r");
        advance(2);
        get("/r").asked(false).ageAtLeast(2);

        test("RFC9111 §4.2.4", "staleWithoutPermission_isNotServed", Level.MUST,
                "a cache does not serve a stale response without permission (no grace)");
        origin("/r", resp(200, "Cache-Control", "max-age=1").body("old"),
                resp(200, "Cache-Control", "max-age=1").body("new"));
        get("/r");
        advance(2);
        get("/r").body("new");

        test("RFC9111 §4.2.4", "staleWithValidator_isRevalidatedNotServed", Level.MUST,
                "a stale response with an ETag is revalidated before it is served");
        origin("/r", resp(200, "Cache-Control", "max-age=1", "ETag", "\"v1\"").body("old"),
                resp(200, "Cache-Control", "max-age=1", "ETag", "\"v2\"").body("new"));
        get("/r");
        advance(2);
        get("/r").asked(true).body("new");
    }

    // ---------------------------------------------------------------- dates

    private void dates() {
        for (String[] e : new String[][] {
            {"expiresZero", "0"},
            {"expiresGarbage", "yesterday"},
            {"expiresCookieStyle", "Thu, 18-Aug-2050 02:01:18 GMT"},
            {"expiresNumericZone", "Thu, 18 Aug 2050 02:01:18 +0000"},
            {"expiresEmpty", ""},
        }) {
            test("RFC9111 §5.3", e[0] + "_isAlreadyExpired", Level.MUST,
                    "an invalid Expires (" + e[1] + ") means already expired");
            neverReused(resp(200, "Expires", e[1]));
        }
        test("RFC9110 §5.6.7", "expiresRfc850_isUnderstood", Level.MUST,
                "Expires in the obsolete RFC 850 form is accepted");
        storedThenHit(resp(200, "Expires", "Sunday, 06-Nov-50 08:49:37 GMT"));
        test("RFC9110 §5.6.7", "expiresAsctime_isUnderstood", Level.MUST,
                "Expires in asctime form is accepted");
        storedThenHit(resp(200, "Expires", "Sun Nov  6 08:49:37 2050"));
        test("RFC9111 §5.3", "twoExpires_firstOrStale", Level.SHOULD,
                "with two Expires lines, the first is used or the response is stale");
        origin("/r", resp(200, "Expires", "{now-60}", "Expires", "{now+60}").body("one"),
                resp(200).body("two"));
        get("/r");
        get("/r").asked(true);
    }

    // ---------------------------------------------------------------- RFC 9111 §4.3

    private void validation() {
        test("RFC9111 §4.3.1", "staleWithEtag_sendsIfNoneMatch", Level.MUST,
                "revalidating a stored response with an ETag sends it in If-None-Match");
        origin("/r", resp(200, "Cache-Control", "max-age=1", "ETag", "\"v1\"").body("old"),
                resp(304, "Cache-Control", "max-age=1", "ETag", "\"v1\""));
        get("/r");
        advance(2);
        get("/r").asked(true).originSent("If-None-Match", "\"v1\"").status(200).body("old");

        test("RFC9111 §4.3.1", "staleWithLastModified_sendsIfModifiedSince", Level.SHOULD,
                "revalidating with only Last-Modified sends If-Modified-Since");
        origin("/r", resp(200, "Cache-Control", "max-age=1", "Last-Modified", LM).body("old"),
                resp(304, "Cache-Control", "max-age=1"));
        get("/r");
        advance(2);
        get("/r").asked(true).originSent("If-Modified-Since", LM).body("old");

        test("RFC9111 §4.3.3", "notModified_servesTheStoredBody", Level.MUST,
                "a 304 makes the cache send its stored response, with status 200");
        origin("/r", resp(200, "Cache-Control", "max-age=1", "ETag", "\"v1\"").body("stored"),
                resp(304, "Cache-Control", "max-age=60", "ETag", "\"v1\""));
        get("/r");
        advance(2);
        get("/r").status(200).body("stored");

        test("RFC9111 §4.3.4", "notModified_freshensTheStoredResponse", Level.MAY,
                "after a 304 with max-age=60 the response is fresh again");
        origin("/r", resp(200, "Cache-Control", "max-age=1", "ETag", "\"v1\"").body("stored"),
                resp(304, "Cache-Control", "max-age=60", "ETag", "\"v1\""));
        get("/r");
        advance(2);
        get("/r");
        get("/r").asked(false).body("stored");

        test("RFC9111 §3.2", "notModified_updatesStoredHeaders", Level.MUST,
                "fields of the 304 replace the stored ones");
        origin("/r", resp(200, "Cache-Control", "max-age=1", "ETag", "\"v1\"",
                "X-Version", "1").body("stored"),
                resp(304, "Cache-Control", "max-age=60", "ETag", "\"v1\"", "X-Version", "2"));
        get("/r");
        advance(2);
        get("/r").header("X-Version", "2");
        get("/r").asked(false).header("X-Version", "2");

        test("RFC9111 §3.2", "notModified_updatesStoredHeadersAlreadyServed", Level.MUST,
                "fields of the 304 replace the stored ones a hit has already sent");
        origin("/r", resp(200, "Cache-Control", "max-age=1", "ETag", "\"v1\"",
                "X-Version", "1").body("stored"),
                resp(304, "Cache-Control", "max-age=60", "ETag", "\"v1\"", "X-Version", "2"));
        get("/r");
        get("/r").asked(false).header("X-Version", "1");
        advance(2);
        get("/r").header("X-Version", "2");
        get("/r").asked(false).header("X-Version", "2").header("Cache-Control", "max-age=60");

        test("RFC9111 §4.3.3", "fullResponseToConditional_replacesStored", Level.MUST,
                "a 200 in answer to the conditional request is used and stored");
        origin("/r", resp(200, "Cache-Control", "max-age=1", "ETag", "\"v1\"").body("old"),
                resp(200, "Cache-Control", "max-age=60", "ETag", "\"v2\"").body("new"));
        get("/r");
        advance(2);
        get("/r").body("new");
        get("/r").asked(false).body("new");

        test("RFC9111 §4.3.3", "errorDuringRevalidation_isForwarded", Level.MUST,
                "a 5xx in answer to the revalidation is forwarded without stale-if-error");
        origin("/r", resp(200, "Cache-Control", "max-age=1", "ETag", "\"v1\"").body("old"),
                resp(500).body("error"));
        get("/r");
        advance(2);
        get("/r").status(500);

        test("RFC9111 §5.2.2.2", "mustRevalidate_staleIsNotServedOnError", Level.MUST,
                "must-revalidate: a stale response is not served when the origin fails");
        origin("/r", resp(200, "Cache-Control", "max-age=1, must-revalidate, stale-if-error=60")
                .body("old"), resp(503).body("down"));
        get("/r");
        advance(2);
        get("/r").status(503);

        test("RFC9111 §5.2.2.4", "noCache_revalidatesEveryUse", Level.MUST,
                "no-cache: every use is validated with the origin");
        origin("/r", resp(200, "Cache-Control", "no-cache", "ETag", "\"v1\"").body("one"),
                resp(200, "Cache-Control", "no-cache", "ETag", "\"v2\"").body("two"));
        get("/r");
        get("/r").asked(true).body("two");

        test("RFC9111 §5.2.2.4", "noCacheWithoutValidator_asksEveryTime", Level.MUST,
                "no-cache without a validator: the origin is asked every time");
        neverReused(resp(200, "Cache-Control", "no-cache, max-age=60"));

        test("RFC9111 §5.2.2.8", "proxyRevalidate_staleNotServedWithMaxStale", Level.MUST,
                "proxy-revalidate: a shared cache does not serve stale, even with max-stale");
        origin("/r", resp(200, "Cache-Control", "max-age=1, proxy-revalidate").body("old"),
                resp(200, "Cache-Control", "max-age=1").body("new"));
        get("/r");
        advance(2);
        get("/r", "Cache-Control", "max-stale=60").body("new");

        test("RFC9111 §5.2.2.10", "sMaxAge_impliesProxyRevalidate", Level.MUST,
                "s-maxage: a shared cache does not serve stale, even with max-stale");
        origin("/r", resp(200, "Cache-Control", "s-maxage=1").body("old"),
                resp(200, "Cache-Control", "s-maxage=1").body("new"));
        get("/r");
        advance(2);
        get("/r", "Cache-Control", "max-stale=60").body("new");
    }

    // ---------------------------------------------------------------- RFC 9110 §13

    private void clientConditionals() {
        Resp v = resp(200, "Cache-Control", "max-age=60", "ETag", "\"v1\"",
                "Last-Modified", LM);
        String[][] ok = {
            {"ifNoneMatchStrong", "If-None-Match", "\"v1\""},
            {"ifNoneMatchWeak", "If-None-Match", "W/\"v1\""},
            {"ifNoneMatchList", "If-None-Match", "\"v0\", \"v1\""},
            {"ifNoneMatchStar", "If-None-Match", "*"},
            {"ifModifiedSinceImf", "If-Modified-Since", LM},
            {"ifModifiedSinceRfc850", "If-Modified-Since", "Monday, 01-Jan-24 00:00:00 GMT"},
            {"ifModifiedSinceAsctime", "If-Modified-Since", "Mon Jan  1 00:00:00 2024"},
            {"ifModifiedSinceLater", "If-Modified-Since", "Tue, 02 Jan 2024 00:00:00 GMT"},
        };
        for (String[] k : ok) {
            test("RFC9110 §13.1", k[0] + "_isAnswered304FromStorage", Level.SHOULD,
                    "the cache evaluates " + k[1] + ": " + k[2] + " against its stored 200");
            origin("/r", v);
            get("/r");
            get("/r", k[1], k[2]).status(304).asked(false).body("");
        }
        String[][] full = {
            {"ifNoneMatchOther", "If-None-Match", "\"v2\""},
            {"ifModifiedSinceEarlier", "If-Modified-Since", "Sun, 31 Dec 2023 00:00:00 GMT"},
            {"ifModifiedSinceInvalid", "If-Modified-Since", "yesterday"},
        };
        for (String[] k : full) {
            test("RFC9110 §13.1", k[0] + "_getsTheFull200", Level.MUST,
                    k[1] + ": " + k[2] + " does not match: the full 200");
            origin("/r", v);
            get("/r");
            get("/r", k[1], k[2]).status(200).body("body");
        }
        test("RFC9110 §13.2.2", "ifNoneMatch_takesPrecedenceOverIfModifiedSince", Level.MUST,
                "If-Modified-Since is ignored when If-None-Match is present");
        origin("/r", v);
        get("/r");
        get("/r", "If-None-Match", "\"other\"", "If-Modified-Since", LM).status(200);

        test("RFC9110 §15.4.5", "notModified_carriesEtagAndCacheControl", Level.MUST,
                "a 304 carries the fields a 200 would have: ETag, Cache-Control");
        origin("/r", v);
        get("/r");
        get("/r", "If-None-Match", "\"v1\"").status(304).header("ETag", "\"v1\"")
                .headerHas("Cache-Control", "max-age=60");
    }

    // ---------------------------------------------------------------- RFC 9111 §4.4

    private void invalidation() {
        for (String m : new String[] {"POST", "PUT", "DELETE", "PATCH", "PURGEME"}) {
            test("RFC9111 §4.4", m.toLowerCase(Locale.ROOT) + "_invalidatesTheTargetUri",
                    Level.MUST, "a 2xx to " + m + " invalidates the stored responses of the URI");
            origin("/r", resp(200, "Cache-Control", "max-age=60").body("old"),
                    resp(200).body("done"),
                    resp(200, "Cache-Control", "max-age=60").body("new"));
            get("/r").body("old");
            req(m, "/r").status(200);
            get("/r").asked(true).body("new");
        }
        test("RFC9111 §4.4", "redirectToPost_invalidates", Level.MUST,
                "a 3xx to an unsafe method is a non-error response: it invalidates");
        origin("/r", resp(200, "Cache-Control", "max-age=60").body("old"),
                resp(303, "Location", "{p}/elsewhere").body("moved"),
                resp(200, "Cache-Control", "max-age=60").body("new"));
        get("/r");
        req("POST", "/r").status(303);
        get("/r").asked(true).body("new");

        test("RFC9111 §4.4", "errorToPost_mayKeepTheStoredResponse", Level.MAY,
                "an error response to an unsafe method need not invalidate");
        origin("/r", resp(200, "Cache-Control", "max-age=60").body("old"),
                resp(500).body("failed"));
        get("/r");
        req("POST", "/r").status(500);
        get("/r").asked(false).body("old");

        test("RFC9111 §4.4", "location_sameOrigin_isInvalidated", Level.MUST,
                "the same-origin Location of a non-error response to POST is invalidated");
        origin("/b", resp(200, "Cache-Control", "max-age=60").body("old"),
                resp(200, "Cache-Control", "max-age=60").body("new"));
        origin("/a", resp(201, "Location", "{origin}{p}/b").body("created"));
        get("/b");
        req("POST", "/a").status(201);
        get("/b").asked(true).body("new");

        test("RFC9111 §4.4", "relativeLocation_isInvalidated", Level.MUST,
                "a relative Location is resolved against the target URI and invalidated");
        origin("/b", resp(200, "Cache-Control", "max-age=60").body("old"),
                resp(200, "Cache-Control", "max-age=60").body("new"));
        origin("/a", resp(201, "Location", "{p}/b").body("created"));
        get("/b");
        req("POST", "/a").status(201);
        get("/b").asked(true).body("new");

        test("RFC9111 §4.4", "contentLocation_sameOrigin_isInvalidated", Level.MUST,
                "the same-origin Content-Location of a non-error response to PUT is invalidated");
        origin("/b", resp(200, "Cache-Control", "max-age=60").body("old"),
                resp(200, "Cache-Control", "max-age=60").body("new"));
        origin("/a", resp(200, "Content-Location", "{p}/b").body("updated"));
        get("/b");
        req("PUT", "/a").status(200);
        get("/b").asked(true).body("new");

        test("RFC9111 §4.4", "location_otherHost_isNotInvalidated", Level.MUST,
                "a Location on another host does not invalidate anything here");
        origin("/b", resp(200, "Cache-Control", "max-age=60").body("old"));
        origin("/a", resp(201, "Location", "http://other.example{p}/b").body("created"));
        get("/b");
        req("POST", "/a").status(201);
        get("/b").asked(false).body("old");

        test("RFC9111 §4.4", "post_invalidatesEveryVariant", Level.MUST,
                "invalidation removes all stored responses of the URI, every variant");
        Resp v = resp(200, "Cache-Control", "max-age=60", "Vary", "Accept-Language");
        origin("/r", v.body("en"), v.body("fr"), resp(200).body("done"), v.body("en2"),
                v.body("fr2"));
        get("/r", "Accept-Language", "en");
        get("/r", "Accept-Language", "fr");
        req("POST", "/r").status(200);
        get("/r", "Accept-Language", "en").asked(true).body("en2");
        get("/r", "Accept-Language", "fr").asked(true).body("fr2");

        test("RFC9111 §4.4", "get_doesNotInvalidate", Level.MAY,
                "a safe method invalidates nothing");
        origin("/r", resp(200, "Cache-Control", "max-age=60").body("old"));
        get("/r");
        req("OPTIONS", "/r");
        get("/r").asked(false).body("old");
    }

    // ---------------------------------------------------------------- RFC 9111 §5.2.1

    private void requestDirectives() {
        Resp fresh = resp(200, "Cache-Control", "max-age=60");
        test("RFC9111 §5.2.1.4", "requestNoCache_validatesWithOrigin", Level.MUST,
                "request no-cache: the stored response is not used without validation");
        origin("/r", fresh.body("one"), fresh.body("two"));
        get("/r");
        get("/r", "Cache-Control", "no-cache").asked(true).body("two");

        test("RFC9111 §5.2.1.4", "requestNoCache_sendsTheValidator", Level.SHOULD,
                "request no-cache with a stored ETag: a conditional request");
        origin("/r", resp(200, "Cache-Control", "max-age=60", "ETag", "\"v1\"").body("one"),
                resp(304, "ETag", "\"v1\"", "Cache-Control", "max-age=60"));
        get("/r");
        get("/r", "Cache-Control", "no-cache").asked(true)
                .originSent("If-None-Match", "\"v1\"").body("one");

        test("RFC9111 §5.4", "pragmaNoCache_withoutCacheControl_validates", Level.MAY,
                "Pragma: no-cache in a request without Cache-Control acts as no-cache");
        origin("/r", fresh.body("one"), fresh.body("two"));
        get("/r");
        get("/r", "Pragma", "no-cache").asked(true).body("two");

        test("RFC9111 §5.2.1.5", "requestNoStore_responseIsNotStored", Level.MUST,
                "request no-store: the response is not stored");
        origin("/r", fresh.body("one"), fresh.body("two"));
        get("/r", "Cache-Control", "no-store").body("one");
        get("/r").asked(true).body("two");

        test("RFC9111 §5.2.1.5", "requestNoStore_mayUseStoredResponse", Level.MAY,
                "request no-store does not forbid using a response stored before");
        origin("/r", fresh.body("one"), fresh.body("two"));
        get("/r");
        get("/r", "Cache-Control", "no-store").asked(false).body("one");

        test("RFC9111 §5.2.1.1", "requestMaxAge_olderIsNotUsed", Level.SHOULD,
                "request max-age=1: a response aged 2 s is not used");
        origin("/r", fresh.body("one"), fresh.body("two"));
        get("/r");
        advance(2);
        get("/r", "Cache-Control", "max-age=1").asked(true).body("two");

        test("RFC9111 §5.2.1.1", "requestMaxAge_youngerIsUsed", Level.MAY,
                "request max-age=600: a fresh response younger than that is used");
        origin("/r", fresh.body("one"), fresh.body("two"));
        get("/r");
        get("/r", "Cache-Control", "max-age=600").asked(false).body("one");

        test("RFC9111 §5.2.1.2", "maxStale_allowsAStaleResponse", Level.MAY,
                "request max-stale=60: a response stale by 1 s may be used");
        origin("/r", resp(200, "Cache-Control", "max-age=1").body("one"), fresh.body("two"));
        get("/r");
        advance(2);
        get("/r", "Cache-Control", "max-stale=60").asked(false).body("one");

        test("RFC9111 §5.2.1.2", "maxStaleWithoutValue_allowsAnyStaleness", Level.MAY,
                "request max-stale without a value: any stale response may be used");
        origin("/r", resp(200, "Cache-Control", "max-age=1").body("one"), fresh.body("two"));
        get("/r");
        advance(2);
        get("/r", "Cache-Control", "max-stale").asked(false).body("one");

        test("RFC9111 §5.2.1.2", "maxStale_beyondTheLimitIsNotUsed", Level.MUST,
                "request max-stale=1: a response stale by more is not used");
        origin("/r", resp(200, "Cache-Control", "max-age=1").body("one"), fresh.body("two"));
        get("/r");
        advance(4);
        get("/r", "Cache-Control", "max-stale=1").asked(true).body("two");

        test("RFC9111 §5.2.2.2", "mustRevalidate_overridesMaxStale", Level.MUST,
                "must-revalidate: request max-stale does not allow the stale response");
        origin("/r", resp(200, "Cache-Control", "max-age=1, must-revalidate").body("one"),
                fresh.body("two"));
        get("/r");
        advance(2);
        get("/r", "Cache-Control", "max-stale=60").asked(true).body("two");

        test("RFC9111 §5.2.1.3", "minFresh_tooLittleLeftIsNotUsed", Level.SHOULD,
                "request min-fresh=120 on a max-age=60 response: not used");
        origin("/r", fresh.body("one"), fresh.body("two"));
        get("/r");
        get("/r", "Cache-Control", "min-fresh=120").asked(true).body("two");

        test("RFC9111 §5.2.1.3", "minFresh_enoughLeftIsUsed", Level.MAY,
                "request min-fresh=10 on a max-age=60 response: used");
        origin("/r", fresh.body("one"), fresh.body("two"));
        get("/r");
        get("/r", "Cache-Control", "min-fresh=10").asked(false).body("one");

        test("RFC9111 §5.2.1.7", "onlyIfCached_nothingStored_is504", Level.SHOULD,
                "only-if-cached with nothing stored: 504, the origin is not asked");
        origin("/r", fresh);
        get("/r", "Cache-Control", "only-if-cached").status(504).asked(false);

        test("RFC9111 §5.2.1.7", "onlyIfCached_freshStored_isServed", Level.SHOULD,
                "only-if-cached with a fresh stored response: it is served");
        origin("/r", fresh.body("one"));
        get("/r");
        get("/r", "Cache-Control", "only-if-cached").status(200).asked(false).body("one");

        test("RFC9111 §5.2.1.7", "onlyIfCached_staleStored_is504", Level.SHOULD,
                "only-if-cached with only a stale response stored: 504");
        origin("/r", resp(200, "Cache-Control", "max-age=1"));
        get("/r");
        advance(2);
        get("/r", "Cache-Control", "only-if-cached").status(504).asked(false);

        test("RFC9111 §5.2.1.7", "onlyIfCached_otherVariant_is504", Level.SHOULD,
                "only-if-cached when only another variant is stored: 504");
        origin("/r", resp(200, "Cache-Control", "max-age=60", "Vary", "Accept-Language"));
        get("/r", "Accept-Language", "en");
        get("/r", "Accept-Language", "fr", "Cache-Control", "only-if-cached").status(504)
                .asked(false);
    }

    // ---------------------------------------------------------------- RFC 9111 §5.2.2

    private void responseDirectives() {
        test("RFC9111 §5.2.2.5", "noStore_isNotStored", Level.MUST,
                "no-store: not stored");
        neverReused(resp(200, "Cache-Control", "no-store, max-age=60"));

        test("RFC9111 §5.2.2.7", "private_isNotStoredInASharedCache", Level.MUST,
                "private: a shared cache does not store it");
        neverReused(resp(200, "Cache-Control", "private, max-age=60"));

        test("RFC9111 §5.2.2.7", "privateUppercase_isNotStored", Level.MUST,
                "directive names are case-insensitive: PRIVATE");
        neverReused(resp(200, "Cache-Control", "PRIVATE, max-age=60"));

        test("RFC9111 §5.2.2.7", "privateInSecondLine_isNotStored", Level.MUST,
                "directives of several Cache-Control lines are combined");
        neverReused(resp(200, "Cache-Control", "max-age=60", "Cache-Control", "private"));

        test("RFC9111 §5.2.2.7", "qualifiedPrivate_fieldIsNotSharedStored", Level.MUST,
                "private=\"X-User\": a shared cache does not store that field");
        origin("/r", resp(200, "Cache-Control", "private=\"X-User\", max-age=60",
                "X-User", "ann"));
        get("/r");
        check("X-User not reused without the origin",
                o -> o.asked() || o.header("X-User") == null);
        get("/r");
        check("X-User not reused without the origin",
                o -> o.asked() || o.header("X-User") == null);

        test("RFC9111 §5.2.2.4", "qualifiedNoCache_fieldIsNotReusedWithoutValidation",
                Level.MUST, "no-cache=\"X-Token\": that field is not sent from storage");
        origin("/r", resp(200, "Cache-Control", "no-cache=\"X-Token\", max-age=60",
                "X-Token", "secret"));
        get("/r");
        get("/r");
        check("X-Token not reused without the origin",
                o -> o.asked() || o.header("X-Token") == null);

        test("RFC9111 §5.2.2.4", "qualifiedNoCache_restIsReused", Level.MAY,
                "no-cache=\"X-Token\": the rest of the response may be reused (edge: stored"
                        + " without the field)");
        origin("/r", resp(200, "Cache-Control", "no-cache=\"X-Token\", max-age=60",
                "X-Token", "secret").body("rest"));
        get("/r");
        get("/r").asked(false).body("rest").noHeader("X-Token");

        test("RFC9111 §5.2.2.9", "public_withMaxAgeIsStored", Level.MAY,
                "public with max-age is stored");
        storedThenHit(resp(200, "Cache-Control", "public, max-age=60"));

        test("RFC9111 §5.2", "unknownDirective_isIgnored", Level.MUST,
                "an unknown directive is ignored");
        storedThenHit(resp(200, "Cache-Control", "max-age=60, x-unknown=\"a, b\""));

        test("RFC9111 §5.2", "quotedMaxAge_isRead", Level.SHOULD,
                "a quoted max-age argument is read");
        storedThenHit(resp(200, "Cache-Control", "max-age=\"60\""));

        test("RFC9110 §12.5.5", "setCookieResponse_isNotShared", Level.MAY,
                "a response with Set-Cookie is not stored (the edge's and Varnish's choice)");
        neverReused(resp(200, "Cache-Control", "max-age=60", "Set-Cookie", "id=1"));

        test("RFC9111 §3.2", "setCookieOn304_reachesOnlyTheClientItAnswered", Level.MUST,
                "a Set-Cookie on the 304 that freshens a stored response is not stored with it");
        origin("/r", resp(200, "Cache-Control", "max-age=1", "ETag", "\"v1\"").body("stored"),
                resp(304, "Cache-Control", "max-age=60", "ETag", "\"v1\"",
                        "Set-Cookie", "session=ann"));
        get("/r");
        advance(2);
        get("/r").body("stored").header("Set-Cookie", "session=ann");
        get("/r").body("stored").noHeader("Set-Cookie");
    }

    // ---------------------------------------------------------------- RFC 5861

    private void staleExtensions() {
        test("RFC5861 §3", "staleWhileRevalidate_servesStaleAtOnce", Level.MAY,
                "within stale-while-revalidate the stale response is served at once");
        origin("/r", resp(200, "Cache-Control", "max-age=1, stale-while-revalidate=60")
                .body("old"), resp(200, "Cache-Control", "max-age=60").body("new"));
        get("/r");
        advance(2);
        get("/r").status(200).body("old");

        test("RFC9111 §5.2.1.1", "requestMaxAge_isNotAnsweredStaleWhileRevalidating",
                Level.SHOULD, "request max-age=0 (a reload): not the stale response of"
                        + " stale-while-revalidate, the origin's new one");
        origin("/r", resp(200, "Cache-Control", "max-age=1, stale-while-revalidate=60")
                .body("old"), resp(200, "Cache-Control", "max-age=60").body("new"));
        get("/r");
        advance(2);
        get("/r", "Cache-Control", "max-age=0").asked(true).body("new");

        test("RFC5861 §3", "staleWhileRevalidate_revalidatesInTheBackground", Level.SHOULD,
                "the stale response served, the cache revalidates it in the background");
        origin("/r", resp(200, "Cache-Control", "max-age=1, stale-while-revalidate=60")
                .body("old"), resp(200, "Cache-Control", "max-age=60").body("new"));
        get("/r");
        advance(2);
        get("/r").body("old");
        await("/r", 2);
        get("/r").body("new").asked(false);

        test("RFC5861 §3", "staleWhileRevalidate_oneRefreshPerResponse", Level.SHOULD,
                "several requests within the window cause one revalidation");
        origin("/r", resp(200, "Cache-Control", "max-age=1, stale-while-revalidate=60")
                .body("old"), resp(200, "Cache-Control", "max-age=60").body("new"));
        get("/r");
        advance(2);
        get("/r");
        get("/r");
        get("/r");
        await("/r", 2);
        get("/r").asked(false).body("new");

        test("RFC5861 §3", "staleWhileRevalidate_windowOver_isNotServed", Level.MUST,
                "beyond the stale-while-revalidate window the stale response is not served");
        origin("/r", resp(200, "Cache-Control", "max-age=1, stale-while-revalidate=1")
                .body("old"), resp(200, "Cache-Control", "max-age=60").body("new"));
        get("/r");
        advance(4);
        get("/r").body("new").asked(true);

        test("RFC5861 §3", "staleWhileRevalidate_notWithMustRevalidate", Level.MUST,
                "must-revalidate forbids serving stale within stale-while-revalidate");
        origin("/r", resp(200, "Cache-Control",
                "max-age=1, must-revalidate, stale-while-revalidate=60").body("old"),
                resp(200, "Cache-Control", "max-age=60").body("new"));
        get("/r");
        advance(2);
        get("/r").body("new");

        for (int s : new int[] {500, 502, 503, 504}) {
            test("RFC5861 §4", "staleIfError_served" + s, Level.MAY,
                    "within stale-if-error a " + s + " from the origin is replaced by the"
                            + " stale response");
            origin("/r", resp(200, "Cache-Control", "max-age=1, stale-if-error=60")
                    .body("old"), resp(s).body("error"));
            get("/r");
            advance(2);
            get("/r").status(200).body("old");
        }
        test("RFC5861 §4", "staleIfError_originUnreachable", Level.MAY,
                "within stale-if-error an unreachable origin gets the stale response");
        origin("/r", resp(200, "Cache-Control", "max-age=1, stale-if-error=60").body("old"),
                drop());
        get("/r");
        advance(2);
        get("/r").status(200).body("old");

        test("RFC5861 §4", "staleIfError_windowOver_errorIsForwarded", Level.MUST,
                "beyond the stale-if-error window the error is forwarded");
        origin("/r", resp(200, "Cache-Control", "max-age=1, stale-if-error=1").body("old"),
                resp(503).body("error"));
        get("/r");
        advance(4);
        get("/r").status(503);

        test("RFC5861 §4", "noStaleIfError_errorIsForwarded", Level.MUST,
                "without stale-if-error the origin's 503 is forwarded");
        origin("/r", resp(200, "Cache-Control", "max-age=1").body("old"),
                resp(503).body("error"));
        get("/r");
        advance(2);
        get("/r").status(503);

        test("RFC5861 §4", "staleIfError_notUsedForASuccess", Level.MUST,
                "stale-if-error is not used when the origin answers 200");
        origin("/r", resp(200, "Cache-Control", "max-age=1, stale-if-error=60").body("old"),
                resp(200, "Cache-Control", "max-age=60").body("new"));
        get("/r");
        advance(2);
        get("/r").body("new");

        test("RFC5861 §4", "staleIfError_notForA404", Level.MUST,
                "a 404 is not an error in the sense of stale-if-error: it is forwarded");
        origin("/r", resp(200, "Cache-Control", "max-age=1, stale-if-error=60").body("old"),
                resp(404).body("gone"));
        get("/r");
        advance(2);
        get("/r").status(404);
    }

    // ---------------------------------------------------------------- RFC 9213, Surrogate

    private void targeted() {
        test("RFC9213 §2.1", "cdnCacheControl_winsOverCacheControlNoStore", Level.MUST,
                "CDN-Cache-Control replaces Cache-Control for the CDN: stored");
        storedThenHit(resp(200, "CDN-Cache-Control", "max-age=60", "Cache-Control", "no-store"));

        test("RFC9213 §2.1", "cdnCacheControlNoStore_winsOverMaxAge", Level.MUST,
                "CDN-Cache-Control: no-store is obeyed whatever Cache-Control says");
        neverReused(resp(200, "CDN-Cache-Control", "no-store", "Cache-Control", "max-age=60"));

        test("RFC9213 §2.1", "cdnCacheControlPrivate_isNotStored", Level.MUST,
                "CDN-Cache-Control: private keeps it out of the CDN");
        neverReused(resp(200, "CDN-Cache-Control", "private", "Cache-Control", "max-age=60"));

        test("RFC9213 §2.1", "cdnCacheControlShorter_isUsed", Level.MUST,
                "CDN-Cache-Control: max-age=1 wins over Cache-Control: max-age=60");
        origin("/r", resp(200, "CDN-Cache-Control", "max-age=1", "Cache-Control", "max-age=60")
                .body("old"), resp(200).body("new"));
        get("/r");
        advance(2);
        get("/r").asked(true).body("new");

        test("RFC9213 §2.1", "invalidCdnCacheControl_fallsBackToCacheControl", Level.MUST,
                "a CDN-Cache-Control without a valid directive is ignored");
        storedThenHit(resp(200, "CDN-Cache-Control", "}{", "Cache-Control", "max-age=60"));

        test("RFC9213 §2.1", "cdnCacheControlNotADictionary_isIgnoredWhole", Level.MUST,
                "a CDN-Cache-Control that does not parse as a Structured Field Dictionary is"
                        + " ignored as a whole: Cache-Control: no-store is obeyed");
        neverReused(resp(200, "CDN-Cache-Control", "max-age=3600, x=@1",
                "Cache-Control", "no-store"));

        test("RFC9213 §2.1", "cdnCacheControlSpacesAroundEquals_isIgnoredWhole", Level.MUST,
                "max-age = 3600 (spaces around '=') is not a valid Dictionary: ignored");
        neverReused(resp(200, "CDN-Cache-Control", "max-age = 3600",
                "Cache-Control", "no-store"));

        test("RFC9213 §2.1", "cdnCacheControlWrongType_directiveIgnored", Level.SHOULD,
                "max-age=\"3600\" (a String, not an Integer) is ignored: nothing makes it fresh");
        neverReused(resp(200, "CDN-Cache-Control", "max-age=\"3600\"",
                "Cache-Control", "no-store"));

        test("RFC9111 §5.2.2.4", "qualifiedNoCache_firstResponseKeepsTheField", Level.SHOULD,
                "no-cache=\"X-Token\" limits reuse, not what the first client gets: the first"
                        + " answer carries X-Token, the stored one does not");
        origin("/r", resp(200, "Cache-Control", "max-age=60, no-cache=\"X-Token\"",
                "X-Token", "abc"));
        get("/r").asked(true).header("X-Token", "abc");
        get("/r").asked(false).noHeader("X-Token");

        test("RFC9213 §2.1", "cdnCacheControl_winsOverSurrogateControl", Level.MAY,
                "the edge's precedence: CDN-Cache-Control before Surrogate-Control");
        origin("/r", resp(200, "CDN-Cache-Control", "max-age=1", "Surrogate-Control",
                "max-age=60").body("old"), resp(200).body("new"));
        get("/r");
        advance(2);
        get("/r").asked(true).body("new");

        test("W3C-EdgeArch §3", "surrogateMaxAge_winsOverCacheControlPrivate", Level.MAY,
                "Surrogate-Control max-age is for the edge; Cache-Control for browsers");
        storedThenHit(resp(200, "Surrogate-Control", "max-age=60", "Cache-Control",
                "private, no-store"));

        test("W3C-EdgeArch §3", "surrogateNoStore_isNotStored", Level.MUST,
                "Surrogate-Control: no-store is obeyed");
        neverReused(resp(200, "Surrogate-Control", "no-store", "Cache-Control", "max-age=60"));

        test("W3C-EdgeArch §3", "surrogateNoStoreTargetedAtThisEdge_isNotStored", Level.MUST,
                "no-store targeted at the edge's device token (;wscache-edge) is obeyed");
        neverReused(resp(200, "Surrogate-Control", "max-age=60, no-store;wscache-edge"));

        test("W3C-EdgeArch §3", "surrogateMaxAgeTargetedAtThisEdge_outranksUntargeted",
                Level.MUST, "max-age targeted at the edge's device token wins over the"
                        + " untargeted one");
        storedThenHit(resp(200, "Surrogate-Control", "max-age=0, max-age=60;wscache-edge"));

        test("W3C-EdgeArch §3", "surrogateNoStoreTargetedAtAnotherDevice_doesNotApply",
                Level.MAY, "no-store targeted at another surrogate's token leaves this one free");
        storedThenHit(resp(200, "Surrogate-Control", "max-age=60, no-store;other-cdn"));

        test("W3C-EdgeArch §3", "surrogateControl_isNotForwarded", Level.SHOULD,
                "Surrogate-Control is consumed by the surrogate");
        origin("/r", resp(200, "Surrogate-Control", "max-age=60"));
        get("/r").noHeader("Surrogate-Control");

        test("W3C-EdgeArch §3", "surrogateMaxAge_cookieRequest_isNotShared", Level.MUST,
                "Surrogate-Control max-age never shares a response to a request with cookies"
                        + " unless the response allows it");
        origin("/r", resp(200, "Surrogate-Control", "max-age=60").body("ann"),
                resp(200, "Surrogate-Control", "max-age=60").body("bob"));
        get("/r", "Cookie", "user=ann").body("ann");
        get("/r", "Cookie", "user=bob").body("bob").asked(true);

        test("W3C-EdgeArch §3", "surrogateMaxAge_cookieRequestPublic_isShared", Level.MAY,
                "with Cache-Control: public the response to a request with cookies is shared");
        origin("/r", resp(200, "Surrogate-Control", "max-age=60", "Cache-Control", "public")
                .body("all"));
        get("/r", "Cookie", "user=ann");
        get("/r", "Cookie", "user=bob").body("all").asked(false);

        test("W3C-EdgeArch §3", "surrogateMaxAge_varyCookie_isPerUser", Level.MAY,
                "with Vary: Cookie the response to a request with cookies is stored per user");
        Resp vc = resp(200, "Surrogate-Control", "max-age=60", "Vary", "Cookie");
        origin("/r", vc.body("ann"), vc.body("bob"));
        get("/r", "Cookie", "user=ann");
        get("/r", "Cookie", "user=ann").body("ann").asked(false);
        get("/r", "Cookie", "user=bob").body("bob").asked(true);

        test("W3C-EdgeArch §3", "surrogateMaxAge_authorization_isNotShared", Level.MUST,
                "Surrogate-Control never shares a response to a request with Authorization");
        origin("/r", resp(200, "Surrogate-Control", "max-age=60").body("alice"),
                resp(200, "Surrogate-Control", "max-age=60").body("anonymous"));
        get("/r", "Authorization", "Basic YWxpY2U6cHc=").body("alice");
        get("/r").body("anonymous").asked(true);
    }

    // ---------------------------------------------------------------- RFC 9110 §14

    private void ranges() {
        Resp ten = resp(200, "Cache-Control", "max-age=60", "ETag", "\"r1\"",
                "Last-Modified", LM).body("0123456789");
        String[][] single = {
            {"firstBytes", "bytes=0-3", "bytes 0-3/10", "0123"},
            {"middle", "bytes=2-5", "bytes 2-5/10", "2345"},
            {"suffix", "bytes=-3", "bytes 7-9/10", "789"},
            {"openEnded", "bytes=5-", "bytes 5-9/10", "56789"},
            {"lastBeyondLength", "bytes=8-100", "bytes 8-9/10", "89"},
            {"suffixLongerThanBody", "bytes=-50", "bytes 0-9/10", "0123456789"},
        };
        for (String[] s : single) {
            test("RFC9110 §14.2", "range_" + s[0] + "_is206", Level.SHOULD,
                    "Range: " + s[1] + " on a stored 200 is a 206 with Content-Range");
            origin("/r", ten);
            get("/r");
            get("/r", "Range", s[1]).status(206).header("Content-Range", s[2]).body(s[3])
                    .asked(false);
        }
        test("RFC9110 §14.2", "range_onMiss_is206", Level.MAY,
                "a Range request on a miss is answered from the full response fetched");
        origin("/r", ten);
        get("/r", "Range", "bytes=0-1").status(206).body("01");

        test("RFC9110 §15.5.17", "range_unsatisfiable_is416", Level.SHOULD,
                "a range beyond the end: 416 with Content-Range: bytes */length");
        origin("/r", ten);
        get("/r");
        get("/r", "Range", "bytes=100-200").status(416).header("Content-Range", "bytes */10");

        test("RFC9110 §14.2", "range_multiple_isFull200Or206", Level.MAY,
                "several ranges may be answered with the full 200 (the edge) or multipart");
        origin("/r", ten);
        get("/r");
        get("/r", "Range", "bytes=0-1, 5-6").statusIn(200, 206);

        for (String[] s : new String[][] {{"invalidSpec", "bytes=abc"},
            {"otherUnit", "items=0-1"}, {"reversed", "bytes=5-2"}}) {
            test("RFC9110 §14.2", "range_" + s[0] + "_isIgnored", Level.MUST,
                    "an invalid Range (" + s[1] + ") is ignored: the full 200");
            origin("/r", ten);
            get("/r");
            get("/r", "Range", s[1]).status(200).body("0123456789");
        }
        test("RFC9110 §13.1.5", "ifRange_matchingEtag_is206", Level.MUST,
                "If-Range with the current strong ETag: the range applies");
        origin("/r", ten);
        get("/r");
        get("/r", "Range", "bytes=0-1", "If-Range", "\"r1\"").status(206).body("01");

        test("RFC9110 §13.1.5", "ifRange_otherEtag_isFull200", Level.MUST,
                "If-Range with another ETag: the full 200");
        origin("/r", ten);
        get("/r");
        get("/r", "Range", "bytes=0-1", "If-Range", "\"r0\"").status(200).body("0123456789");

        test("RFC9110 §13.1.5", "ifRange_weakEtag_isFull200", Level.MUST,
                "If-Range with a weak ETag never matches: the full 200");
        origin("/r", ten);
        get("/r");
        get("/r", "Range", "bytes=0-1", "If-Range", "W/\"r1\"").status(200);

        test("RFC9110 §13.1.5", "ifRange_lastModifiedDate_is206", Level.MUST,
                "If-Range with the (strong) Last-Modified date: the range applies");
        origin("/r", ten);
        get("/r");
        get("/r", "Range", "bytes=0-1", "If-Range", LM).status(206).body("01");

        test("RFC9110 §13.1.5", "ifRange_otherDate_isFull200", Level.MUST,
                "If-Range with another date: the full 200");
        origin("/r", ten);
        get("/r");
        get("/r", "Range", "bytes=0-1", "If-Range", "Tue, 02 Jan 2024 00:00:00 GMT")
                .status(200).body("0123456789");
    }

    // ---------------------------------------------------------------- RFC 9110 §7.7, §12.5.5

    private void transformations() {
        test("RFC9110 §12.5.5", "compressibleBody_saysVaryAcceptEncoding", Level.SHOULD,
                "a body the proxy may gzip says Vary: Accept-Encoding");
        origin("/r", resp(200, "Cache-Control", "max-age=60").body(BIG));
        get("/r").headerHas("Vary", "Accept-Encoding");

        test("RFC9110 §12.5.5", "smallBody_notCompressed_noVaryAdded", Level.MAY,
                "a body the edge never compresses gets no Vary: Accept-Encoding");
        origin("/r", resp(200, "Cache-Control", "max-age=60").body("tiny"));
        get("/r").noHeader("Vary");

        test("RFC9110 §12.5.5", "varyStar_staysStar", Level.MUST,
                "Vary: * is never turned into Vary: *, Accept-Encoding");
        origin("/r", resp(200, "Cache-Control", "max-age=60", "Vary", "*").body(BIG));
        get("/r").header("Vary", "*");

        test("RFC9110 §12.5.5", "existingVary_isExtended", Level.SHOULD,
                "an origin's Vary is kept and Accept-Encoding added to it");
        origin("/r", resp(200, "Cache-Control", "max-age=60", "Vary", "Accept-Language")
                .body(BIG));
        get("/r").headerHas("Vary", "Accept-Language").headerHas("Vary", "Accept-Encoding");

        test("RFC9110 §7.7", "noTransform_isNotCompressed", Level.MUST,
                "a proxy does not transform a no-transform response");
        origin("/r", resp(200, "Cache-Control", "max-age=60, no-transform").body(BIG));
        get("/r", "Accept-Encoding", "gzip").noHeader("Content-Encoding").body(BIG);

        test("RFC9110 §7.7", "binaryType_isNotCompressed_noVary", Level.MAY,
                "a binary body is passed on as it is");
        origin("/r", resp(200, "Cache-Control", "max-age=60", "Content-Type",
                "application/octet-stream").body(BIG));
        get("/r", "Accept-Encoding", "gzip").noHeader("Content-Encoding").noHeader("Vary");

        test("RFC9110 §8.4", "identityRequested_isNotCompressed", Level.MUST,
                "a client that does not take gzip gets the identity body");
        origin("/r", resp(200, "Cache-Control", "max-age=60").body(BIG));
        get("/r").noHeader("Content-Encoding").body(BIG);

        test("RFC9110 §7.6.1", "connectionNamedField_isNotForwarded", Level.MUST,
                "fields named by Connection are hop-by-hop and removed");
        origin("/r", resp(200, "Cache-Control", "max-age=60", "Connection", "X-Hop",
                "X-Hop", "1"));
        get("/r").noHeader("X-Hop");
    }

    // ---------------------------------------------------------------- the edge's own promises

    /**
     * What a shared cache in front of sites not written for it must never do (the edge's own
     * rules, counted as MUST): share a personal answer, let one request decide what others get.
     */
    private void security() {
        test("Security §1", "cookieRequest_heuristicResponse_isNotShared", Level.MUST,
                "a page answered to a request with a cookie, with no Cache-Control, is not "
                        + "served to anyone else");
        origin("/r", resp(200, "Last-Modified", LM).body("victim"),
                resp(200, "Last-Modified", LM).body("anonymous"));
        get("/r", "Cookie", "session=victim").body("victim");
        get("/r").body("anonymous").asked(true);

        test("Security §1", "cookieRequest_maxAgeOnly_isNotShared", Level.MUST,
                "max-age alone does not say a personal answer may be shared");
        origin("/r", resp(200, "Cache-Control", "max-age=60").body("victim"),
                resp(200, "Cache-Control", "max-age=60").body("other"));
        get("/r", "Cookie", "session=victim").body("victim");
        get("/r", "Cookie", "session=other").body("other").asked(true);

        test("Security §1", "apiKeyRequest_heuristicResponse_isNotShared", Level.MUST,
                "a credential-like field makes a request personal as a cookie does");
        origin("/r", resp(200, "Last-Modified", LM).body("victim"),
                resp(200, "Last-Modified", LM).body("anonymous"));
        get("/r", "X-Api-Key", "key-of-victim").body("victim");
        get("/r").body("anonymous").asked(true);

        test("Security §1", "anonymousCopy_isNotServedToACookieRequest", Level.MUST,
                "a signed-in visitor does not get the stored anonymous copy of a page");
        origin("/r", resp(200, "Last-Modified", LM).body("anonymous"),
                resp(200, "Last-Modified", LM).body("mine"));
        get("/r").body("anonymous");
        get("/r", "Cookie", "session=mine").body("mine").asked(true);

        test("Security §1", "cookieRequest_publicResponse_isShared", Level.MAY,
                "an answer marked public with a lifetime is shared between cookie holders");
        origin("/r", resp(200, "Cache-Control", "public, max-age=60").body("all"));
        get("/r", "Cookie", "session=a");
        get("/r", "Cookie", "session=b").body("all").asked(false);

        test("Security §2", "methodOverride_isNotForwardedOnGet", Level.MUST,
                "X-HTTP-Method-Override on a GET does not reach the origin");
        origin("/r", resp(200, "Cache-Control", "public, max-age=60"));
        get("/r", "X-HTTP-Method-Override", "DELETE").originLacks("X-HTTP-Method-Override");

        test("Security §3", "xForwardedHost_isNotForwarded", Level.MUST,
                "a client's X-Forwarded-Host does not reach the origin");
        origin("/r", resp(200, "Cache-Control", "public, max-age=60"));
        get("/r", "X-Forwarded-Host", "evil.example").originLacks("X-Forwarded-Host");

        test("Security §3", "xOriginalUrl_isNotForwarded", Level.MUST,
                "a client's X-Original-URL does not reach the origin");
        origin("/r", resp(200, "Cache-Control", "public, max-age=60"));
        get("/r", "X-Original-URL", "/admin").originLacks("X-Original-URL");

        test("Security §3", "xForwardedFor_isTheEdgesOwn", Level.SHOULD,
                "the origin learns the client's address from the edge, not from the client");
        origin("/r", resp(200, "Cache-Control", "public, max-age=60"));
        get("/r", "X-Forwarded-For", "6.6.6.6").originSent("X-Forwarded-For", "127.0.0.1");

        test("Security §4", "errorForAnUnusualField_isNotStored", Level.MUST,
                "an error answered to a request with an unknown field is not stored");
        origin("/r", resp(400, "Cache-Control", "public, max-age=60"),
                resp(200, "Cache-Control", "public, max-age=60"));
        get("/r", "X-Junk", "1").status(400);
        get("/r").status(200).asked(true);
    }
}
