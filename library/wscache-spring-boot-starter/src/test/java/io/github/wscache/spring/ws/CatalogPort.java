package io.github.wscache.spring.ws;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;

/**
 * The foreign-ws CatalogService's KeywordSearch as a JAX-WS service endpoint interface written by
 * hand (document/literal, bare), for a CXF client made without its WSDL.
 */
@WebService(targetNamespace = Catalog.NS, name = "CatalogServiceSoap")
@SOAPBinding(parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface CatalogPort {
    /** One page of the books matching the keywords. */
    @WebMethod(operationName = "KeywordSearch", action = "http://tempuri.org/KeywordSearch")
    @WebResult(name = "KeywordSearchResponse", targetNamespace = Catalog.NS,
            partName = "parameters")
    Catalog.KeywordSearchResponse keywordSearch(@WebParam(name = "KeywordSearch",
            targetNamespace = Catalog.NS, partName = "parameters") Catalog.KeywordSearch request);
}
