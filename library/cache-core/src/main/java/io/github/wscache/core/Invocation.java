package io.github.wscache.core;

import io.github.wscache.core.internal.http.CacheControl;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.xml.stream.XMLStreamReader;

/**
 * One call to a web-service operation, as the cache sees it: which operation of which service at
 * which endpoint, its parameters, the caller's credentials and, for message-level integrations,
 * the request XML. Immutable and thread-safe once built.
 *
 * <pre>{@code
 * Invocation call = Invocation.builder("doSpellingSuggestion")
 *         .service("GoogleSearchService")
 *         .endpoint("http://localhost:8081/axis2/services/GoogleSearchService")
 *         .parameter("key", "00000000")
 *         .parameter("phrase", "britney speers")
 *         .authorization(request.getHeader("Authorization"))   // partitions the key per user
 *         .build();
 * }</pre>
 */
public final class Invocation {
    private static final String[] NO_NAMES = new String[0];
    private static final Object[] NO_VALUES = new Object[0];

    private final String service;
    private final String endpoint;
    private final String operation;
    private final String[] aliases;
    private final String[] parameterNames;
    private final Object[] parameters;
    private final String authorization;
    private final String username;
    private final String[] credentials;
    private final String bypass;
    private final String vary;
    private final String localVary;
    private final Supplier<XMLStreamReader> requestXml;
    private final boolean privateCache;
    private final CacheControl requestDirectives;
    private final Function<String, List<String>> requestFields;
    private final List<String> personalFields;
    private final List<String> keyFields;
    private final Class<?> resultType;
    /** The policy entry found for this call, shared by the invocations of one builder. */
    final Resolution resolution;

    private Invocation(Builder b) {
        this.service = b.service;
        this.endpoint = b.endpoint;
        this.operation = b.operation;
        this.aliases = b.aliases == null ? NO_NAMES : b.aliases.toArray(NO_NAMES);
        // the builder only appends: a full array is never written again, so it can be shared
        int n = b.size;
        this.parameterNames = n == 0 ? NO_NAMES
                : n == b.names.length ? b.names : Arrays.copyOf(b.names, n);
        this.parameters = n == 0 ? NO_VALUES
                : n == b.values.length ? b.values : Arrays.copyOf(b.values, n);
        this.authorization = b.authorization;
        this.username = b.username;
        this.credentials = b.credentials == null ? NO_NAMES : b.credentials.toArray(NO_NAMES);
        this.bypass = b.bypass;
        this.vary = b.vary == null ? null : b.vary.toString();
        this.localVary = b.localVary == null ? null : b.localVary.toString();
        this.requestXml = b.requestXml;
        this.privateCache = b.privateCache;
        this.requestDirectives = b.requestDirectives;
        this.requestFields = b.requestFields;
        this.personalFields = b.personalFields;
        this.keyFields = b.keyFields;
        this.resultType = b.resultType;
        this.resolution = b.resolution;
    }

    /**
     * The policy found for a call's names, service and endpoint, under one set of rules: kept so
     * that an integration that asks {@link ResponseCache#policyFor} before it builds the full
     * invocation (cache-axis does, to read identity headers) does not make the cache look it up
     * again. Shared by every invocation a builder builds until one of those inputs changes.
     */
    static final class Resolution {
        /** The rules list the policy was found under (it changes with every reload), and it. */
        volatile Object[] found;
    }

    /**
     * Returns a builder for a call to {@code operation}.
     *
     * @throws IllegalArgumentException if the operation name is blank
     */
    public static Builder builder(String operation) {
        return new Builder(operation);
    }

    /** Returns the service name, or {@code null} if the integration does not know it. */
    public String service() {
        return service;
    }

    /** Returns the endpoint URL, or {@code null} if the integration does not know it. */
    public String endpoint() {
        return endpoint;
    }

    /** Returns the operation name. */
    public String operation() {
        return operation;
    }

    /**
     * Returns the other names this operation is known by, in the order a policy tries them
     * when no entry names the {@linkplain #operation() operation} itself (for example the name
     * a code generator gave the WSDL operation). Empty by default.
     */
    public List<String> aliases() {
        return List.of(aliases);
    }

    /** Returns the internal array of aliases; callers must not modify it. */
    String[] aliasArray() {
        return aliases;
    }

    /** Returns the number of parameters. */
    public int parameterCount() {
        return parameters.length;
    }

    /** Returns the name of parameter {@code i}. */
    public String parameterName(int i) {
        return parameterNames[i];
    }

    /** Returns the value of parameter {@code i}. */
    public Object parameter(int i) {
        return parameters[i];
    }

    /** Returns the HTTP {@code Authorization} value the request carries, or {@code null}. */
    public String authorization() {
        return authorization;
    }

    /** Returns the WS-Security user name the request carries, or {@code null}. */
    public String username() {
        return username;
    }

    /** Returns whether the request carries credentials of any kind. */
    public boolean hasCredentials() {
        return authorization != null || username != null || credentials.length > 0;
    }

    /**
     * Returns the kinds of the credentials added with {@link Builder#credential}, in the order
     * they were added (for logs and diagnostics; the values are not exposed).
     */
    public List<String> credentialKinds() {
        List<String> kinds = new ArrayList<>(credentials.length / 2);
        for (int i = 0; i < credentials.length; i += 2) {
            kinds.add(credentials[i]);
        }
        return kinds;
    }

    /** Returns kind, value, kind, value, ... of the credentials; callers must not modify it. */
    String[] credentialArray() {
        return credentials;
    }

    /**
     * Returns why the integration asked that this call neither be answered from the cache nor
     * stored, or {@code null}.
     */
    public String bypassReason() {
        return bypass;
    }

    /** Returns the extra request attributes that select a response variant, or {@code null}. */
    public String vary() {
        return vary;
    }

    /**
     * Returns the attributes that select a variant among this JVM's entries only
     * ({@link Builder#localVary}), or {@code null}.
     */
    public String localVary() {
        return localVary;
    }

    /** Returns a supplier of the request payload's XML, or {@code null} if none was given. */
    public Supplier<XMLStreamReader> requestXml() {
        return requestXml;
    }

    /**
     * Returns what the caller's code takes the result of {@link ResponseCache#call} as (its
     * declared return type, primitives boxed), or {@code null} when the integration does not
     * say ({@link Builder#resultType}).
     */
    public Class<?> resultType() {
        return resultType;
    }

    /**
     * Returns whether the cache answers this call as a private cache, one user agent's own
     * ({@link Builder#privateCache}); {@code false}, the rules of a shared cache, by default.
     */
    public boolean privateCache() {
        return privateCache;
    }

    /**
     * Returns the request's own cache directives ({@link Builder#requestDirectives}),
     * {@link CacheControl#EMPTY} (the same instance) when it gave none.
     */
    CacheControl requestDirectives() {
        return requestDirectives;
    }

    /**
     * Returns the values of a request header field (case-insensitive name) for the
     * {@code Vary} of a stored response; empty when the integration gave no fields
     * ({@link Builder#requestFields}) or the request has none.
     */
    List<String> requestField(String name) {
        if (requestFields == null) {
            return List.of();
        }
        List<String> v = requestFields.apply(name);
        return v == null ? List.of() : v;
    }

    /**
     * Returns the personal fields of a request to a shared HTTP cache that does not partition
     * by them ({@link Builder#personal}), lower case; empty for an anonymous request.
     */
    List<String> personalFields() {
        return personalFields;
    }

    /** Returns the fields the integration adds to every response's secondary key, lower case. */
    List<String> keyFields() {
        return keyFields;
    }

    /** Returns the internal array of parameter values; callers must not modify it. */
    Object[] parameterArray() {
        return parameters;
    }

    /** Returns {@code service/operation}, or the operation alone. */
    @Override
    public String toString() {
        return (service == null ? "" : service + "/") + operation
                + (parameters.length == 0 ? "" : Arrays.toString(parameterNames));
    }

    /** Builds an {@link Invocation}. Not thread-safe. */
    public static final class Builder {
        private final String operation;
        private List<String> aliases;
        private String service;
        private String endpoint;
        private String[] names = NO_NAMES;
        private Object[] values = NO_VALUES;
        private int size;
        private String authorization;
        private String username;
        private List<String> credentials;
        private String bypass;
        private StringBuilder vary;
        private StringBuilder localVary;
        private Supplier<XMLStreamReader> requestXml;
        private boolean privateCache;
        private CacheControl requestDirectives = CacheControl.EMPTY;
        private Function<String, List<String>> requestFields;
        private List<String> personalFields = List.of();
        private List<String> keyFields = List.of();
        private Class<?> resultType;
        private Resolution resolution = new Resolution();

        private Builder(String operation) {
            Objects.requireNonNull(operation, "operation");
            if (operation.isBlank()) {
                throw new IllegalArgumentException("operation must not be blank");
            }
            this.operation = operation;
        }

        /**
         * Adds another name the operation is known by; a policy entry that names it applies
         * when no entry names the operation itself. Names equal to the operation or to an alias
         * already added are ignored.
         */
        public Builder alias(String name) {
            Objects.requireNonNull(name, "alias");
            if (!name.isBlank() && !name.equals(operation)
                    && (aliases == null || !aliases.contains(name))) {
                if (aliases == null) {
                    aliases = new ArrayList<>(2);
                }
                aliases.add(name);
                resolution = new Resolution();
            }
            return this;
        }

        /** Sets the service name policies match with {@code service:}. */
        public Builder service(String service) {
            this.service = service;
            resolution = new Resolution();
            return this;
        }

        /** Sets the endpoint URL policies match with {@code endpoint:}; part of the key. */
        public Builder endpoint(String endpoint) {
            this.endpoint = endpoint;
            resolution = new Resolution();
            return this;
        }

        /**
         * Adds a parameter. Its value takes part in the key; its name does with
         * {@code key: serialized} and {@code key: toString}, not with {@code key: auto}, which
         * keys on the values in order (an operation's parameters are always named the same).
         */
        public Builder parameter(String name, Object value) {
            Objects.requireNonNull(name, "parameter name");
            if (size == names.length) {
                grow(Math.max(4, size * 2));
            }
            names[size] = name;
            values[size] = value;
            size++;
            return this;
        }

        /**
         * Adds parameters in order, {@code names[i]} naming {@code values[i]}: the same as
         * {@link #parameter(String, Object)} for each, with room made once. The arrays are
         * copied, not kept.
         *
         * <pre>{@code
         * Invocation inv = Invocation.builder("doSpellingSuggestion")
         *         .parameters(new String[] {"key", "phrase"}, new Object[] {"k", "britney"})
         *         .build();
         * }</pre>
         *
         * @throws IllegalArgumentException if the arrays differ in length
         * @throws NullPointerException if a name is {@code null} (nothing is added then)
         */
        public Builder parameters(String[] names, Object[] values) {
            if (names.length != values.length) {
                throw new IllegalArgumentException(names.length + " parameter names for "
                        + values.length + " values");
            }
            for (String name : names) {
                Objects.requireNonNull(name, "parameter name");
            }
            if (size + names.length > this.names.length) {
                grow(size + names.length);
            }
            System.arraycopy(names, 0, this.names, size, names.length);
            System.arraycopy(values, 0, this.values, size, values.length);
            size += names.length;
            return this;
        }

        /** Adds parameters named {@code arg0}, {@code arg1}, ... in order. */
        public Builder parameters(Object... args) {
            if (size + args.length > names.length) {
                grow(size + args.length);
            }
            for (Object a : args) {
                parameter("arg" + size, a);
            }
            return this;
        }

        private void grow(int capacity) {
            names = Arrays.copyOf(names, capacity);
            values = Arrays.copyOf(values, capacity);
        }

        /** Sets the HTTP {@code Authorization} value; keys are partitioned by its hash. */
        public Builder authorization(String authorization) {
            this.authorization = authorization;
            return this;
        }

        /** Sets the WS-Security user name; keys are partitioned by its hash. */
        public Builder username(String username) {
            this.username = username;
            return this;
        }

        /**
         * Adds a credential of any kind the integration found on the request (a session cookie,
         * an API key header, a SOAP security header, ...): keys are partitioned by a salted
         * hash of all credentials together, so callers whose credentials differ in any way never
         * share an entry unless the operation is {@code sharedAcrossUsers}. Neither the value
         * nor its hash outlives the call in clear: the cache keeps only the salted hash.
         *
         * @param kind what the credential is, e.g. {@code cookie} or {@code header:X-Api-Key}
         * @param value its value as sent
         */
        public Builder credential(String kind, String value) {
            Objects.requireNonNull(kind, "credential kind");
            Objects.requireNonNull(value, "credential value");
            if (credentials == null) {
                credentials = new ArrayList<>(4);
            }
            credentials.add(kind);
            credentials.add(value);
            return this;
        }

        /**
         * Asks the cache to pass this call straight to the service, neither answering it from the
         * cache nor storing its result, for a reason only the integration can see (say a client
         * that manages a session but has none yet, whose answer may open one). Counted as a
         * bypass with the reason.
         */
        public Builder bypass(String reason) {
            this.bypass = Objects.requireNonNull(reason, "reason");
            return this;
        }

        /**
         * Says what the caller's code takes the result of {@link ResponseCache#call} as: its
         * declared return type. A value from the farm's shared tier that is not one (another
         * node's entry for a type this one no longer returns, or one written by whoever can
         * write to the tier) is then a counted miss, never a {@code ClassCastException} in the
         * caller's code. Not part of the key. Primitive types are taken as their wrappers.
         */
        public Builder resultType(Class<?> type) {
            Objects.requireNonNull(type, "type");
            this.resultType = type.isPrimitive()
                    ? MethodType.methodType(type).wrap().returnType() : type;
            return this;
        }

        /**
         * Adds a request attribute that selects a response variant (e.g. the HTTP method or
         * {@code Accept}); it takes part in the key.
         */
        public Builder vary(String name, String value) {
            if (vary == null) {
                vary = new StringBuilder();
            }
            vary.append(name).append('=').append(value).append('\n');
            return this;
        }

        /**
         * Adds an attribute that selects among this JVM's entries but not among the farm's: it
         * takes part in the key of the local store and is left out of the key the shared tier
         * uses. For what only this JVM's stored value depends on, such as which JSON mapper
         * bound a stored object, when the tier keeps a form every JVM makes its own value from
         * (the body's bytes).
         */
        public Builder localVary(String name, String value) {
            if (localVary == null) {
                localVary = new StringBuilder();
            }
            localVary.append(name).append('=').append(value).append('\n');
            return this;
        }

        /** Sets where the request payload's XML can be read, for {@code key: xml}. */
        public Builder requestXml(Supplier<XMLStreamReader> requestXml) {
            this.requestXml = requestXml;
            return this;
        }

        /**
         * Says that the cache answers this call as RFC 9111's private cache, one user agent's
         * own, as an application's HTTP client is (cache-http sets it): the response directives
         * that speak to shared caches only, {@code s-maxage} and {@code proxy-revalidate}, are
         * ignored. By default a cache follows the rules of a shared cache. Either way a response
         * marked {@code private} is stored only in an entry partitioned by the caller's
         * credentials: the cache cannot tell that a client without credentials serves one user.
         */
        public Builder privateCache(boolean privateCache) {
            this.privateCache = privateCache;
            return this;
        }

        /**
         * Passes on what the request itself asks of caches (RFC 9111 §5.2.1): its
         * {@code Cache-Control} field lines, and its {@code Pragma} lines, read only when
         * Cache-Control gives no directive (§5.4). A stored response then answers only when the
         * request accepts it: {@code no-cache}, an age above {@code max-age}, or less freshness
         * left than {@code min-fresh} send the call to the service (a conditional request when
         * the response has a validator); a stale response within {@code max-stale} answers
         * unless it forbids serving it stale ({@code no-cache}, {@code must-revalidate}, and for
         * a shared cache {@code proxy-revalidate} or {@code s-maxage}). The directives are not
         * part of the key. {@code no-store} is left to the integration (a bypass).
         *
         * @param cacheControl the request's Cache-Control field lines; {@code null} for none
         * @param pragma the request's Pragma field lines; {@code null} for none
         */
        public Builder requestDirectives(List<String> cacheControl, List<String> pragma) {
            this.requestDirectives = CacheControl.ofRequest(cacheControl, pragma);
            return this;
        }

        /**
         * Gives the request's header fields, for an HTTP integration: when a stored response
         * says {@code Vary}, the cache selects among its variants by the values of the fields
         * it names (RFC 9111 §4.1), and stores each response under its own variant; the
         * integration keeps no variant bookkeeping of its own.
         *
         * @param fields the values of a field by name, case-insensitive ({@code null} or empty
         *     for an absent field); read on the calling thread during the call
         */
        public Builder requestFields(Function<String, List<String>> fields) {
            this.requestFields = Objects.requireNonNull(fields, "fields");
            return this;
        }

        /**
         * Says that the request carries personal fields (a session cookie, a credential-like
         * header) by which a shared HTTP cache, an edge in front of a site, does not partition
         * its entries: RFC 9111 lets it reuse a response without {@code Cache-Control}
         * heuristically, which would hand one user's page to everyone. Such a request is answered
         * from, and its response stored in, a shared entry only when the response says it may be
         * shared ({@code public} or {@code s-maxage}, in {@code Cache-Control} or the field the
         * cache obeys instead) with an explicit lifetime, or when its secondary key (its
         * {@code Vary} and {@code keyFields}) holds every personal field, so that only the same
         * values select it. Not part of the key.
         *
         * @param fields the request's personal field names, lower case (empty: anonymous)
         * @param keyFields the fields the integration adds to every key with {@link #vary},
         *     lower case
         */
        public Builder personal(List<String> fields, List<String> keyFields) {
            this.personalFields = List.copyOf(fields);
            this.keyFields = List.copyOf(keyFields);
            return this;
        }

        /** Returns the invocation. */
        public Invocation build() {
            return new Invocation(this);
        }
    }
}
