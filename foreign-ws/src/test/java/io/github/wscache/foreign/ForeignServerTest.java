package io.github.wscache.foreign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.foreign.catalog.stub.CatalogServiceStub;
import io.github.wscache.foreign.customers.stub.CustomerServiceStub;
import io.github.wscache.foreign.quotes.stub.StockQuoteServiceStub;
import io.github.wscache.foreign.service.CatalogServiceImpl;
import io.github.wscache.foreign.service.CustomerServiceImpl;
import io.github.wscache.foreign.service.StockQuoteServiceImpl;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axis2.AxisFault;
import org.junit.jupiter.api.Test;

/** Every service answers through its generated stub, and every request is counted exactly. */
class ForeignServerTest extends ForeignServerFixture {

    @Test
    void catalogKeywordSearch_answersNestedItemsWithAuthorArraysAndPrices() throws Exception {
        CatalogServiceStub stub = catalogStub(server.endpoint(ForeignService.CATALOG));

        CatalogServiceStub.SearchResult result = stub.keywordSearch(keywordSearch("head first", 1))
                .getKeywordSearchResult();

        assertThat(result.getTotalResults()).isEqualTo(2);
        assertThat(result.getTotalPages()).isEqualTo(1);
        CatalogServiceStub.Item first = result.getItems().getItem()[0];
        assertThat(first.getAsin()).isEqualTo("0596007124");
        assertThat(first.getTitle()).isEqualTo("Head First Design Patterns");
        assertThat(first.getAuthors().getString())
                .containsExactly("Eric Freeman", "Elisabeth Robson", "Kathy Sierra", "Bert Bates");
        assertThat(first.getPrice().getAmount()).isEqualByComparingTo("9.99");
        assertThat(first.getPrice().getFormattedPrice()).isEqualTo("$9.99");
        assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(1);
        assertThat(server.count()).isEqualTo(1);
    }

    @Test
    void catalogKeywordSearch_pagesResults() throws Exception {
        CatalogServiceStub stub = catalogStub(server.endpoint(ForeignService.CATALOG));

        CatalogServiceStub.SearchResult page3 = stub.keywordSearch(keywordSearch("", 3))
                .getKeywordSearchResult();

        assertThat(page3.getTotalResults()).isEqualTo(CatalogServiceImpl.SIZE);
        assertThat(page3.getTotalPages()).isEqualTo(3);
        assertThat(page3.getItems().getItem()).hasSize(2);
    }

    @Test
    void catalog_answersOverSoap12Port() throws Exception {
        CatalogServiceStub stub = catalogStub(server.soap12Endpoint(ForeignService.CATALOG));
        stub._getServiceClient().getOptions()
                .setSoapVersionURI(SOAP12Constants.SOAP_ENVELOPE_NAMESPACE_URI);

        CatalogServiceStub.AsinSearch request = new CatalogServiceStub.AsinSearch();
        request.setAsin("0134685997");
        CatalogServiceStub.Item item = stub.asinSearch(request).getAsinSearchResult();

        assertThat(item.getTitle()).isEqualTo("Effective Java");
        assertThat(server.count(ForeignService.CATALOG, "AsinSearch")).isEqualTo(1);
        ReceivedRequest received = server.requests().get(0);
        assertThat(received.path()).endsWith("/CatalogService.CatalogServiceSoap12");
        assertThat(received.header("Content-Type")).startsWith("application/soap+xml");
        assertThat(received.soapAction()).isEqualTo("http://tempuri.org/AsinSearch");
    }

    @Test
    void catalogGetItem_answersKnownItemsInOrderAsked() throws Exception {
        CatalogServiceStub stub = catalogStub(server.endpoint(ForeignService.CATALOG));
        CatalogServiceStub.ArrayOfString ids = new CatalogServiceStub.ArrayOfString();
        ids.setString(new String[] {"0201485672", "unknown", "0132350882"});
        CatalogServiceStub.GetItem request = new CatalogServiceStub.GetItem();
        request.setItemIds(ids);

        CatalogServiceStub.Item[] items = stub.getItem(request).getGetItemResult().getItem();

        assertThat(items).extracting(CatalogServiceStub.Item::getTitle)
                .containsExactly("Refactoring", "Clean Code");
        assertThat(server.count(ForeignService.CATALOG, "GetItem")).isEqualTo(1);
    }

    @Test
    void catalogAsinSearch_faultsForUnknownAsinAndCountsIt() throws Exception {
        CatalogServiceStub stub = catalogStub(server.endpoint(ForeignService.CATALOG));
        CatalogServiceStub.AsinSearch request = new CatalogServiceStub.AsinSearch();
        request.setAsin("nope");

        assertThatThrownBy(() -> stub.asinSearch(request))
                .isInstanceOf(AxisFault.class)
                .hasMessageContaining("no item with ASIN nope");
        assertThat(server.count(ForeignService.CATALOG, "AsinSearch")).isEqualTo(1);
    }

    @Test
    void catalogSetPrice_changesLaterAnswers() throws Exception {
        try (ForeignServer own = ForeignServer.start()) {
            CatalogServiceStub stub = catalogStub(own.endpoint(ForeignService.CATALOG));
            CatalogServiceStub.AsinSearch request = new CatalogServiceStub.AsinSearch();
            request.setAsin("0132350882");
            own.catalog().setPrice("0132350882", new BigDecimal("12.00"));

            assertThat(stub.asinSearch(request).getAsinSearchResult().getPrice().getAmount())
                    .isEqualByComparingTo("12.00");
        }
    }

    @Test
    void quotesGetQuote_answersRpcLiteralResult() throws Exception {
        StockQuoteServiceStub stub = new StockQuoteServiceStub(client,
                server.endpoint(ForeignService.QUOTES));
        StockQuoteServiceStub.GetQuote request = new StockQuoteServiceStub.GetQuote();
        request.setSymbol("IBM");

        StockQuoteServiceStub.Quote quote = stub.getQuote(request).getResult();

        assertThat(quote.getSymbol()).isEqualTo("IBM");
        assertThat(quote.getCompanyName()).isEqualTo("IBM Corp.");
        assertThat(quote.getLast()).isEqualTo(server.quotes().last("IBM"));
        assertThat(server.count(ForeignService.QUOTES, "GetQuote")).isEqualTo(1);
    }

    @Test
    void quotesGetHistory_answersOneQuotePerDayNewestFirst() throws Exception {
        StockQuoteServiceStub stub = new StockQuoteServiceStub(client,
                server.endpoint(ForeignService.QUOTES));
        StockQuoteServiceStub.GetHistory request = new StockQuoteServiceStub.GetHistory();
        request.setSymbol("MSFT");
        request.setDays(5);

        StockQuoteServiceStub.QuoteHistory history = stub.getHistory(request).getHistory();

        assertThat(history.getSymbol()).isEqualTo("MSFT");
        assertThat(history.getDay()).extracting(StockQuoteServiceStub.DailyQuote::getDate)
                .containsExactly("2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17",
                        "2026-11-16");
        assertThat(history.getDay()[0].getClose()).isEqualTo(server.quotes().last("MSFT"));
        assertThat(server.count(ForeignService.QUOTES, "GetHistory")).isEqualTo(1);
    }

    @Test
    void quotesGetHistory_faultsForDaysOutOfRange() throws Exception {
        StockQuoteServiceStub stub = new StockQuoteServiceStub(client,
                server.endpoint(ForeignService.QUOTES));
        StockQuoteServiceStub.GetHistory request = new StockQuoteServiceStub.GetHistory();
        request.setSymbol("MSFT");
        request.setDays(StockQuoteServiceImpl.MAX_DAYS + 1);

        assertThatThrownBy(() -> stub.getHistory(request))
                .isInstanceOf(AxisFault.class)
                .hasMessageContaining("days must be in 1..365: 366");
    }

    @Test
    void quotesGetLastTradePrice_answersLowerCamelOperation() throws Exception {
        StockQuoteServiceStub stub = new StockQuoteServiceStub(client,
                server.endpoint(ForeignService.QUOTES));
        StockQuoteServiceStub.GetLastTradePrice request =
                new StockQuoteServiceStub.GetLastTradePrice();
        request.setTickerSymbol("SAP");

        float price = stub.getLastTradePrice(request).getPrice();

        assertThat(price).isEqualTo((float) server.quotes().last("SAP"));
        assertThat(server.count(ForeignService.QUOTES, "getLastTradePrice")).isEqualTo(1);
    }

    @Test
    void customersGetCustomer_answersNestedAddressAndTagsOverSoap12() throws Exception {
        CustomerServiceStub stub = new CustomerServiceStub(client,
                server.endpoint(ForeignService.CUSTOMERS));

        CustomerServiceStub.Customer customer = stub.getCustomer(getCustomer(3))
                .getGetCustomerResponse().get_return();

        assertThat(customer.getName()).isEqualTo("Grace Hopper");
        assertThat(customer.getEmail()).isEqualTo("grace@example.com");
        assertThat(customer.getAddress().getCity()).isEqualTo("Arlington");
        assertThat(customer.getTags()).containsExactly("gold", "beta");
        assertThat(server.count(ForeignService.CUSTOMERS, "getCustomer")).isEqualTo(1);
        assertThat(server.requests().get(0).header("Content-Type"))
                .startsWith("application/soap+xml");
    }

    @Test
    void customersGetCustomer_answersNoReturnForUnknownId() throws Exception {
        CustomerServiceStub stub = new CustomerServiceStub(client,
                server.endpoint(ForeignService.CUSTOMERS));

        assertThat(stub.getCustomer(getCustomer(CustomerServiceImpl.CUSTOMERS + 1))
                .getGetCustomerResponse().get_return()).isNull();
    }

    @Test
    void customersFindOrders_filtersByStatusAndLimits() throws Exception {
        CustomerServiceStub stub = new CustomerServiceStub(client,
                server.endpoint(ForeignService.CUSTOMERS));
        CustomerServiceStub.FindOrders query = new CustomerServiceStub.FindOrders();
        query.setCustomerId(2);
        query.setStatus(CustomerServiceStub.OrderStatus.OPEN);
        query.setMaxResults(10);
        CustomerServiceStub.FindOrdersE request = new CustomerServiceStub.FindOrdersE();
        request.setFindOrders(query);

        CustomerServiceStub.Order[] orders = stub.findOrders(request).getFindOrdersResponse()
                .get_return();

        assertThat(orders).extracting(CustomerServiceStub.Order::getOrderId)
                .containsExactly("SO-2-000", "SO-2-003", "SO-2-006");
        assertThat(orders[1].getLines()).hasSize(1);
        assertThat(orders[1].getTotal()).isEqualByComparingTo("4.99");
        query.setStatus(null);
        query.setMaxResults(4);
        assertThat(stub.findOrders(request).getFindOrdersResponse().get_return()).hasSize(4);
        assertThat(server.count(ForeignService.CUSTOMERS, "FindOrders")).isEqualTo(2);
    }

    @Test
    void counts_areExactPerServiceAndOperationAndReset() throws Exception {
        CatalogServiceStub catalog = catalogStub(server.endpoint(ForeignService.CATALOG));
        CustomerServiceStub customers = new CustomerServiceStub(client,
                server.endpoint(ForeignService.CUSTOMERS));
        for (int i = 0; i < 3; i++) {
            catalog.keywordSearch(keywordSearch("java", 1));
        }
        customers.getCustomer(getCustomer(1));
        customers.getCustomer(getCustomer(1));

        assertThat(server.count(ForeignService.CATALOG, "KeywordSearch")).isEqualTo(3);
        assertThat(server.count(ForeignService.CUSTOMERS, "getCustomer")).isEqualTo(2);
        assertThat(server.count(ForeignService.CATALOG, "getCustomer")).isZero();
        assertThat(server.count()).isEqualTo(5);
        assertThat(server.requests(ForeignService.CATALOG, "KeywordSearch")).hasSize(3);
        server.reset();
        assertThat(server.count()).isZero();
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void wsdlUrl_servesEachWsdlAndCountsItUnderNoOperation() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (ForeignService service : ForeignService.values()) {
            HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(URI.create(server.wsdlUrl(service))).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).contains(service.namespace());
            assertThat(server.count(service, "")).isEqualTo(1);
        }
    }

    @Test
    void endpoints_nameEveryServiceAndRejectMissingSoap12Port() {
        assertThat(server.endpoints()).containsOnlyKeys(ForeignService.values());
        assertThat(server.endpoint(ForeignService.CATALOG)).isEqualTo("http://127.0.0.1:"
                + server.port() + "/services/CatalogService.CatalogServiceSoap");
        assertThat(server.endpoint(ForeignService.CUSTOMERS))
                .isEqualTo(server.soap12Endpoint(ForeignService.CUSTOMERS));
        assertThatThrownBy(() -> server.soap12Endpoint(ForeignService.QUOTES))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("service has no soap 1.2 port: QUOTES");
    }

    private static CatalogServiceStub catalogStub(String endpoint) throws AxisFault {
        return new CatalogServiceStub(client, endpoint);
    }

    static CatalogServiceStub.KeywordSearch keywordSearch(String keywords, int page) {
        CatalogServiceStub.KeywordSearch request = new CatalogServiceStub.KeywordSearch();
        request.setKeywords(keywords);
        request.setPage(page);
        return request;
    }

    static CustomerServiceStub.GetCustomerE getCustomer(long id) {
        CustomerServiceStub.GetCustomer body = new CustomerServiceStub.GetCustomer();
        body.setCustomerId(id);
        CustomerServiceStub.GetCustomerE request = new CustomerServiceStub.GetCustomerE();
        request.setGetCustomer(body);
        return request;
    }
}
