package io.github.wscache.jaxws.internal;

import jakarta.xml.ws.handler.MessageContext;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.cxf.interceptor.InterceptorChain;
import org.apache.cxf.jaxws.context.WrappedMessageContext;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * What Apache CXF tells nobody through the JAX-WS handler API: that a call failed before any
 * response reached the handlers (a refused connection, a 401 or 503 without a SOAP body). CXF
 * then calls no handler's {@code close}; it unwinds its own interceptor chain instead. So a
 * handler running on CXF adds to the call's chain an interceptor that does nothing on the way
 * out and tells the handler on the unwind. Loaded only when CXF is on the class path.
 */
final class CxfHooks {
    private static final AtomicLong IDS = new AtomicLong();

    private CxfHooks() {
    }

    /** Runs {@code onFailure} when the call of {@code ctx} fails; false when not on CXF. */
    static boolean onFailure(MessageContext ctx, Runnable onFailure) {
        if (!(ctx instanceof WrappedMessageContext)) {
            return false;
        }
        Message m = ((WrappedMessageContext) ctx).getWrappedMessage();
        InterceptorChain chain = m == null ? null : m.getInterceptorChain();
        if (chain == null) {
            return false;
        }
        chain.add(new Release(onFailure));
        return true;
    }

    /** Runs after the handlers, before the message is written; on the unwind it releases. */
    private static final class Release extends AbstractPhaseInterceptor<Message> {
        private final Runnable onFailure;

        Release(Runnable onFailure) {
            super("wscache-release-" + IDS.incrementAndGet(), Phase.WRITE);
            this.onFailure = onFailure;
        }

        @Override
        public void handleMessage(Message message) {
            // nothing on the way out
        }

        @Override
        public void handleFault(Message message) {
            onFailure.run();
        }
    }
}
