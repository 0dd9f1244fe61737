package io.github.wscache.spring;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code wscache.*} settings of a Spring Boot application, read by
 * {@link WsCacheAutoConfiguration}. Mutable while Boot binds it, then only read.
 *
 * <pre>
 * wscache:
 *   policy: file:config/wscache.yaml      # a Spring resource location; file: is watched
 *   name: portal                          # the cache tag of the metrics, the endpoint's name
 *   shared-tier:                          # optional: a Redis tier shared by the farm
 *     uri: redis://10.0.0.5:6379
 *     namespace: portal
 *     signing-key-file: /etc/wscache/farm.key
 *   endpoint:
 *     write-enabled: true                 # reload and invalidate through /actuator/wscache
 * </pre>
 */
@ConfigurationProperties("wscache")
public class WsCacheProperties {
    /** Where the default policy location points when {@code wscache.policy} is not set. */
    public static final String DEFAULT_POLICY = "classpath:wscache.yaml";

    private boolean enabled = true;
    private String policy = DEFAULT_POLICY;
    private boolean watch = true;
    private String name = "wscache";
    private final RestClient restClient = new RestClient();
    private final WebServices webServices = new WebServices();
    private final JaxWs jaxws = new JaxWs();
    private final SharedTier sharedTier = new SharedTier();
    private final Endpoint endpoint = new Endpoint();

    /** Creates the settings with their defaults. */
    public WsCacheProperties() {
    }

    /** Returns whether the starter configures anything ({@code true} by default). */
    public boolean isEnabled() {
        return enabled;
    }

    /** Sets whether the starter configures anything. */
    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    /**
     * Returns the policy's location: a Spring resource ({@code classpath:wscache.yaml} by
     * default, {@code file:...} to have it watched and reloaded).
     */
    public String getPolicy() {
        return policy;
    }

    /** Sets the policy's location. */
    public void setPolicy(String policy) {
        this.policy = policy;
    }

    /** Returns whether a policy in a file is reloaded when the file changes (by default). */
    public boolean isWatch() {
        return watch;
    }

    /** Sets whether a policy in a file is reloaded when the file changes. */
    public void setWatch(boolean watch) {
        this.watch = watch;
    }

    /** Returns the cache's name: the {@code cache} tag of its meters, the admin's name. */
    public String getName() {
        return name;
    }

    /** Sets the cache's name. */
    public void setName(String name) {
        this.name = name;
    }

    /** Returns the {@code wscache.rest-client.*} settings. */
    public RestClient getRestClient() {
        return restClient;
    }

    /** Returns the {@code wscache.web-services.*} settings. */
    public WebServices getWebServices() {
        return webServices;
    }

    /** Returns the {@code wscache.jaxws.*} settings. */
    public JaxWs getJaxws() {
        return jaxws;
    }

    /** Returns the {@code wscache.shared-tier.*} settings. */
    public SharedTier getSharedTier() {
        return sharedTier;
    }

    /** Returns the {@code wscache.endpoint.*} settings. */
    public Endpoint getEndpoint() {
        return endpoint;
    }

    /** {@code wscache.rest-client.*}: Boot's {@code RestClient.Builder}. */
    public static class RestClient {
        private boolean enabled = true;

        /** Creates the settings with their defaults. */
        public RestClient() {
        }

        /**
         * Returns whether {@code RestClient}s built from Boot's builder send through the cache
         * (by default).
         */
        public boolean isEnabled() {
            return enabled;
        }

        /** Sets whether {@code RestClient}s built from Boot's builder send through the cache. */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** {@code wscache.web-services.*}: Boot's Spring-WS {@code WebServiceTemplateBuilder}. */
    public static class WebServices {
        private boolean enabled = true;

        /** Creates the settings with their defaults. */
        public WebServices() {
        }

        /**
         * Returns whether {@code WebServiceTemplate}s built from Boot's builder cache their calls
         * (by default).
         */
        public boolean isEnabled() {
            return enabled;
        }

        /** Sets whether {@code WebServiceTemplate}s built from Boot's builder cache their calls. */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** {@code wscache.jaxws.*}: JAX-WS client beans (Apache CXF, Metro; needs cache-jaxws). */
    public static class JaxWs {
        private boolean enabled = true;
        private boolean objects;

        /** Creates the settings with their defaults. */
        public JaxWs() {
        }

        /** Returns whether JAX-WS client beans cache their calls (by default). */
        public boolean isEnabled() {
            return enabled;
        }

        /** Sets whether JAX-WS client beans cache their calls. */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        /**
         * Returns whether JAX-WS client beans are replaced by the object level's proxy, which
         * keeps results as application objects where the policy's {@code value} says so (off by
         * default: the proxy is no CXF proxy, so {@code ClientProxy.getClient(bean)} refuses it).
         */
        public boolean isObjects() {
            return objects;
        }

        /** Sets whether JAX-WS client beans are replaced by the object level's proxy. */
        public void setObjects(boolean objects) {
            this.objects = objects;
        }
    }

    /**
     * {@code wscache.shared-tier.*}: a Redis tier behind the cache (cache-redis on the class
     * path). A policy's own {@code sharedTier:} is not used when this is set.
     */
    public static class SharedTier {
        private String uri;
        private String namespace;
        private String signingKeyFile;

        /** Creates the settings with their defaults. */
        public SharedTier() {
        }

        /** Returns the tier's server, {@code redis://host:port} or {@code redis-cluster://...}. */
        public String getUri() {
            return uri;
        }

        /** Sets the tier's server. */
        public void setUri(String uri) {
            this.uri = uri;
        }

        /** Returns the prefix of every key and channel ({@code wscache} when not set). */
        public String getNamespace() {
            return namespace;
        }

        /** Sets the prefix of every key and channel. */
        public void setNamespace(String namespace) {
            this.namespace = namespace;
        }

        /** Returns the file holding the key entries are signed with (the farm's own). */
        public String getSigningKeyFile() {
            return signingKeyFile;
        }

        /** Sets the file holding the key entries are signed with. */
        public void setSigningKeyFile(String signingKeyFile) {
            this.signingKeyFile = signingKeyFile;
        }
    }

    /** {@code wscache.endpoint.*}: the Actuator endpoint {@code wscache}. */
    public static class Endpoint {
        private boolean writeEnabled;

        /** Creates the settings with their defaults. */
        public Endpoint() {
        }

        /**
         * Returns whether the endpoint offers reload and invalidate (off by default: the endpoint
         * then only reads).
         */
        public boolean isWriteEnabled() {
            return writeEnabled;
        }

        /** Sets whether the endpoint offers reload and invalidate. */
        public void setWriteEnabled(boolean writeEnabled) {
            this.writeEnabled = writeEnabled;
        }
    }
}
