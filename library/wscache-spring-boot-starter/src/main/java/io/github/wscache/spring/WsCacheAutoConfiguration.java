package io.github.wscache.spring;

import io.github.wscache.admin.CacheAdmin;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.spi.SharedTier;
import io.github.wscache.core.spi.SigningKeyFile;
import io.github.wscache.http.CachingHttpClient;
import io.github.wscache.jaxws.WsCacheJaxWs;
import io.github.wscache.micrometer.WsCacheMetrics;
import io.github.wscache.redis.RedisTier;
import io.github.wscache.spring.ws.CallerIdentity;
import io.github.wscache.spring.ws.WsCacheInterceptor;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.net.http.HttpClient;
import java.nio.file.Path;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.webservices.client.WebServiceTemplateCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.util.StringUtils;
import org.springframework.ws.client.core.WebServiceTemplate;

/**
 * Configures wscache in a Spring Boot application from {@link WsCacheProperties}: one
 * {@link ResponseCache} following the policy at {@code wscache.policy} (reloaded when that file
 * changes; a wrong policy fails the start with its {@code file:line:column}), a
 * {@link CachingHttpClient} on it, a {@link RestClientCustomizer} that makes every
 * {@code RestClient} built from Boot's {@code RestClient.Builder} send through that client, a
 * {@link CacheAdmin} (what the Actuator endpoint shows and changes, audited), the Micrometer
 * {@code WebServiceTemplateCustomizer} that makes every Spring-WS template built from Boot's
 * {@code WebServiceTemplateBuilder} cache through {@link WsCacheInterceptor}, the Micrometer
 * JAX-WS client beans (CXF, Metro) caching through cache-jaxws, the Micrometer
 * binder when Micrometer is present (Boot binds it to every registry), and a Redis tier from
 * {@code wscache.shared-tier.*} when cache-redis is present. Every bean backs off when the
 * application defines its own of the same type. {@code wscache.enabled=false} turns it all off.
 */
@AutoConfiguration
@ConditionalOnProperty(prefix = "wscache", name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(WsCacheProperties.class)
public class WsCacheAutoConfiguration {
    /** Created by Spring. */
    public WsCacheAutoConfiguration() {
    }

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(ResponseCache.class)
    LoadedPolicy wscachePolicy(WsCacheProperties properties, ResourceLoader resources) {
        String location = properties.getPolicy();
        if (!StringUtils.hasText(location)) {
            throw new IllegalStateException("wscache.policy must name a policy resource, e.g."
                    + " classpath:wscache.yaml or file:config/wscache.yaml");
        }
        return LoadedPolicy.load(resources.getResource(location), location,
                properties.isWatch(), resources.getClassLoader());
    }

    /**
     * The application's cache.
     *
     * @param policy the policy read from {@code wscache.policy}
     * @param tier the shared tier of {@code wscache.shared-tier.*}, if any
     * @return the cache; Spring closes it at shutdown
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    ResponseCache wscacheResponseCache(LoadedPolicy policy,
            ObjectProvider<SharedTier> tier) {
        ResponseCache.Builder b = ResponseCache.builder().policy(policy.policy());
        tier.ifUnique(b::sharedTier);
        return b.build();
    }

    /**
     * A JDK {@code HttpClient} whose responses are cached under the policy (entries match by
     * URL and HTTP method); the other settings are a new {@code HttpClient}'s.
     *
     * @param cache the application's cache
     * @return the client
     */
    @Bean
    @ConditionalOnMissingBean
    CachingHttpClient wscacheHttpClient(ResponseCache cache) {
        return CachingHttpClient.builder(HttpClient.newHttpClient()).cache(cache).build();
    }

    /**
     * The cache as administrators see and change it (audited); what the Actuator endpoint
     * reads and, when enabled, writes through.
     *
     * @param cache the application's cache
     * @param policy where a watcher's failed reloads are found
     * @param properties the cache's name
     * @return the admin; Spring closes it at shutdown
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    CacheAdmin wscacheAdmin(ResponseCache cache, ObjectProvider<LoadedPolicy> policy,
            WsCacheProperties properties) {
        CacheAdmin.Builder b = CacheAdmin.builder(properties.getName(), cache);
        LoadedPolicy loaded = policy.getIfAvailable();
        if (loaded != null) {
            loaded.watcher().ifPresent(b::watcher);
        }
        return b.build();
    }

    /** Boot's {@code RestClient.Builder} sends through the {@link CachingHttpClient}. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({RestClientCustomizer.class, JdkClientHttpRequestFactory.class})
    @ConditionalOnProperty(prefix = "wscache.rest-client", name = "enabled",
            matchIfMissing = true)
    static class RestClientConfiguration {
        @Bean
        RestClientCustomizer wscacheRestClientCustomizer(CachingHttpClient client) {
            return builder -> builder.requestFactory(new JdkClientHttpRequestFactory(client));
        }
    }

    /**
     * Every {@code WebServiceTemplate} Boot's {@code WebServiceTemplateBuilder} builds caches its
     * calls ({@link WsCacheInterceptor}), with the application's {@link CallerIdentity} if it
     * declares one.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({WebServiceTemplate.class, WebServiceTemplateCustomizer.class})
    @ConditionalOnProperty(prefix = "wscache.web-services", name = "enabled",
            matchIfMissing = true)
    static class WebServicesConfiguration {
        @Bean
        WebServiceTemplateCustomizer wscacheWebServiceTemplateCustomizer(ResponseCache cache,
                ObjectProvider<CallerIdentity> identity) {
            return template -> WsCacheInterceptor.install(template, cache,
                    identity.getIfUnique());
        }
    }

    /** JAX-WS client beans (CXF, Metro) cache by the policy (cache-jaxws). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(WsCacheJaxWs.class)
    @ConditionalOnProperty(prefix = "wscache.jaxws", name = "enabled", matchIfMissing = true)
    static class JaxWsConfiguration {
        // static: a post-processor is made before the other beans
        @Bean
        static BeanPostProcessor wscacheJaxWsClientBeans(ObjectProvider<ResponseCache> cache,
                Environment environment) {
            return new JaxWsClientBeans(cache,
                    environment.getProperty("wscache.jaxws.objects", Boolean.class, false));
        }
    }

    /** The cache's meters (cache-micrometer), bound by Boot to the application's registries. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({MeterRegistry.class, WsCacheMetrics.class})
    static class MetricsConfiguration {
        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean
        WsCacheMetrics wscacheMetrics(ResponseCache cache, WsCacheProperties properties) {
            return new WsCacheMetrics(cache, properties.getName(), Tags.empty());
        }
    }

    /** A Redis tier from {@code wscache.shared-tier.*} (cache-redis). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(RedisTier.class)
    @ConditionalOnProperty(prefix = "wscache.shared-tier", name = "uri")
    static class SharedTierConfiguration {
        // not closed here: the cache built on it closes it
        @Bean(destroyMethod = "")
        @ConditionalOnMissingBean(SharedTier.class)
        RedisTier wscacheSharedTier(WsCacheProperties properties) {
            WsCacheProperties.SharedTier p = properties.getSharedTier();
            RedisTier.Builder b = RedisTier.builder().uri(p.getUri());
            if (StringUtils.hasText(p.getNamespace())) {
                b.namespace(p.getNamespace());
            }
            if (StringUtils.hasText(p.getSigningKeyFile())) {
                b.signingKey(SigningKeyFile.read(Path.of(p.getSigningKeyFile())));
            }
            return b.build();
        }
    }
}
