package io.github.wscache.jaxws;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.Handler;
import jakarta.xml.ws.handler.MessageContext;
import jakarta.xml.ws.handler.soap.SOAPHandler;
import jakarta.xml.ws.handler.soap.SOAPMessageContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;

/**
 * A SOAP handler of the application's own, as tests put one on a port: it passes every message
 * on and notes its direction ({@code true} out, {@code false} in). Tests whose handler does
 * something else override {@link #handleMessage}.
 */
class AppHandler implements SOAPHandler<SOAPMessageContext> {
    final List<Boolean> outbound = new ArrayList<>();

    /** Adds a new one at the end of {@code port}'s handler chain; returns it. */
    static AppHandler appendTo(Object port) {
        AppHandler h = new AppHandler();
        @SuppressWarnings("rawtypes")
        List<Handler> chain = new ArrayList<>(((BindingProvider) port).getBinding()
                .getHandlerChain());
        chain.add(h);
        ((BindingProvider) port).getBinding().setHandlerChain(chain);
        return h;
    }

    @Override
    public synchronized boolean handleMessage(SOAPMessageContext ctx) {
        outbound.add((Boolean) ctx.get(MessageContext.MESSAGE_OUTBOUND_PROPERTY));
        return true;
    }

    @Override
    public boolean handleFault(SOAPMessageContext ctx) {
        return true;
    }

    @Override
    public void close(MessageContext ctx) {
    }

    @Override
    public Set<QName> getHeaders() {
        return Set.of();
    }
}
