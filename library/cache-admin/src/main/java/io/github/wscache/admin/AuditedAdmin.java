package io.github.wscache.admin;

import io.github.wscache.admin.internal.CacheMXBean;
import io.github.wscache.core.policy.ReloadResult;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The administration of any {@link AdministeredCache}: every change an administrator makes
 * (invalidate all or one key, purge by tag, reload) goes through here and is recorded with who,
 * what and when in the {@linkplain #auditLog() audit log} and in the SLF4J logger
 * {@value #AUDIT_LOGGER} at INFO (a refused change at WARN). The same is offered over JMX
 * ({@link #registerMBean}, an {@link AdministeredCacheMXBean}) and HTTP
 * ({@link AdminServlet#AdminServlet(AuditedAdmin)}). {@link CacheAdmin} is this for a
 * {@code ResponseCache}; cache-edge's {@code EdgeServer} supplies its edge cache the same way.
 * Thread-safe.
 *
 * <pre>{@code
 * AuditedAdmin admin = AuditedAdmin.builder(myCache).auditSize(500).build();
 * admin.registerMBean(ManagementFactory.getPlatformMBeanServer());
 * tomcat.addServlet(ctx, "admin", new AdminServlet(admin, secret)); // mapped to /admin/*
 * admin.purge(List.of("product-42"), "alice");  // logged: alice purge product-42: ...
 * }</pre>
 */
public final class AuditedAdmin implements AutoCloseable {
    /** The logger every change is written to. */
    public static final String AUDIT_LOGGER = "io.github.wscache.admin.audit";
    /** The JMX domain of the MXBeans: {@code io.github.wscache:type=...,name=...}. */
    public static final String JMX_DOMAIN = "io.github.wscache";

    /** The most tags one purge takes (as the edge's {@code /_edge/purge}). */
    public static final int MAX_TAGS = 1000;
    /** The longest key (an operation, a URL) or tag a change takes. */
    public static final int MAX_KEY_LENGTH = 2048;
    private static final Logger AUDIT = LoggerFactory.getLogger(AUDIT_LOGGER);

    private final AdministeredCache cache;
    private final Clock clock;
    private final int auditSize;
    private final Deque<String> audit = new ArrayDeque<>();
    private final List<Registration> registrations = new ArrayList<>();

    private AuditedAdmin(Builder b) {
        this.cache = b.cache;
        this.clock = b.clock;
        this.auditSize = b.auditSize;
    }

    /** Returns a builder for the administration of {@code cache}. */
    public static Builder builder(AdministeredCache cache) {
        return new Builder(Objects.requireNonNull(cache, "cache"));
    }

    /** Returns the cache's name. */
    public String name() {
        return cache.name();
    }

    /** Returns the administered cache (its view and what it supports; change it through here). */
    public AdministeredCache cache() {
        return cache;
    }

    /** Returns what an administrator sees now. */
    public AdminView view() {
        return cache.view();
    }

    /**
     * Removes every entry.
     *
     * @param who the administrator, for the audit log
     * @return the number of entries removed
     * @throws IllegalArgumentException if {@code who} is blank
     */
    public long invalidateAll(String who) {
        String w = checkWho(who);
        long removed = cache.invalidateAll();
        record(w, "invalidate all", removed + " entries removed");
        return removed;
    }

    /**
     * Removes the entries of one key: an operation, a URL, as the cache's
     * {@linkplain AdministeredCache#keyName() key name} says.
     *
     * @param who the administrator, for the audit log
     * @return the number of entries removed
     * @throws IllegalArgumentException if {@code key} or {@code who} is blank, {@code key} is
     *     longer than {@value #MAX_KEY_LENGTH} characters or holds a control character (a line
     *     break would forge a line of the audit log), or the cache does not understand the key
     * @throws UnsupportedOperationException if the cache has no keys
     */
    public long invalidate(String key, String who) {
        String name = cache.keyName().orElseThrow(() -> new UnsupportedOperationException(
                name() + " cannot invalidate one key"));
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException(name + " must not be blank: " + key);
        }
        checkText(name, key);
        String w = checkWho(who);
        long removed = cache.invalidate(key);
        record(w, "invalidate " + key, removed + " entries removed");
        return removed;
    }

    /**
     * Removes every entry tagged with one of {@code tags}.
     *
     * @param who the administrator, for the audit log
     * @return the number of entries removed
     * @throws IllegalArgumentException if there is no tag, a blank one, more than
     *     {@value #MAX_TAGS}, one longer than {@value #MAX_KEY_LENGTH} characters or with a
     *     control character, or {@code who} is blank
     * @throws UnsupportedOperationException if the cache cannot purge by tag
     */
    public long purge(Collection<String> tags, String who) {
        if (!cache.purgesTags()) {
            throw new UnsupportedOperationException(name() + " cannot purge by tag");
        }
        if (tags.isEmpty() || tags.stream().anyMatch(t -> t == null || t.isBlank())) {
            throw new IllegalArgumentException("tags must be one or more, none blank: " + tags);
        }
        if (tags.size() > MAX_TAGS) {
            throw new IllegalArgumentException("at most " + MAX_TAGS + " tags in one purge, not "
                    + tags.size() + ": purge in several steps");
        }
        for (String t : tags) {
            checkText("a tag", t);
        }
        String w = checkWho(who);
        List<String> list = List.copyOf(tags);
        long removed = cache.purge(list);
        record(w, "purge " + String.join(" ", list), removed + " entries removed");
        return removed;
    }

    /**
     * Reads the cache's configuration again now; the result says whether the new one is in force
     * or why the previous one stays.
     *
     * @param who the administrator, for the audit log
     * @throws UnsupportedOperationException if the cache cannot reload
     */
    public ReloadResult reload(String who) {
        if (!cache.reloads()) {
            throw new UnsupportedOperationException(name() + " cannot reload");
        }
        String w = checkWho(who);
        ReloadResult r = cache.reload();
        record(w, "reload " + cache.reloadSource(), r.toString());
        return r;
    }

    /** Returns the most recent changes, oldest first: {@code when who what: result}. */
    public List<String> auditLog() {
        synchronized (audit) {
            return List.copyOf(audit);
        }
    }

    /** Logs a refused change (WARN) and tells the cache; not kept in the audit log. */
    void refused(String who, String what, String why) {
        AUDIT.warn("wscache admin [{}] {} refused {} {}: {}", name(), clock.instant(), who, what,
                why);
        cache.refused(who, what, why);
    }

    private void record(String who, String what, String result) {
        String line = clock.instant() + " " + who + " " + what + ": " + result;
        synchronized (audit) {
            if (audit.size() == auditSize) {
                audit.removeFirst();
            }
            audit.addLast(line);
        }
        AUDIT.info("wscache admin [{}] {}", name(), line);
    }

    /**
     * Registers the cache's MXBean as {@code io.github.wscache:type=<type>,name=<name>} (see
     * {@link AdministeredCacheMXBean}; the type is {@link AdministeredCache#type()});
     * {@link #close()} unregisters it.
     *
     * @param server usually {@link ManagementFactory#getPlatformMBeanServer()}
     * @return the name it was registered under
     * @throws JMException if a bean of that name is already registered
     */
    public ObjectName registerMBean(MBeanServer server) throws JMException {
        ObjectName on = objectName(cache.type(), name());
        server.registerMBean(new StandardMBean(new CacheMXBean(this),
                AdministeredCacheMXBean.class, true), on);
        register(server, on);
        return on;
    }

    void register(MBeanServer server, ObjectName on) {
        synchronized (registrations) {
            registrations.add(new Registration(server, on));
        }
    }

    /**
     * Returns the JMX name of a cache's MXBean.
     *
     * @throws IllegalArgumentException if the type or name cannot be made into a JMX name
     */
    public static ObjectName objectName(String type, String cacheName) {
        try {
            return new ObjectName(JMX_DOMAIN + ":type=" + type + ",name="
                    + ObjectName.quote(cacheName));
        } catch (JMException e) {
            throw new IllegalArgumentException("cache name cannot be a JMX name: " + type + ", "
                    + cacheName, e);
        }
    }

    /** Unregisters the MXBeans registered through this admin; the cache is left as it is. */
    @Override
    public void close() {
        synchronized (registrations) {
            for (Registration r : registrations) {
                try {
                    r.server.unregisterMBean(r.name);
                } catch (JMException e) {
                    LoggerFactory.getLogger(AuditedAdmin.class)
                            .warn("cannot unregister {}", r.name, e);
                }
            }
            registrations.clear();
        }
    }

    /**
     * Refuses a key or tag that is longer than {@value #MAX_KEY_LENGTH} characters or holds a
     * control character: either would go into the audit log and its lines as it is.
     */
    private static void checkText(String what, String text) {
        if (text.length() > MAX_KEY_LENGTH) {
            throw new IllegalArgumentException(what + " is longer than " + MAX_KEY_LENGTH
                    + " characters (" + text.length() + ")");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                throw new IllegalArgumentException(what + " must not hold a control character"
                        + " (U+" + String.format("%04X", (int) c) + " at " + i + ")");
            }
        }
    }

    static String checkWho(String who) {
        if (who == null || who.isBlank()) {
            throw new IllegalArgumentException("who must name the administrator: " + who);
        }
        return who.replaceAll("\\s+", "_");
    }

    private record Registration(MBeanServer server, ObjectName name) {
    }

    /**
     * Builds an {@link AuditedAdmin}. Not thread-safe.
     *
     * <pre>{@code
     * AuditedAdmin admin = AuditedAdmin.builder(cache).clock(Clock.systemUTC()).build();
     * }</pre>
     */
    public static final class Builder {
        private AdministeredCache cache;
        private Clock clock = Clock.systemUTC();
        private int auditSize = 100;

        private Builder(AdministeredCache cache) {
            this.cache = cache == null ? null : checked(cache);
        }

        /** A builder whose cache is given to {@link #build(AdministeredCache)} (CacheAdmin's). */
        static Builder withoutCache() {
            return new Builder(null);
        }

        private static AdministeredCache checked(AdministeredCache cache) {
            String name = cache.name();
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("cache name must not be blank: " + name);
            }
            return cache;
        }

        /** The clock of the audit log's timestamps (UTC system clock by default). */
        public Builder clock(Clock auditClock) {
            this.clock = Objects.requireNonNull(auditClock, "clock");
            return this;
        }

        /** How many changes the in-memory audit log keeps (100 by default; all are logged). */
        public Builder auditSize(int changes) {
            if (changes < 1) {
                throw new IllegalArgumentException("audit size must be positive: " + changes);
            }
            this.auditSize = changes;
            return this;
        }

        /** Returns the admin. */
        public AuditedAdmin build() {
            return new AuditedAdmin(this);
        }

        /** Returns the admin of {@code later}, for a builder made {@link #withoutCache()}. */
        AuditedAdmin build(AdministeredCache later) {
            this.cache = checked(Objects.requireNonNull(later, "cache"));
            return build();
        }
    }
}
