package io.github.wscache.foreign;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One HTTP request as it reached a {@link ForeignServer}, recorded before authentication and
 * before Axis2 saw it.
 *
 * @param method the HTTP method
 * @param path the request URI's path, e.g. {@code /services/CatalogService.CatalogServiceSoap}
 * @param service the service name from the path ({@code "CatalogService"}), or {@code ""}
 * @param operation the operation as {@link ForeignServer#count(ForeignService, String)} counts
 *     it: the local name of the SOAP body's first element, else the last part of the SOAP
 *     action, else {@code ""}
 * @param soapAction the {@code SOAPAction} header as sent (quotes included), or, failing that,
 *     the {@code action} parameter of a SOAP 1.2 {@code Content-Type}; {@code null} if neither
 * @param authorization the {@code Authorization} header, or {@code null}
 * @param cookie the {@code Cookie} header (all of them joined with {@code "; "}), or {@code null}
 * @param user the user name of a well-formed {@code Authorization: Basic} header, or {@code null}
 * @param headers every header, names in lower case, values in order received
 * @param body the request body decoded as UTF-8 ({@code ""} for a GET), e.g. to check which
 *     payload element and namespaces reached the server
 */
public record ReceivedRequest(String method, String path, String service, String operation,
        String soapAction, String authorization, String cookie, String user,
        Map<String, List<String>> headers, String body) {

    /** Copies {@code headers}. */
    public ReceivedRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(operation, "operation");
        headers = Map.copyOf(headers);
        Objects.requireNonNull(body, "body");
    }

    /** The first value of the header (name in any case), or {@code null}. */
    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.get(0);
    }
}
