package io.github.wscache.axis.internal;

import io.github.wscache.core.CacheOutcome;
import java.util.Optional;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.ServiceContext;

/**
 * Where cache-axis leaves the {@link CacheOutcome} of a client's last call: a property of the
 * client's {@link ServiceContext}, which one {@link ServiceClient} (one stub) owns, so that a
 * program that asks after its call reads its own call's outcome — no thread-local, no listener.
 */
public final class Outcomes {
    /** The {@link ServiceContext} property that holds the last call's outcome's holder. */
    public static final String PROPERTY = "io.github.wscache.outcome";

    private Outcomes() {
    }

    /**
     * The last outcome of one client, set once as the context's property and then only
     * written: a call does no property update of Axis2's (which tracks changes per context).
     */
    private static final class Last {
        volatile CacheOutcome outcome;
    }

    private static Last of(ServiceContext sc) {
        Object o = sc.getProperty(PROPERTY);
        if (o instanceof Last) {
            return (Last) o;
        }
        Last l = new Last();
        sc.setProperty(PROPERTY, l);
        return l;
    }

    /** Forgets the last outcome of the client of {@code mc} (a call is starting). */
    public static void clear(MessageContext mc) {
        ServiceContext sc = mc.getServiceContext();
        if (sc != null) {
            Object o = sc.getProperty(PROPERTY);
            if (o instanceof Last) {
                ((Last) o).outcome = null;
            }
        }
    }

    /** Leaves the outcome of the call of {@code mc} for its client. */
    public static void publish(MessageContext mc, CacheOutcome outcome) {
        ServiceContext sc = mc.getServiceContext();
        if (sc != null) {
            of(sc).outcome = outcome;
        }
    }

    /** Leaves the outcome of an object-level call for {@code client}. */
    public static void publish(ServiceClient client, CacheOutcome outcome) {
        if (client != null && client.getServiceContext() != null) {
            of(client.getServiceContext()).outcome = outcome;
        }
    }

    /** Returns the outcome of the last call made through {@code client}, if it had one. */
    public static Optional<CacheOutcome> last(ServiceClient client) {
        ServiceContext sc = client.getServiceContext();
        Object o = sc == null ? null : sc.getProperty(PROPERTY);
        return o instanceof Last ? Optional.ofNullable(((Last) o).outcome) : Optional.empty();
    }
}
