package io.github.wscache.axis.internal;

import io.github.wscache.core.ResponseCache;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.apache.axis2.AxisFault;
import org.apache.axis2.client.Options;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.description.TransportOutDescription;
import org.apache.axis2.engine.AxisConfiguration;
import org.apache.axis2.kernel.TransportSender;

/** Puts {@link CachingTransportSender} in front of the HTTP senders of a configuration. */
public final class Installer {
    /** The transports that are wrapped. */
    public static final List<String> TRANSPORTS = List.of("http", "https");

    private Installer() {
    }

    /** Wraps (or re-wraps with {@code cache}) the http and https senders. */
    public static int wrap(AxisConfiguration config, ResponseCache cache) {
        int wrapped = 0;
        for (String name : TRANSPORTS) {
            TransportOutDescription out = config.getTransportOut(name);
            if (out == null || out.getSender() == null) {
                continue;
            }
            TransportSender real = CachingTransportSender.unwrap(out.getSender());
            out.setSender(new CachingTransportSender(real, cache));
            wrapped++;
        }
        return wrapped;
    }

    /** Removes the wrappers. */
    public static void unwrap(AxisConfiguration config) {
        for (String name : TRANSPORTS) {
            TransportOutDescription out = config.getTransportOut(name);
            if (out != null && out.getSender() != null) {
                out.setSender(CachingTransportSender.unwrap(out.getSender()));
            }
        }
    }

    /** Returns the cache the context's http sender uses. */
    public static Optional<ResponseCache> cacheOf(AxisConfiguration config) {
        for (String name : TRANSPORTS) {
            TransportOutDescription out = config.getTransportOut(name);
            if (out != null && out.getSender() instanceof CachingTransportSender) {
                return Optional.of(((CachingTransportSender) out.getSender()).cache());
            }
        }
        return Optional.empty();
    }

    /**
     * Gives one client's options a private transport description whose sender caches with
     * {@code cache} and delegates to the context's (already initialised) sender.
     */
    public static void wrap(ConfigurationContext context, Options options, String transport,
            ResponseCache cache) throws AxisFault {
        TransportOutDescription shared = context.getAxisConfiguration()
                .getTransportOut(transport);
        if (shared == null || shared.getSender() == null) {
            throw new AxisFault("wscache: the configuration has no '" + transport
                    + "' transport sender to cache");
        }
        TransportOutDescription own = new TransportOutDescription(shared.getName());
        List<Parameter> params = new ArrayList<>(shared.getParameters());
        for (Iterator<Parameter> it = params.iterator(); it.hasNext();) {
            own.addParameter(it.next());
        }
        own.setOutFlow(shared.getOutFlow());
        own.setOutPhase(shared.getOutPhase());
        own.setFaultFlow(shared.getFaultFlow());
        own.setFaultPhase(shared.getFaultPhase());
        own.setSender(new CachingTransportSender(
                CachingTransportSender.unwrap(shared.getSender()), cache));
        options.setTransportOut(own);
    }
}
