package io.github.wscache.axis;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.foreign.ForeignServer;
import io.github.wscache.foreign.ForeignService;
import io.github.wscache.foreign.catalog.stub.CatalogServiceStub;
import io.github.wscache.foreign.customers.stub.CustomerServiceStub;
import io.github.wscache.foreign.quotes.stub.StockQuoteServiceStub;
import io.github.wscache.testkit.ManualClock;
import java.io.File;
import java.math.BigDecimal;
import java.net.URL;
import java.util.Locale;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axis2.client.Stub;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.deployment.DeploymentEngine;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.engine.AxisConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Services we did not write (foreign-ws): a .NET-style WSDL with UpperCamelCase operations on
 * SOAP 1.1 and 1.2, an rpc/literal one, a SOAP 1.2-only one, and a client with WS-Addressing
 * engaged. Each policy is written from the WSDL's own operation names, as an administrator
 * writes it; hits, misses and bypasses are asserted by the requests that reach the server.
 */
class ForeignServicesTest {
    /** Written from the WSDLs, not from the generated Java. */
    private static final String POLICY = "operations:\n"
            + "  - service: CatalogService\n    operation: KeywordSearch\n    ttl: 60s\n%s"
            + "  - service: CatalogService\n    operation: AsinSearch\n    ttl: 60s\n%s"
            + "  - service: StockQuoteService\n    operation: GetQuote\n    ttl: 60s\n%s"
            + "  - service: CustomerService\n    operation: getCustomer\n    ttl: 60s\n%s"
            + "  - service: CustomerService\n    operation: FindOrders\n    ttl: 60s\n%s";

    private static ForeignServer server;
    private static ConfigurationContext context;
    private ResponseCache cache;

    /** Where the cache sits. */
    enum Level { EVENTS, XML, OBJECT }

    /** One call of one foreign operation, named as its WSDL names it. */
    enum Call {
        CATALOG_SOAP11(ForeignService.CATALOG, "KeywordSearch", false),
        CATALOG_SOAP12(ForeignService.CATALOG, "KeywordSearch", true),
        CATALOG_ASIN(ForeignService.CATALOG, "AsinSearch", false),
        QUOTES_RPC(ForeignService.QUOTES, "GetQuote", false),
        CUSTOMERS_SOAP12_ONLY(ForeignService.CUSTOMERS, "getCustomer", true),
        CUSTOMERS_FIND_ORDERS(ForeignService.CUSTOMERS, "FindOrders", true);

        final ForeignService service;
        final String wsdlName;
        final boolean soap12;

        Call(ForeignService service, String wsdlName, boolean soap12) {
            this.service = service;
            this.wsdlName = wsdlName;
            this.soap12 = soap12;
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = ForeignServer.start(0);
        context = ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
        context.terminate();
    }

    @BeforeEach
    void reset() {
        server.reset();
    }

    @AfterEach
    void uninstall() {
        WsCache.uninstall(context);
    }

    private void install(Level level) {
        String value = level == Level.OBJECT ? ""
                : "    value: " + level.name().toLowerCase(Locale.ROOT) + "\n";
        Policy policy = Policy.parse(String.format(POLICY, value, value, value, value, value),
                "wscache.yaml");
        cache = ResponseCache.builder().policy(policy).clock(new ManualClock()).build();
        if (level != Level.OBJECT) {
            WsCache.install(context, cache);
        }
    }

    private <S extends Stub> S stub(Level level, Class<S> type, Call call) throws Exception {
        String endpoint = call.soap12 ? server.soap12Endpoint(call.service)
                : server.endpoint(call.service);
        S stub = level == Level.OBJECT
                ? CachingStubs.using(cache).subclass(type, context, endpoint)
                : type.getConstructor(ConfigurationContext.class, String.class)
                        .newInstance(context, endpoint);
        if (call.soap12) {
            stub._getServiceClient().getOptions()
                    .setSoapVersionURI(SOAP12Constants.SOAP_ENVELOPE_NAMESPACE_URI);
        }
        return stub;
    }

    /** Calls the operation once; returns a description of the answer to compare. */
    private String call(Level level, Call call) throws Exception {
        switch (call.service) {
            case CATALOG: {
                CatalogServiceStub s = stub(level, CatalogServiceStub.class, call);
                if (call == Call.CATALOG_ASIN) {
                    CatalogServiceStub.AsinSearch r = new CatalogServiceStub.AsinSearch();
                    r.setAsin("0596007124");
                    return s.asinSearch(r).getAsinSearchResult().getTitle();
                }
                CatalogServiceStub.KeywordSearch r = new CatalogServiceStub.KeywordSearch();
                r.setKeywords("head first");
                r.setPage(1);
                CatalogServiceStub.Item first = s.keywordSearch(r).getKeywordSearchResult()
                        .getItems().getItem()[0];
                return first.getTitle() + " " + first.getPrice().getAmount() + " "
                        + String.join(",", first.getAuthors().getString());
            }
            case QUOTES: {
                StockQuoteServiceStub s = stub(level, StockQuoteServiceStub.class, call);
                StockQuoteServiceStub.GetQuote r = new StockQuoteServiceStub.GetQuote();
                r.setSymbol("IBM");
                StockQuoteServiceStub.Quote q = s.getQuote(r).getResult();
                return q.getSymbol() + " " + q.getLast();
            }
            default: {
                CustomerServiceStub s = stub(level, CustomerServiceStub.class, call);
                if (call == Call.CUSTOMERS_FIND_ORDERS) {
                    CustomerServiceStub.FindOrders body = new CustomerServiceStub.FindOrders();
                    body.setCustomerId(2);
                    body.setMaxResults(3);
                    CustomerServiceStub.FindOrdersE r = new CustomerServiceStub.FindOrdersE();
                    r.setFindOrders(body);
                    return String.valueOf(s.findOrders(r).getFindOrdersResponse()
                            .get_return().length);
                }
                CustomerServiceStub.GetCustomer body = new CustomerServiceStub.GetCustomer();
                body.setCustomerId(3);
                CustomerServiceStub.GetCustomerE r = new CustomerServiceStub.GetCustomerE();
                r.setGetCustomer(body);
                CustomerServiceStub.Customer c = s.getCustomer(r).getGetCustomerResponse()
                        .get_return();
                return c.getId() + " " + c.getName();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Call.class)
    void policyWrittenFromTheWsdl_cachesTheOperationAtEveryLevel(Call call) throws Exception {
        for (Level level : Level.values()) {
            server.reset();
            install(level);

            String first = call(level, call);
            String second = call(level, call);

            assertThat(second).as("%s at %s", call, level).isEqualTo(first);
            assertThat(server.count(call.service, call.wsdlName))
                    .as("requests for %s at %s", call, level).isEqualTo(1);
            assertThat(cache.operations()).as("names at %s", level)
                    .containsExactly(call.wsdlName);
            assertThat(cache.stats(call.wsdlName).hits()).isEqualTo(1);
            assertThat(cache.unmatchedEntries()).isEmpty();
            WsCache.uninstall(context);
        }
    }

    @Test
    void anOperationThePolicyDoesNotName_isCalledEveryTimeAndNamedAsTheWsdlNamesIt()
            throws Exception {
        install(Level.EVENTS);
        CatalogServiceStub s = new CatalogServiceStub(context, server.endpoint(
                ForeignService.CATALOG));
        CatalogServiceStub.GetItem r = new CatalogServiceStub.GetItem();
        CatalogServiceStub.ArrayOfString ids = new CatalogServiceStub.ArrayOfString();
        ids.setString(new String[] {"0596007124"});
        r.setItemIds(ids);

        s.getItem(r);
        s.getItem(r);

        assertThat(server.count(ForeignService.CATALOG, "GetItem")).isEqualTo(2);
        assertThat(cache.stats("GetItem").bypasses()).isEqualTo(2);
        assertThat(cache.operations()).containsExactly("GetItem");
    }

    @Test
    void aPolicyWrittenWithTheJavaName_stillMatches_butTheWsdlNameWins() throws Exception {
        cache = ResponseCache.builder().policy(Policy.parse("operations:\n"
                + "  - service: CatalogService\n    operation: keywordSearch\n    ttl: 1s\n"
                + "    value: xml\n"
                + "  - service: CatalogService\n    operation: KeywordSearch\n    ttl: 60s\n"
                + "    value: events\n", "wscache.yaml")).clock(new ManualClock()).build();
        WsCache.install(context, cache);

        assertThat(call(Level.EVENTS, Call.CATALOG_SOAP11))
                .isEqualTo(call(Level.EVENTS, Call.CATALOG_SOAP11));

        assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(1);
        assertThat(cache.policy().match("CatalogService", null, "KeywordSearch").get().policy()
                .source()).hasValue("wscache.yaml:6:5");
        assertThat(cache.policyFor(io.github.wscache.core.Invocation.builder("KeywordSearch")
                .alias("keywordSearch").service("CatalogService").build()).ttl()).hasSeconds(60);
        assertThat(cache.unmatchedEntries()).isEmpty();
    }

    @Test
    void aMisspeltEntry_isReportedWithTheWsdlName() throws Exception {
        cache = ResponseCache.builder().policy(Policy.parse("operations:\n"
                + "  - service: CatalogService\n    operation: KeywordSerch\n    ttl: 60s\n",
                "wscache.yaml")).build();
        WsCache.install(context, cache);

        call(Level.EVENTS, Call.CATALOG_SOAP11);

        assertThat(cache.unmatchedEntries()).singleElement()
                .satisfies(r -> assertThat(r.operation()).isEqualTo("KeywordSerch"));
        assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(1);
    }

    @Test
    void aClientWithWsAddressingEngaged_isCachedAndItsMessageIdsDoNotSplitTheKey()
            throws Exception {
        ConfigurationContext addressed =
                ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
        try {
            engageAddressing(addressed.getAxisConfiguration());
            install(Level.EVENTS);
            WsCache.install(addressed, cache);
            CatalogServiceStub s = new CatalogServiceStub(addressed,
                    server.endpoint(ForeignService.CATALOG));
            CatalogServiceStub.KeywordSearch r = new CatalogServiceStub.KeywordSearch();
            r.setKeywords("java");
            r.setPage(1);

            BigDecimal a = s.keywordSearch(r).getKeywordSearchResult().getItems().getItem()[0]
                    .getPrice().getAmount();
            BigDecimal b = s.keywordSearch(r).getKeywordSearchResult().getItems().getItem()[0]
                    .getPrice().getAmount();

            assertThat(b).isEqualByComparingTo(a);
            assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(1);
            assertThat(server.requests(ForeignService.CATALOG, "KeywordSearch").get(0).body())
                    .contains("http://www.w3.org/2005/08/addressing").contains("MessageID");
            assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(1);
        } finally {
            WsCache.uninstall(addressed);
            addressed.terminate();
        }
    }

    /** Deploys addressing-1.8.2.mar (copied by the build) and engages it for every service. */
    private static void engageAddressing(AxisConfiguration config) throws Exception {
        URL mar = ForeignServicesTest.class.getResource("/modules/addressing-1.8.2.mar");
        assertThat(mar).as("addressing-1.8.2.mar on the test class path").isNotNull();
        AxisModule module = DeploymentEngine.buildModule(new File(mar.toURI()), config);
        DeploymentEngine.addNewModule(module, config);
        config.engageModule(module);
    }
}
