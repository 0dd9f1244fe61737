package io.github.wscache.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;
import javax.management.InstanceAlreadyExistsException;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import javax.management.remote.JMXPrincipal;
import javax.security.auth.Subject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MXBean in the platform MBeanServer, as {@code jconsole} reaches it: attributes read as open
 * types, operations invoked through a proxy, the policy file edited and reloaded.
 */
class CacheAdminMBeanTest {
    static final String YAML = "operations:\n"
            + "  - service: S\n    operation: quote\n    ttl: 1m\n"
            + "  - service: S\n    operation: page\n    ttl: 1m\n    value: events\n"
            + "  - service: S\n    operation: nocache\n    cacheable: false\n";

    @TempDir
    Path dir;

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private ResponseCache cache;
    private CacheAdmin admin;

    static Invocation quote(String symbol) {
        return Invocation.builder("quote").service("S").parameter("symbol", symbol).build();
    }

    static Quote load(String symbol) {
        Quote q = new Quote();
        q.setSymbol(symbol);
        q.setPrice(42);
        return q;
    }

    private ResponseCacheMXBean start(String name) throws Exception {
        Path file = dir.resolve("wscache.yaml");
        Files.writeString(file, YAML);
        cache = ResponseCache.builder().policy(Policy.load(file)).build();
        admin = CacheAdmin.builder(name, cache).service("S")
                .resultType("quote", Quote.class).resultType("page", String.class)
                .clock(Clock.fixed(Instant.parse("2026-11-24T12:00:00Z"), ZoneOffset.UTC))
                .build();
        ObjectName on = admin.registerMBean(server);
        assertThat(on.toString()).isEqualTo("io.github.wscache:type=ResponseCache,name=\""
                + name + "\"");
        return JMX.newMXBeanProxy(server, on, ResponseCacheMXBean.class);
    }

    @AfterEach
    void close() {
        if (admin != null) {
            admin.close();
        }
        if (cache != null) {
            cache.close();
        }
    }

    @Test
    void attributes_showPolicyAndItsSource_statsAndCopierPerOperation() throws Exception {
        ResponseCacheMXBean bean = start("attributes");
        cache.call(quote("ACME"), () -> load("ACME"));
        cache.call(quote("ACME"), () -> load("ACME"));

        ObjectName on = CacheAdmin.objectName("attributes");
        TabularData policies = (TabularData) server.getAttribute(on, "Policies");
        assertThat(policies.size()).isEqualTo(3);
        CompositeData row = policies.get(new Object[] {"quote"});
        assertThat((String) row.get("value")).startsWith("{cacheable: true, ttl: 1m")
                .endsWith(" from " + dir.resolve("wscache.yaml") + ":2:5");
        assertThat(bean.getPolicies().get("nocache")).startsWith("{cacheable: false");

        assertThat(bean.getStatistics().get("quote"))
                .startsWith("1 hits, 1 misses (50.0 % hits), 1 stores, 0 bypasses");
        OperationPolicy p = cache.policy().resolve("S", null, "quote");
        assertThat(bean.getCopiers()).containsEntry("quote", Quote.class.getName() + ": "
                + cache.copiers().choose(p, Quote.class).reason());
        assertThat(bean.getCopiers().get("page"))
                .isEqualTo("java.lang.String: none: value: events is cached at the message level"
                        + " (no objects are copied)");
        assertThat(server.getAttribute(on, "Hits")).isEqualTo(1L);
        assertThat(bean.getHitRatio()).isEqualTo(0.5);
        assertThat(bean.getEntryCount()).isEqualTo(1L);
        assertThat(bean.getWeightedSize()).isPositive();
        assertThat(bean.getPolicyFile()).isEqualTo(dir.resolve("wscache.yaml").toString());
    }

    @Test
    void invalidate_andReload_areDone_andAudited() throws Exception {
        ResponseCacheMXBean bean = start("changes");
        cache.call(quote("A"), () -> load("A"));
        cache.call(quote("B"), () -> load("B"));

        assertThat(server.invoke(CacheAdmin.objectName("changes"), "invalidate",
                new Object[] {"quote"}, new String[] {String.class.getName()})).isEqualTo(2L);
        assertThat(cache.stats("quote").entryCount()).isZero();
        assertThat(bean.invalidateAll()).isZero();

        Files.writeString(dir.resolve("wscache.yaml"), YAML.replace("ttl: 1m", "ttl: 5m"));
        assertThat(bean.reloadPolicy()).isEqualTo("reloaded (changed)");
        assertThat(bean.getPolicies().get("quote")).contains("ttl: 5m");

        Files.writeString(dir.resolve("wscache.yaml"), "operations: [ {ttl: -1s} ]\n");
        assertThat(bean.reloadPolicy())
                .startsWith("not reloaded, the previous policy stays in force: ");
        assertThat(bean.getPolicies().get("quote")).contains("ttl: 5m");

        assertThat(bean.getAuditLog()).hasSize(4);
        assertThat(bean.getAuditLog().subList(0, 3)).containsExactly(
                "2026-11-24T12:00:00Z jmx invalidate quote: 2 entries removed",
                "2026-11-24T12:00:00Z jmx invalidate all: 0 entries removed",
                "2026-11-24T12:00:00Z jmx reload " + dir.resolve("wscache.yaml")
                        + ": reloaded (changed)");
        assertThat(bean.getAuditLog().get(3)).startsWith("2026-11-24T12:00:00Z jmx reload "
                + dir.resolve("wscache.yaml") + ": failed: ");
    }

    @Test
    @SuppressWarnings("removal")
    void aChangeUnderAJmxSubject_isAuditedWithItsPrincipal() throws Exception {
        start("principal");
        cache.call(quote("A"), () -> load("A"));
        Subject alice = new Subject(true, Set.of(new JMXPrincipal("alice")), Set.of(), Set.of());
        Object removed = Subject.doAs(alice, (PrivilegedExceptionAction<Object>) () ->
                server.invoke(CacheAdmin.objectName("principal"), "invalidate",
                        new Object[] {"quote"}, new String[] {String.class.getName()}));
        assertThat(removed).isEqualTo(1L);
        assertThat(admin.auditLog()).containsExactly(
                "2026-11-24T12:00:00Z jmx:alice invalidate quote: 1 entries removed");
    }

    @Test
    void registration_isUniquePerName_andCloseUnregisters() throws Exception {
        start("unique");
        assertThatThrownBy(() -> admin.registerMBean(server))
                .isInstanceOf(InstanceAlreadyExistsException.class);
        admin.close();
        assertThat(server.isRegistered(CacheAdmin.objectName("unique"))).isFalse();
    }

    @Test
    void builder_rejectsBadValues_withMessagesNamingThem() {
        try (ResponseCache c = ResponseCache.builder().policy(Policy.parse(YAML, "t.yaml"))
                .build()) {
            assertThatThrownBy(() -> CacheAdmin.builder(" ", c))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("cache name must not be blank:  ");
            assertThatThrownBy(() -> CacheAdmin.builder("x", c).resultType("q", String.class)
                    .resultType("q", Integer.class))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("result type of q was already set: java.lang.String");
            assertThatThrownBy(() -> CacheAdmin.builder("x", c).auditSize(0))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("audit size must be positive: 0");
            CacheAdmin a = CacheAdmin.builder("x", c).build();
            assertThatThrownBy(() -> a.invalidate("", "alice"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("operation must not be blank: ");
            assertThatThrownBy(() -> a.invalidateAll(null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("who must name the administrator: null");
            assertThat(a.auditLog()).isEmpty();
        }
    }

    @Test
    void auditLog_keepsTheMostRecentChanges() {
        try (ResponseCache c = ResponseCache.builder().policy(Policy.parse(YAML, "t.yaml"))
                .build()) {
            CacheAdmin a = CacheAdmin.builder("x", c).auditSize(2).build();
            a.invalidate("one", "alice");
            a.invalidate("two", "bob smith");
            a.invalidate("three", "carol");
            assertThat(a.auditLog()).hasSize(2);
            assertThat(a.auditLog().get(0))
                    .endsWith(" bob_smith invalidate two: 0 entries removed");
            assertThat(a.auditLog().get(1)).endsWith(" carol invalidate three: 0 entries removed");
        }
    }
}
