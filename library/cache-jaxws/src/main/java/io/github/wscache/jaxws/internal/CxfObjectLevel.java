package io.github.wscache.jaxws.internal;

import io.github.wscache.core.ResponseCache;
import jakarta.xml.ws.Holder;
import jakarta.xml.ws.Response;
import java.lang.reflect.Method;
import java.util.List;
import java.util.concurrent.Future;
import org.apache.cxf.endpoint.ClientImpl;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageContentsList;
import org.apache.cxf.message.MessageImpl;
import org.apache.cxf.service.Service;
import org.apache.cxf.service.invoker.MethodDispatcher;
import org.apache.cxf.service.model.BindingOperationInfo;

/**
 * The application-object level of a CXF client in CXF's own interceptors (what
 * {@link ObjectCalls} is for any JAX-WS port, without a proxy): for an operation whose policy
 * {@code value} keeps objects, the call goes through {@link ResponseCache#call}, before anything
 * is marshalled. A hit is answered as CXF hands a client its result, with the caller's own copy
 * in the response's contents and the exchange finished, so nothing is written or sent; a miss
 * runs the rest of the call's chain on the calling thread (which sends it and reads the response
 * through the in chain) and gives the engine the object the data binding made, which stores a
 * copy. Faults, HTTP errors and transport failures reach the caller as without the cache and are
 * never stored; concurrent callers of a key wait for the first and get a copy of its result, or
 * its failure.
 *
 * <p>An operation with out ({@code Holder}) parameters or without a return value is sent
 * uncached (logged once per client): its result is not one object.
 */
final class CxfObjectLevel {
    private final ResponseCache cache;
    private volatile boolean loggedShape;

    CxfObjectLevel(ResponseCache cache) {
        this.cache = cache;
    }

    /** Answers or sends the call of {@code message}, whose request is object-level. */
    void call(Message message, RequestKeys.Request request, org.slf4j.Logger log) {
        Exchange ex = message.getExchange();
        if (!oneResult(ex)) {
            if (!loggedShape) {
                loggedShape = true;
                log.info("wscache: {} returns no single object (out parameters or no return "
                        + "value); it is sent uncached at the object level (logged once)",
                        ex.getBindingOperationInfo().getName().getLocalPart());
            }
            return;
        }
        Load load = new Load(message);
        Object result;
        try {
            result = cache.call(request.invocation(), load::run);
        } catch (Failed e) {
            if (load.sent) {
                // this call's own failure: CXF has unwound the chain and holds the exception
                return;
            }
            // the failure of the concurrent call this one waited for, as CXF would report it
            throw e.getCause() instanceof Fault ? (Fault) e.getCause() : new Fault(e.getCause());
        }
        if (load.sent) {
            // this call went out and CXF read its response; the engine stored a copy of it
            return;
        }
        answer(message, result);
    }

    /** The Java method of the exchange's operation, or {@code null} when CXF does not say. */
    static Method method(Exchange ex) {
        Service service = ex.getService();
        BindingOperationInfo bop = ex.getBindingOperationInfo();
        Object dispatcher = service == null ? null
                : service.get(MethodDispatcher.class.getName());
        return dispatcher instanceof MethodDispatcher
                ? ((MethodDispatcher) dispatcher).getMethod(bop) : null;
    }

    /** Whether the operation's Java method returns one object and has no out parameters. */
    private static boolean oneResult(Exchange ex) {
        Method method = method(ex);
        if (method == null || method.getReturnType() == void.class
                || Future.class.isAssignableFrom(method.getReturnType())
                || Response.class.isAssignableFrom(method.getReturnType())) {
            return false;
        }
        for (Class<?> p : method.getParameterTypes()) {
            if (Holder.class.isAssignableFrom(p)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Hands {@code value} to the client as its result: a response message holding it, the
     * exchange finished (the client waits for nothing) and the out chain stopped before anything
     * is written.
     */
    private static void answer(Message message, Object value) {
        Exchange ex = message.getExchange();
        MessageImpl in = new MessageImpl();
        in.setExchange(ex);
        Message response = ex.getEndpoint().getBinding().createMessage(in);
        response.put(Message.INBOUND_MESSAGE, Boolean.TRUE);
        response.put(Message.REQUESTOR_ROLE, Boolean.TRUE);
        response.put(Message.RESPONSE_CODE, 200);
        response.setContent(List.class, new MessageContentsList(value));
        ex.setInMessage(response);
        message.getInterceptorChain().abort();
        synchronized (ex) {
            ex.put(ClientImpl.FINISHED, Boolean.TRUE);
            ex.notifyAll();
        }
    }

    /** A miss: the rest of the out chain, which sends the call and reads its response. */
    private static final class Load {
        private final Message message;
        boolean sent;

        Load(Message message) {
            this.message = message;
        }

        Object run() {
            sent = true;
            Exchange ex = message.getExchange();
            message.getInterceptorChain().doIntercept(message);
            Exception failure = ex.get(Exception.class);
            if (failure == null) {
                failure = message.getContent(Exception.class);
            }
            if (failure == null && ex.getInFaultMessage() != null) {
                failure = ex.getInFaultMessage().getContent(Exception.class);
                if (failure == null) {
                    failure = new Fault(new IllegalStateException("the service answered with a "
                            + "fault"));
                }
            }
            Message in = ex.getInMessage();
            if (failure == null && in != null) {
                failure = in.getContent(Exception.class);
            }
            if (failure != null) {
                throw new Failed(failure);
            }
            List<?> result = in == null ? null : in.getContent(List.class);
            if (result == null || result.size() != 1) {
                // CXF reports this to the caller itself (no result where one was expected)
                throw new Failed(new Fault(new IllegalStateException(
                        "the response held no single result")));
            }
            return result.get(0);
        }
    }

    /** A call that failed: the exception CXF holds, carried through the engine. */
    private static final class Failed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failed(Exception cause) {
            super(cause.getMessage(), cause, false, false);
        }
    }
}
