package io.github.wscache.foreign;

import java.net.URL;
import java.util.Objects;
import java.util.Optional;

/**
 * The services of the foreign-ws corpus: WSDLs in styles other than google-ws's, each served by
 * {@link ForeignServer} and compiled into a packed ADB stub.
 *
 * <p>Every service is deployed from its WSDL, so its endpoints are
 * {@code http://127.0.0.1:<port>/services/<serviceName>.<portName>}.
 */
public enum ForeignService {

    /**
     * ASMX-style document/literal wrapped service ({@code http://tempuri.org/}, UpperCamelCase
     * operations {@code KeywordSearch}, {@code AsinSearch}, {@code GetItem}, SOAP actions
     * {@code http://tempuri.org/<Op>}, elementFormDefault qualified) with a SOAP 1.1 and a
     * SOAP 1.2 port; stub {@code io.github.wscache.foreign.catalog.stub.CatalogServiceStub}.
     */
    CATALOG("CatalogService", "http://tempuri.org/", "CatalogService.wsdl",
            "CatalogServiceSoap", "CatalogServiceSoap12"),

    /**
     * rpc/literal SOAP 1.1 service ({@code GetQuote(symbol)}, {@code GetHistory(symbol, days)},
     * {@code getLastTradePrice(tickerSymbol)}; body namespace {@code urn:example:stockquote});
     * stub {@code io.github.wscache.foreign.quotes.stub.StockQuoteServiceStub}.
     */
    QUOTES("StockQuoteService", "http://example.com/stockquote.wsdl", "StockQuoteService.wsdl",
            "StockQuotePort", null),

    /**
     * SOAP 1.2-only document/literal service in the JAX-WS shape ({@code getCustomer},
     * {@code FindOrders}, unqualified child elements, empty SOAP actions); stub
     * {@code io.github.wscache.foreign.customers.stub.CustomerServiceStub}.
     */
    CUSTOMERS("CustomerService", "http://crm.example.com/ws/customer/v1", "CustomerService.wsdl",
            null, "CustomerServicePort");

    private final String serviceName;
    private final String namespace;
    private final String wsdlResource;
    private final String soap11Port;
    private final String soap12Port;

    ForeignService(String serviceName, String namespace, String wsdlResource, String soap11Port,
            String soap12Port) {
        this.serviceName = serviceName;
        this.namespace = namespace;
        this.wsdlResource = wsdlResource;
        this.soap11Port = soap11Port;
        this.soap12Port = soap12Port;
    }

    /** The WSDL service name, also the first part of every endpoint path. */
    public String serviceName() {
        return serviceName;
    }

    /** The WSDL's target namespace. */
    public String namespace() {
        return namespace;
    }

    /** The WSDL on the class path, the one its stub was generated from. */
    public URL wsdl() {
        return Objects.requireNonNull(ForeignService.class.getResource(wsdlResource),
                wsdlResource);
    }

    /** The name of the SOAP 1.1 port, if the service has one. */
    public Optional<String> soap11Port() {
        return Optional.ofNullable(soap11Port);
    }

    /** The name of the SOAP 1.2 port, if the service has one. */
    public Optional<String> soap12Port() {
        return Optional.ofNullable(soap12Port);
    }

    /** The port its stub was generated for: SOAP 1.1 where there is one, else SOAP 1.2. */
    public String stubPort() {
        return soap11Port != null ? soap11Port : soap12Port;
    }
}
