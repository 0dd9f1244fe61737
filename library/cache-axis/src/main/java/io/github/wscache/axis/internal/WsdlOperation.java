package io.github.wscache.axis.internal;

import java.util.Locale;

/**
 * One operation of one WSDL port (WSDL 2.0: endpoint), as {@link WsdlOperations} reads it: the
 * names a policy matches it by (service, endpoint address, operation) and what the binding says.
 *
 * @param file the WSDL file the service is declared in
 * @param service the service's name ({@code wsdl:service/@name})
 * @param port the port's (WSDL 2.0: endpoint's) name
 * @param protocol {@code SOAP 1.1}, {@code SOAP 1.2}, {@code HTTP} or {@code other}
 * @param endpoint the address ({@code soap:address/@location}; for HTTP bindings joined with the
 *     operation's location), or {@code null} when the port has none
 * @param name the operation's name as the WSDL writes it, e.g. {@code KeywordSearch}
 * @param soapAction the binding's SOAP action, or {@code ""}
 * @param style {@code document} or {@code rpc} (HTTP bindings: the verb, e.g. {@code GET})
 * @param oneWay whether the operation has no response (never cached)
 */
public record WsdlOperation(String file, String service, String port, String protocol,
        String endpoint, String name, String soapAction, String style, boolean oneWay) {

    /**
     * Returns the name of the generated ADB stub's method: the WSDL name with its first letter
     * lowered ({@code KeywordSearch} → {@code keywordSearch}). cache-axis falls back to it when
     * no policy entry matches the WSDL name.
     */
    public String javaName() {
        if (name.isEmpty()) {
            return name;
        }
        return name.substring(0, 1).toLowerCase(Locale.ROOT) + name.substring(1);
    }
}
