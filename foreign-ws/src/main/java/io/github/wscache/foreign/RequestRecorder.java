package io.github.wscache.foreign;

import io.github.wscache.embedded.BufferedRequest;
import io.github.wscache.embedded.SoapBodies;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * The first filter: counts every HTTP request that reaches the server, per service and
 * operation, and records its headers as a {@link ReceivedRequest}, before authentication.
 *
 * <p>The service is the path segment after {@code /services/} up to the first dot (Axis2 names
 * endpoints {@code Service.Port}). The operation is the local name of the first element in the
 * SOAP body (document/literal wrapped: the wrapper element; rpc/literal: the operation element),
 * failing that the last part of the SOAP action, else {@code ""} (metadata GETs such as
 * {@code ?wsdl}). The body is buffered once and handed on unchanged. Counting happens before the
 * request is passed on, so a count is visible to a client as soon as its call returns.
 *
 * <p>Thread-safe.
 */
final class RequestRecorder implements Filter {


    private final LongAdder total = new LongAdder();
    private final Map<String, LongAdder> perOperation = new ConcurrentHashMap<>();
    private final Queue<ReceivedRequest> requests = new ConcurrentLinkedQueue<>();

    long total() {
        return total.sum();
    }

    long count(String service, String operation) {
        LongAdder adder = perOperation.get(service + ' ' + operation);
        return adder == null ? 0 : adder.sum();
    }

    List<ReceivedRequest> requests() {
        return List.copyOf(requests);
    }

    void reset() {
        total.reset();
        perOperation.clear();
        requests.clear();
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        ServletRequest forward = http;
        String operation = "";
        byte[] body = new byte[0];
        if (!"GET".equals(http.getMethod())) {
            body = http.getInputStream().readAllBytes();
            forward = new BufferedRequest(http, body);
            operation = SoapBodies.operation(body);
        }
        String action = soapAction(http);
        if (operation.isEmpty()) {
            operation = operationFromAction(action);
        }
        String service = serviceFromPath(http.getRequestURI());
        String authorization = http.getHeader("Authorization");
        List<String> cookies = Collections.list(http.getHeaders("Cookie"));
        requests.add(new ReceivedRequest(http.getMethod(), http.getRequestURI(), service,
                operation, action, authorization,
                cookies.isEmpty() ? null : String.join("; ", cookies),
                BasicAuth.user(authorization), headers(http),
                new String(body, StandardCharsets.UTF_8)));
        perOperation.computeIfAbsent(service + ' ' + operation, k -> new LongAdder()).increment();
        total.increment();
        chain.doFilter(forward, response);
    }

    /** {@code /services/Service.Port...} answers {@code Service}; anything else answers "". */
    static String serviceFromPath(String uri) {
        int services = uri.indexOf("/services/");
        if (services < 0) {
            return "";
        }
        String rest = uri.substring(services + "/services/".length());
        int end = rest.length();
        for (char stop : new char[] {'.', '/', '?'}) {
            int at = rest.indexOf(stop);
            if (at >= 0) {
                end = Math.min(end, at);
            }
        }
        return rest.substring(0, end);
    }

    /** The SOAPAction header, else the action parameter of the content type, else null. */
    private static String soapAction(HttpServletRequest request) {
        String action = request.getHeader("SOAPAction");
        if (action != null) {
            return action;
        }
        String contentType = request.getContentType();
        if (contentType == null) {
            return null;
        }
        for (String parameter : contentType.split(";")) {
            String trimmed = parameter.trim();
            if (trimmed.toLowerCase(Locale.ROOT).startsWith("action=")) {
                return trimmed.substring("action=".length()).replace("\"", "");
            }
        }
        return null;
    }

    private static String operationFromAction(String action) {
        if (action == null) {
            return "";
        }
        String bare = action.replace("\"", "").trim();
        int cut = Math.max(Math.max(bare.lastIndexOf(':'), bare.lastIndexOf('/')),
                bare.lastIndexOf('#'));
        return bare.substring(cut + 1);
    }

    private static Map<String, List<String>> headers(HttpServletRequest request) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String name : Collections.list(request.getHeaderNames())) {
            headers.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .addAll(Collections.list(request.getHeaders(name)));
        }
        headers.replaceAll((name, values) -> List.copyOf(values));
        return headers;
    }

}
