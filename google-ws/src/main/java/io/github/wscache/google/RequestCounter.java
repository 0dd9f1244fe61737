package io.github.wscache.google;

import io.github.wscache.embedded.BufferedRequest;
import io.github.wscache.embedded.SoapBodies;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts every HTTP request that reaches the server, in total and per operation.
 *
 * <p>The operation is the local name of the first element in the SOAP body (document/literal
 * wrapped: the operation's wrapper element), or of the root element of a plain XML (POX) body,
 * or, for a GET, the path segment after {@code Service.Port/}; failing all that, the last part
 * of the SOAP action. Requests with none of these (metadata GETs such as {@code ?wsdl}) count
 * under the operation {@code ""}. The body is buffered once and handed on unchanged.
 *
 * <p>Thread-safe.
 */
final class RequestCounter implements Filter {


    private final LongAdder total = new LongAdder();
    private final Map<String, LongAdder> perOperation = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> perMethodAndOperation = new ConcurrentHashMap<>();

    long total() {
        return total.sum();
    }

    long count(String operation) {
        LongAdder adder = perOperation.get(operation);
        return adder == null ? 0 : adder.sum();
    }

    long count(String method, String operation) {
        LongAdder adder = perMethodAndOperation.get(method + ' ' + operation);
        return adder == null ? 0 : adder.sum();
    }

    void reset() {
        total.reset();
        perOperation.clear();
        perMethodAndOperation.clear();
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        String operation;
        ServletRequest forward = http;
        if ("GET".equals(http.getMethod())) {
            operation = operationFromPath(http.getRequestURI());
        } else {
            byte[] body = http.getInputStream().readAllBytes();
            forward = new BufferedRequest(http, body);
            operation = SoapBodies.operation(body);
            if (operation.isEmpty()) {
                operation = operationFromAction(http);
            }
        }
        total.increment();
        perOperation.computeIfAbsent(operation, k -> new LongAdder()).increment();
        perMethodAndOperation.computeIfAbsent(http.getMethod() + ' ' + operation,
                k -> new LongAdder()).increment();
        chain.doFilter(forward, response);
    }

    /** {@code /services/Service.Port/op} answers {@code op}; anything shorter answers "". */
    static String operationFromPath(String uri) {
        int services = uri.indexOf("/services/");
        if (services < 0) {
            return "";
        }
        String rest = uri.substring(services + "/services/".length());
        int slash = rest.indexOf('/');
        if (slash < 0) {
            return "";
        }
        String operation = rest.substring(slash + 1);
        int end = operation.indexOf('/');
        return end < 0 ? operation : operation.substring(0, end);
    }

    private static String operationFromAction(HttpServletRequest request) {
        String action = request.getHeader("SOAPAction");
        String contentType = request.getContentType();
        if ((action == null || action.isBlank()) && contentType != null) {
            int at = contentType.indexOf("action=");
            if (at >= 0) {
                action = contentType.substring(at + "action=".length()).split(";")[0];
            }
        }
        if (action == null) {
            return "";
        }
        action = action.replace("\"", "").trim();
        int cut = Math.max(action.lastIndexOf(':'), action.lastIndexOf('/'));
        return action.substring(cut + 1);
    }

}
