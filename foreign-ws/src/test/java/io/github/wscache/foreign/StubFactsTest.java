package io.github.wscache.foreign;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.foreign.catalog.stub.CatalogServiceStub;
import io.github.wscache.foreign.customers.stub.CustomerServiceStub;
import io.github.wscache.foreign.quotes.stub.StockQuoteServiceStub;
import java.io.StringReader;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMSourcedElement;
import org.apache.axis2.client.Stub;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.databinding.ADBDataSource;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.wsdl.WSDLConstants;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The facts about the generated stubs that cache-axis relies on, one row per operation, checked
 * by calling the operation: the name of the {@code AxisOperation} the stub registers, the SOAP
 * action that reaches the server, the payload element on the wire, the Java method and whether
 * the request bean has {@code MY_QNAME}, and that the payload in the outgoing message context
 * is an {@link ADBDataSource} over the application's bean. foreign-ws/README.md shows the same
 * table.
 */
class StubFactsTest extends ForeignServerFixture {

    private static final String TEMPURI = "http://tempuri.org/";
    private static final String QUOTES_WSDL = "http://example.com/stockquote.wsdl";
    private static final String QUOTES_BODY = "urn:example:stockquote";
    private static final String CRM = "http://crm.example.com/ws/customer/v1";

    /** One operation of one stub, as generated from its WSDL. */
    enum Fact {
        KEYWORD_SEARCH(ForeignService.CATALOG, CatalogServiceStub.class, "keywordSearch",
                new QName(TEMPURI, "keywordSearch"), "\"http://tempuri.org/KeywordSearch\"",
                new QName(TEMPURI, "KeywordSearch"), CatalogServiceStub.KeywordSearch.class,
                () -> ForeignServerTest.keywordSearch("java", 1)),
        ASIN_SEARCH(ForeignService.CATALOG, CatalogServiceStub.class, "asinSearch",
                new QName(TEMPURI, "asinSearch"), "\"http://tempuri.org/AsinSearch\"",
                new QName(TEMPURI, "AsinSearch"), CatalogServiceStub.AsinSearch.class,
                () -> {
                    CatalogServiceStub.AsinSearch request = new CatalogServiceStub.AsinSearch();
                    request.setAsin("0134685997");
                    return request;
                }),
        GET_ITEM(ForeignService.CATALOG, CatalogServiceStub.class, "getItem",
                new QName(TEMPURI, "getItem"), "\"http://tempuri.org/GetItem\"",
                new QName(TEMPURI, "GetItem"), CatalogServiceStub.GetItem.class,
                CatalogServiceStub.GetItem::new),
        GET_QUOTE(ForeignService.QUOTES, StockQuoteServiceStub.class, "getQuote",
                new QName(QUOTES_WSDL, "getQuote"), "\"urn:example:stockquote#GetQuote\"",
                new QName(QUOTES_BODY, "GetQuote"), StockQuoteServiceStub.GetQuote.class,
                () -> {
                    StockQuoteServiceStub.GetQuote request = new StockQuoteServiceStub.GetQuote();
                    request.setSymbol("IBM");
                    return request;
                }),
        GET_HISTORY(ForeignService.QUOTES, StockQuoteServiceStub.class, "getHistory",
                new QName(QUOTES_WSDL, "getHistory"), "\"urn:example:stockquote#GetHistory\"",
                new QName(QUOTES_BODY, "GetHistory"), StockQuoteServiceStub.GetHistory.class,
                () -> {
                    StockQuoteServiceStub.GetHistory request =
                            new StockQuoteServiceStub.GetHistory();
                    request.setSymbol("IBM");
                    request.setDays(2);
                    return request;
                }),
        GET_LAST_TRADE_PRICE(ForeignService.QUOTES, StockQuoteServiceStub.class,
                "getLastTradePrice", new QName(QUOTES_WSDL, "getLastTradePrice"),
                "\"http://example.com/GetLastTradePrice\"",
                new QName(QUOTES_BODY, "getLastTradePrice"),
                StockQuoteServiceStub.GetLastTradePrice.class,
                () -> {
                    StockQuoteServiceStub.GetLastTradePrice request =
                            new StockQuoteServiceStub.GetLastTradePrice();
                    request.setTickerSymbol("IBM");
                    return request;
                }),
        GET_CUSTOMER(ForeignService.CUSTOMERS, CustomerServiceStub.class, "getCustomer",
                new QName(CRM, "getCustomer"), CRM + "/CustomerService/getCustomerRequest",
                new QName(CRM, "getCustomer"), CustomerServiceStub.GetCustomerE.class,
                () -> ForeignServerTest.getCustomer(1)),
        FIND_ORDERS(ForeignService.CUSTOMERS, CustomerServiceStub.class, "findOrders",
                new QName(CRM, "findOrders"), CRM + "/CustomerService/FindOrdersRequest",
                new QName(CRM, "FindOrders"), CustomerServiceStub.FindOrdersE.class,
                () -> {
                    CustomerServiceStub.FindOrders query = new CustomerServiceStub.FindOrders();
                    query.setCustomerId(1);
                    query.setMaxResults(1);
                    CustomerServiceStub.FindOrdersE request = new CustomerServiceStub.FindOrdersE();
                    request.setFindOrders(query);
                    return request;
                });

        final ForeignService service;
        final Class<? extends Stub> stubClass;
        final String javaMethod;
        final QName axisOperation;
        final String soapAction;
        final QName payload;
        final Class<?> requestBean;
        final Supplier<Object> request;

        Fact(ForeignService service, Class<? extends Stub> stubClass, String javaMethod,
                QName axisOperation, String soapAction, QName payload, Class<?> requestBean,
                Supplier<Object> request) {
            this.service = service;
            this.stubClass = stubClass;
            this.javaMethod = javaMethod;
            this.axisOperation = axisOperation;
            this.soapAction = soapAction;
            this.payload = payload;
            this.requestBean = requestBean;
            this.request = request;
        }
    }

    @ParameterizedTest
    @EnumSource(Fact.class)
    void stub_registersLowerCamelOperationAndSendsWsdlActionAndPayload(Fact fact)
            throws Exception {
        Stub stub = fact.stubClass.getConstructor(ConfigurationContext.class, String.class)
                .newInstance(client, server.endpoint(fact.service));

        Object request = fact.request.get();
        fact.stubClass.getMethod(fact.javaMethod, fact.requestBean).invoke(stub, request);

        assertThat(wsdlOperations(stub)).contains(fact.axisOperation);
        MessageContext out = stub._getServiceClient().getLastOperationContext()
                .getMessageContext(WSDLConstants.MESSAGE_LABEL_OUT_VALUE);
        assertThat(out.getAxisOperation().getName()).isEqualTo(fact.axisOperation);
        // the AxisOperation's own soapAction is a default, not what the stub sends
        assertThat(out.getAxisOperation().getSoapAction())
                .isEqualTo("urn:" + fact.axisOperation.getLocalPart());
        assertThat(out.getSoapAction()).isEqualTo(fact.soapAction.replace("\"", ""));
        // the body's payload still carries the very bean the application passed
        OMElement payload = out.getEnvelope().getBody().getFirstElement();
        assertThat(payload).isInstanceOf(OMSourcedElement.class);
        assertThat(((ADBDataSource) ((OMSourcedElement) payload).getDataSource()).getObject())
                .isSameAs(request);
        assertThat(payload.getQName()).isEqualTo(fact.payload);
        ReceivedRequest received = server.requests().get(0);
        assertThat(received.soapAction()).isEqualTo(fact.soapAction);
        assertThat(payload(received.body())).isEqualTo(fact.payload);
        assertThat(received.operation()).isEqualTo(fact.payload.getLocalPart());
        assertThat(server.count(fact.service, fact.payload.getLocalPart())).isEqualTo(1);
        assertThat(myQName(fact.requestBean)).isEqualTo(fact.payload);
    }

    @ParameterizedTest
    @EnumSource(value = Fact.class, names = {"GET_CUSTOMER", "FIND_ORDERS"})
    void javaStyleWsdl_typeNamedLikeElement_beanWithoutMyQNameAndElementClassWithSuffixE(
            Fact fact) throws Exception {
        Class<?> typeClass = Class.forName(fact.requestBean.getName().replaceAll("E$", ""));

        assertThat(myQName(typeClass)).isNull();
        assertThat(myQName(fact.requestBean)).isEqualTo(fact.payload);
    }

    private static List<QName> wsdlOperations(Stub stub) {
        List<QName> names = new ArrayList<>();
        for (Iterator<AxisOperation> it =
                stub._getServiceClient().getAxisService().getOperations(); it.hasNext();) {
            QName name = it.next().getName();
            if (!name.getLocalPart().startsWith("anon")) {
                names.add(name);
            }
        }
        return names;
    }

    private static QName myQName(Class<?> bean) throws IllegalAccessException {
        for (Field field : bean.getFields()) {
            if (field.getName().equals("MY_QNAME")) {
                return (QName) field.get(null);
            }
        }
        return null;
    }

    /** The qualified name of the SOAP body's first child. */
    private static QName payload(String envelope) throws Exception {
        XMLStreamReader reader = XMLInputFactory.newFactory()
                .createXMLStreamReader(new StringReader(envelope));
        boolean inBody = false;
        while (reader.hasNext()) {
            if (reader.next() == XMLStreamConstants.START_ELEMENT) {
                if (inBody) {
                    return reader.getName();
                }
                inBody = reader.getLocalName().equals("Body");
            }
        }
        return null;
    }
}
