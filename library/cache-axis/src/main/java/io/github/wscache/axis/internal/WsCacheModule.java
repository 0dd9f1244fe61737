package io.github.wscache.axis.internal;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.internal.DefaultCaches;
import io.github.wscache.core.policy.PolicyException;
import java.util.Optional;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.description.AxisDescription;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.modules.Module;
import org.apache.neethi.Assertion;
import org.apache.neethi.Policy;

/**
 * The Axis2 module behind the zero-code install ({@code META-INF/module.xml}). Axis2 deploys a
 * classpath module into every {@code ConfigurationContext} and calls {@link #init} before it
 * initialises the transport senders; this module then wraps the HTTP senders with
 * {@link CachingTransportSender}, which forwards {@code init} to the real sender. Without a
 * policy ({@code -Dwscache.policy} or {@code wscache.yaml} on the class path) it does nothing.
 * Server-side message contexts pass through the wrapper untouched.
 */
public final class WsCacheModule implements Module {
    private static final org.slf4j.Logger LOG =
            org.slf4j.LoggerFactory.getLogger(WsCacheModule.class);

    @Override
    public void init(ConfigurationContext configContext, AxisModule module) throws AxisFault {
        Optional<ResponseCache> cache;
        try {
            cache = DefaultCaches.current();
        } catch (PolicyException e) {
            LOG.error("wscache: the policy is wrong, nothing is cached: {}", e.getMessage());
            throw new AxisFault("wscache: " + e.getMessage(), e);
        }
        if (cache.isEmpty()) {
            LOG.debug("wscache: no policy (-D{} or {} on the class path); not caching",
                    DefaultCaches.POLICY_PROPERTY,
                    io.github.wscache.core.policy.Policy.DEFAULT_RESOURCE);
            return;
        }
        Installer.wrap(configContext.getAxisConfiguration(), cache.get());
    }

    @Override
    public void engageNotify(AxisDescription axisDescription) {
        // nothing to engage: the module works at the transport, not in a phase
    }

    @Override
    public boolean canSupportAssertion(Assertion assertion) {
        return false;
    }

    @Override
    public void applyPolicy(Policy policy, AxisDescription axisDescription) {
        // WS-Policy assertions do not configure the cache; wscache.yaml does
    }

    @Override
    public void shutdown(ConfigurationContext configurationContext) {
        // the cache is shared by every context of this JVM and outlives this one
    }
}
