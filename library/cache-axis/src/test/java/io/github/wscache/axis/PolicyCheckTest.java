package io.github.wscache.axis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The policy checker against WSDLs unlike the Google fixture: a .NET one (SOAP 1.1 and 1.2
 * bindings, UpperCamelCase operations), an rpc/literal one split over two files, a WSDL 2.0 one,
 * and the Google WSDL itself.
 */
class PolicyCheckTest {
    @TempDir
    Path dir;

    private record Result(int status, String out, String err) {
    }

    private static String wsdl(String name) {
        try {
            return Path.of(PolicyCheckTest.class.getResource("/wsdl/" + name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private String googleWsdl() throws IOException {
        Path copy = dir.resolve("GoogleSearch.wsdl");
        try (InputStream in = PolicyCheckTest.class.getResourceAsStream(
                "/io/github/wscache/google/GoogleSearch.wsdl")) {
            Files.copy(in, copy);
        }
        return copy.toString();
    }

    private String write(String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Result check(String policy, String... wsdls) {
        List<String> args = new ArrayList<>();
        args.add(write("wscache.yaml", policy));
        for (String w : wsdls) {
            args.add("--wsdl");
            args.add(w);
        }
        return run(args.toArray(String[]::new));
    }

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = PolicyCheck.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(status, out.toString(StandardCharsets.UTF_8).replace(
                System.lineSeparator(), "\n"), err.toString(StandardCharsets.UTF_8));
    }

    private String file() {
        return dir.resolve("wscache.yaml").toString();
    }

    @Test
    void theWsdlACxfProjectGeneratesItsClientFrom_isCheckedUnchanged() throws IOException {
        // foreign-ws's CatalogService.wsdl, as cache-jaxws's tests feed it to wsdl2java
        Path copy = dir.resolve("CatalogService.wsdl");
        try (InputStream in = PolicyCheckTest.class.getResourceAsStream(
                "/io/github/wscache/foreign/CatalogService.wsdl")) {
            Files.copy(in, copy);
        }

        Result r = check("""
                operations:
                  - service: CatalogService
                    operation: KeywordSearch
                    ttl: 60s
                    value: events
                  - service: CatalogService
                    operation: AsinSearch
                    ttl: 60s
                """, copy.toString());

        assertThat(r.err()).isEmpty();
        assertThat(r.status()).isEqualTo(PolicyCheck.OK);
        assertThat(r.out()).contains("CatalogService  KeywordSearch  yes")
                .contains("CatalogService  GetItem        no")
                .contains("entries that match no operation: none");
    }

    @Test
    void everyOperationMatched_printsTheTable_andExitsZero() {
        Result r = check("""
                operations:
                  - service: Store
                    operation: KeywordSearch
                    ttl: 1h
                    value: events
                  - service: Store
                    operation: AsinSearch
                    ttl: 30m
                  - service: Store
                    operation: GetItem
                    cacheable: false
                """, wsdl("Store.wsdl"));

        String f = file();
        assertThat(r.status()).isEqualTo(PolicyCheck.OK);
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains(String.join("\n",
                "service  operation      cached  ttl  key   value   entry",
                "Store    AsinSearch     yes     30m  auto  auto    " + f + ":6:5",
                "Store    GetItem        no      -    -     -       " + f + ":9:5",
                "Store    KeywordSearch  yes     1h   auto  events  " + f + ":2:5",
                "",
                "entries that match no operation: none",
                "",
                "3 operations (6 port operations): 2 cached, 1 not cached; 3 entries, "
                        + "0 matching no operation; 0 warnings"));
    }

    @Test
    void operationNoEntryNames_isNotCached() {
        Result r = check("""
                operations:
                  - operation: KeywordSearch
                """, wsdl("Store.wsdl"));

        assertThat(r.status()).isEqualTo(PolicyCheck.OK);
        assertThat(r.out())
                .contains("Store    AsinSearch     no      -    -     -      (no entry)\n")
                .contains("Store    GetItem        no      -    -     -      (no entry)\n")
                .contains("Store    KeywordSearch  yes     1h   auto  auto   " + file() + ":2:5");
    }

    @Test
    void entryMatchingNoOperation_saysDidYouMean_andExitsOne() {
        Result r = check("""
                operations:
                  - operation: KeywordSearch
                    ttl: 1h
                    key: auto
                    value: auto
                  - service: Store
                    operation: KeywordSerch
                  - operation: AsinSearch
                    ttl: 1h
                  - operation: GetItems
                """, wsdl("Store.wsdl"));

        assertThat(r.status()).isEqualTo(PolicyCheck.WARNINGS);
        assertThat(r.out()).contains("entries that match no operation:\n"
                + "  " + file() + ":6:5: entry 'service: Store, operation: KeywordSerch' "
                + "matches no operation; did you mean KeywordSearch?\n"
                + "  " + file() + ":10:5: entry 'operation: GetItems' matches no operation; "
                + "did you mean GetItem?\n");
        assertThat(r.out()).contains("4 entries, 2 matching no operation; 2 warnings");
    }

    @Test
    void entryLikeNoOperation_listsTheOperations() {
        Result r = check("""
                operations:
                  - service: Store
                    operation: GetPrice
                """, wsdl("Store.wsdl"));

        assertThat(r.status()).isEqualTo(PolicyCheck.WARNINGS);
        assertThat(r.out()).contains(file() + ":2:5: entry 'service: Store, operation: GetPrice' "
                + "matches no operation; no operation is named like it; the operations are "
                + "AsinSearch, GetItem, KeywordSearch\n");
    }

    @Test
    void entryForAnotherService_saysWhichServiceHasTheOperation() {
        Result r = check("""
                operations:
                  - service: StoreService
                    operation: GetItem
                """, wsdl("Store.wsdl"));

        assertThat(r.status()).isEqualTo(PolicyCheck.WARNINGS);
        assertThat(r.out()).contains(file() + ":2:5: entry 'service: StoreService, operation: "
                + "GetItem' matches no operation; operation GetItem is in service Store, "
                + "not StoreService\n")
                .contains("1 entry, 1 matching no operation; 1 warning");
    }

    @Test
    void entryMatchingOnlyTheJavaName_isUsedButWarned() {
        Result r = check("""
                operations:
                  - service: Store
                    operation: keywordSearch
                """, wsdl("Store.wsdl"));

        assertThat(r.status()).isEqualTo(PolicyCheck.WARNINGS);
        assertThat(r.out())
                .contains("Store    KeywordSearch  yes     1h   auto  auto   " + file()
                        + ":2:5 (by Java name)")
                .contains("warnings:\n  " + file() + ":2:5: entry 'service: Store, operation: "
                        + "keywordSearch' matches keywordSearch, the generated Java name of "
                        + "WSDL operation KeywordSearch (service Store); write operation: "
                        + "KeywordSearch\n")
                .doesNotContain("entries that match no operation:\n");
    }

    @Test
    void wildcardEntries_theMostSpecificWins() {
        Result r = check("""
                operations:
                  - service: "*"
                    operation: "*"
                    cacheable: false
                  - service: St*
                    operation: "*Search"
                    ttl: 5m
                    key: xml
                """, wsdl("Store.wsdl"));

        String f = file();
        assertThat(r.status()).isEqualTo(PolicyCheck.OK);
        assertThat(r.out()).contains(String.join("\n",
                "Store    AsinSearch     yes     5m   xml  auto   " + f + ":5:5",
                "Store    GetItem        no      -    -    -      " + f + ":2:5",
                "Store    KeywordSearch  yes     5m   xml  auto   " + f + ":5:5"));
    }

    @Test
    void brokenPolicy_printsFileLineColumn_andExitsTwo() {
        Result r = check("""
                operations:
                  - operation: KeywordSearch
                    tll: 1h
                """, wsdl("Store.wsdl"));

        assertThat(r.status()).isEqualTo(PolicyCheck.ERROR);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith(file() + ":3:5: unknown key 'tll'");
    }

    @Test
    void missingPolicy_exitsTwo() {
        Result r = run(dir.resolve("nowhere.yaml").toString(), "--wsdl", wsdl("Store.wsdl"));

        assertThat(r.status()).isEqualTo(PolicyCheck.ERROR);
        assertThat(r.err()).startsWith(dir.resolve("nowhere.yaml") + ": no such policy file");
    }

    @Test
    void missingWsdl_exitsTwo() {
        String missing = dir.resolve("Missing.wsdl").toString();
        Result r = check("operations: []\n", missing);

        assertThat(r.status()).isEqualTo(PolicyCheck.ERROR);
        assertThat(r.err()).isEqualTo(missing + ": no such WSDL file" + System.lineSeparator());
    }

    @Test
    void malformedWsdl_exitsTwoWithLineAndColumn() {
        String broken = write("Broken.wsdl", "<definitions xmlns='http://schemas.xmlsoap.org/"
                + "wsdl/'>\n  <service name='S'>\n</definitions>\n");
        Result r = check("operations: []\n", broken);

        assertThat(r.status()).isEqualTo(PolicyCheck.ERROR);
        assertThat(r.err()).startsWith(broken + ":3:3: not well-formed XML");
    }

    @Test
    void wsdlWithDoctype_isRefusedAndNothingIsFetched() {
        String evil = write("Evil.wsdl", "<?xml version='1.0'?>\n"
                + "<!DOCTYPE definitions [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>\n"
                + "<definitions xmlns='http://schemas.xmlsoap.org/wsdl/'>&x;</definitions>\n");
        Result r = check("operations: []\n", evil);

        assertThat(r.status()).isEqualTo(PolicyCheck.ERROR);
        assertThat(r.err()).startsWith(evil + ":2:").contains("DOCTYPE").doesNotContain("root:");
    }

    @Test
    void documentThatIsNotWsdl_exitsTwo() {
        String xsd = write("Types.xsd", "<schema xmlns='http://www.w3.org/2001/XMLSchema'/>");
        Result r = check("operations: []\n", xsd);

        assertThat(r.status()).isEqualTo(PolicyCheck.ERROR);
        assertThat(r.err()).startsWith(xsd + ": not a WSDL document: the root element is "
                + "{http://www.w3.org/2001/XMLSchema}schema");
    }

    @Test
    void importOfARemoteWsdl_isRefused_andExitsTwo() {
        String remote = write("Remote.wsdl", "<definitions xmlns='http://schemas.xmlsoap.org/"
                + "wsdl/'><import namespace='urn:x' location='http://example.com/x.wsdl'/>"
                + "</definitions>");
        Result r = check("operations: []\n", remote);

        assertThat(r.status()).isEqualTo(PolicyCheck.ERROR);
        assertThat(r.err()).startsWith(remote + ": cannot follow the import of "
                + "http://example.com/x.wsdl: only files are read");
    }

    @Test
    void importCycle_readsEachFileOnce() {
        write("B.wsdl", "<definitions xmlns='http://schemas.xmlsoap.org/wsdl/'>"
                + "<import namespace='urn:a' location='A.wsdl'/></definitions>");
        String a = write("A.wsdl", "<definitions xmlns='http://schemas.xmlsoap.org/wsdl/' "
                + "targetNamespace='urn:a'><import namespace='urn:a' location='B.wsdl'/>"
                + "<service name='Empty'/></definitions>");
        Result r = check("operations: []\n", a);

        assertThat(r.status()).isEqualTo(PolicyCheck.OK);
        assertThat(r.out()).contains("0 operations (0 port operations)");
    }

    @Test
    void rpcLiteralWsdl_followsItsImport_andNeverCachesOneWay() {
        Result r = check("""
                operations:
                  - service: QuoteService
                    operation: "*"
                    ttl: 10s
                """, wsdl("Quotes.wsdl"));

        String f = file();
        assertThat(r.status()).isEqualTo(PolicyCheck.OK);
        assertThat(r.out()).contains(String.join("\n",
                "service       operation     cached        ttl  key   value  entry",
                "QuoteService  get_quote     yes           10s  auto  auto   " + f + ":2:5",
                "QuoteService  list_symbols  yes           10s  auto  auto   " + f + ":2:5",
                "QuoteService  log_access    no (one-way)  -    -     -      " + f + ":2:5"));
    }

    @Test
    void tsv_listsEveryPortWithSoapActionAndStyle() {
        String policy = write("wscache.yaml", "operations:\n  - operation: get_quote\n");
        Result r = run("check", policy, "--wsdl", wsdl("Quotes.wsdl"), "--format", "tsv");

        assertThat(r.status()).isEqualTo(PolicyCheck.OK);
        assertThat(r.out()).startsWith("service\tport\tprotocol\tendpoint\toperation\tsoapAction"
                + "\tstyle\tcached\tttl\tkey\tvalue\tentry\n"
                + "QuoteService\tQuotePort\tSOAP 1.1\thttp://quotes.example.org/soap.php\t"
                + "get_quote\turn:example:quotes#get_quote\trpc\tyes\t1h\tauto\tauto\t"
                + policy + ":2:5\n");
    }

    @Test
    void soap11AndSoap12Ports_shareOneRowPerOperation() {
        Result r = check("operations:\n  - operation: \"*\"\n", wsdl("Store.wsdl"));

        assertThat(r.out().lines().filter(l -> l.startsWith("Store ")).toList())
                .extracting(l -> l.split(" +")[1])
                .containsExactly("AsinSearch", "GetItem", "KeywordSearch");
    }

    @Test
    void googleWsdl_portsResolvingDifferently_getARowEach() throws IOException {
        Result r = check("""
                operations:
                  - service: GoogleSearchService
                    operation: doSpellingSuggestion
                    value: events
                  - service: GoogleSearchService
                    operation: doGoogleSearch
                  - operation: doSpellingSuggestion
                    endpoint: http://localhost:8081/services/GoogleSearchService.GoogleSearchHttpPort/doSpellingSuggestion
                    ttl: 10m
                    honorHttpHeaders: true
                """, googleWsdl());

        String f = file();
        String base = "http://localhost:8081/services/GoogleSearchService.";
        assertThat(r.status()).isEqualTo(PolicyCheck.OK);
        assertThat(cells(r.out(), "GoogleSearchService")).containsExactly(
                List.of("doGetCachedPage", "no", "-", "-", "-", "(no entry)", "(all ports)"),
                List.of("doGoogleSearch", "yes", "1h", "auto", "auto", f + ":5:5",
                        "(all ports)"),
                List.of("doSpellingSuggestion", "yes", "10m", "auto", "auto", f + ":7:5",
                        base + "GoogleSearchHttpPort/doSpellingSuggestion"),
                List.of("doSpellingSuggestion", "yes", "1h", "auto", "events", f + ":2:5",
                        base + "GoogleSearchSoap11Port"),
                List.of("doSpellingSuggestion", "yes", "1h", "auto", "events", f + ":2:5",
                        base + "GoogleSearchSoap12Port"),
                List.of("logQuery", "no (one-way)", "-", "-", "-", "(no entry)", "(all ports)"));
    }

    /** Returns the cells after the service of the table rows of {@code service}. */
    private static List<List<String>> cells(String out, String service) {
        return out.lines().filter(l -> l.startsWith(service + "  "))
                .map(l -> List.of(l.split(" {2,}")).subList(1, l.split(" {2,}").length))
                .toList();
    }

    @Test
    void wsdl20_isRead() {
        Result r = check("operations:\n  - operation: GetForecast\n", wsdl("Weather20.wsdl"));

        assertThat(r.status()).isEqualTo(PolicyCheck.OK);
        assertThat(r.out()).contains(
                "WeatherService  GetForecast    yes           1h   auto  auto   " + file()
                        + ":2:5\n",
                "WeatherService  ReportReading  no (one-way)  -    -     -      (no entry)\n");
    }

    @Test
    void severalWsdls_areCheckedTogether() {
        Result r = check("operations:\n  - operation: get_quote\n  - operation: GetItem\n",
                wsdl("Store.wsdl"), wsdl("Quotes.wsdl"));

        assertThat(r.status()).isEqualTo(PolicyCheck.OK);
        assertThat(r.out()).contains("6 operations (9 port operations): 2 cached, 4 not cached");
    }

    @Test
    void noWsdl_printsUsage_andExitsTwo() {
        Result r = run(write("wscache.yaml", "operations: []\n"));

        assertThat(r.status()).isEqualTo(PolicyCheck.ERROR);
        assertThat(r.err()).startsWith("no --wsdl file given").contains("usage: PolicyCheck");
    }
}
