package io.github.wscache.spring;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.jaxws.WsCacheFeature;
import io.github.wscache.jaxws.WsCacheJaxWs;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.SOAPBinding;
import java.lang.reflect.Proxy;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.frontend.ClientProxy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Gives every JAX-WS client declared as a bean — a port proxy from
 * {@code JaxWsProxyFactoryBean}, CXF's {@code <jaxws:client>}, or a generated
 * {@code Service}'s {@code getPort} — the cache: a CXF client gets {@link WsCacheFeature}, any
 * other JAX-WS port (Metro) {@link WsCacheJaxWs#install}. With {@code wscache.jaxws.objects}
 * the bean is replaced by {@link WsCacheJaxWs#objects}' proxy (the same interfaces), which caches
 * results as objects where the policy says so and messages elsewhere. A client that caches
 * already (the application gave it the feature or the handler) is left as it is; a port whose
 * binding is not SOAP is left alone.
 */
final class JaxWsClientBeans implements BeanPostProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(JaxWsClientBeans.class);
    private static final boolean CXF = present("org.apache.cxf.frontend.ClientProxy");

    private final ObjectProvider<ResponseCache> cache;
    private final boolean objects;

    /**
     * @param objects whether client beans are replaced by the object level's proxy
     *     ({@code wscache.jaxws.objects})
     */
    JaxWsClientBeans(ObjectProvider<ResponseCache> cache, boolean objects) {
        this.cache = cache;
        this.objects = objects;
    }

    private static boolean present(String type) {
        try {
            Class.forName(type, false, JaxWsClientBeans.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String name) {
        if (!(bean instanceof BindingProvider port) || !Proxy.isProxyClass(bean.getClass())
                || !(port.getBinding() instanceof SOAPBinding)
                || WsCacheJaxWs.isInstalled(bean)) {
            return bean;
        }
        ResponseCache c = cache.getIfUnique();
        if (c == null) {
            return bean;
        }
        if (objects) {
            LOG.info("wscache: the JAX-WS client bean '{}' caches application objects and "
                    + "messages by the policy", name);
            return WsCacheJaxWs.objects(bean, c);
        }
        if (CXF && Cxf.install(bean, c)) {
            LOG.info("wscache: the CXF client bean '{}' caches by the policy", name);
        } else {
            WsCacheJaxWs.install(bean, c);
            LOG.info("wscache: the JAX-WS client bean '{}' caches by the policy", name);
        }
        return bean;
    }

    /** CXF's clients, touched only when CXF is there. */
    private static final class Cxf {
        static boolean install(Object port, ResponseCache cache) {
            if (!(Proxy.getInvocationHandler(port) instanceof ClientProxy)) {
                return false;
            }
            Client client = ClientProxy.getClient(port);
            new WsCacheFeature(cache).initialize(client, client.getBus());
            return true;
        }
    }
}
