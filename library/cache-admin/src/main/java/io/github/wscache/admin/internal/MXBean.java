package io.github.wscache.admin.internal;

import io.github.wscache.admin.CacheAdmin;
import io.github.wscache.admin.OperationStatus;
import io.github.wscache.admin.ResponseCacheMXBean;
import java.nio.file.Path;
import java.security.AccessController;
import java.security.Principal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.security.auth.Subject;

/**
 * The {@link ResponseCacheMXBean} of a {@link CacheAdmin}. A change is attributed to the
 * principals of the JMX connection's {@link Subject} (what a JMX connector with authentication
 * puts on the thread, see {@code JMXConnectorServer}); a local connection has none and is
 * recorded as {@code jmx}.
 */
public final class MXBean implements ResponseCacheMXBean {
    private final CacheAdmin admin;

    /** Creates the bean of an admin. */
    public MXBean(CacheAdmin admin) {
        this.admin = admin;
    }

    @Override
    public String getName() {
        return admin.name();
    }

    @Override
    public String getPolicyFile() {
        return admin.policyFile().map(Path::toString).orElse("");
    }

    @Override
    public String getLastReloadFailure() {
        return admin.lastReloadFailure().map(Texts::reloadFailure).orElse("");
    }

    @Override
    public Map<String, String> getPolicies() {
        Map<String, String> m = new LinkedHashMap<>();
        for (OperationStatus s : admin.operations()) {
            m.put(s.operation(), s.policy() + " from " + s.source().orElse("the defaults"));
        }
        return m;
    }

    @Override
    public Map<String, String> getStatistics() {
        Map<String, String> m = new LinkedHashMap<>();
        for (OperationStatus s : admin.operations()) {
            m.put(s.operation(), Texts.stats(s.stats()));
        }
        return m;
    }

    @Override
    public Map<String, String> getCopiers() {
        Map<String, String> m = new LinkedHashMap<>();
        for (OperationStatus s : admin.operations()) {
            if (s.copier().isPresent()) {
                m.put(s.operation(), s.resultType().map(t -> t.getName() + ": ").orElse("")
                        + s.copier().get());
            }
        }
        return m;
    }

    @Override
    public long getHits() {
        return admin.stats().hits();
    }

    @Override
    public long getMisses() {
        return admin.stats().misses();
    }

    @Override
    public double getHitRatio() {
        return admin.stats().hitRatio();
    }

    @Override
    public long getEntryCount() {
        return admin.stats().entryCount();
    }

    @Override
    public long getWeightedSize() {
        return admin.stats().weightedSize();
    }

    @Override
    public List<String> getAuditLog() {
        return admin.auditLog();
    }

    @Override
    public String reloadPolicy() {
        return Texts.reload(admin.reload(who()));
    }

    @Override
    public long invalidate(String operation) {
        return admin.invalidate(operation, who());
    }

    @Override
    public long invalidateAll() {
        return admin.invalidateAll(who());
    }

    /** Returns the JMX principal(s) of the calling connection, or {@code jmx}. */
    public static String who() {
        Subject subject;
        try {
            subject = currentSubject();
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "jmx:unknown(" + e + ")";
        }
        Set<Principal> principals = subject == null ? Set.of() : subject.getPrincipals();
        if (principals.isEmpty()) {
            return "jmx";
        }
        StringBuilder sb = new StringBuilder("jmx:");
        for (Principal p : principals) {
            sb.append(sb.length() > 4 ? "," : "").append(p.getName());
        }
        return sb.toString();
    }

    /**
     * Returns the subject the JMX connector runs this call as: {@code Subject.current()} where
     * the JDK has it (18 and later; from 23 on, {@code getSubject} throws without a security
     * manager), else {@code Subject.getSubject} of the access-control context (17).
     */
    @SuppressWarnings("removal")
    private static Subject currentSubject() throws ReflectiveOperationException {
        try {
            return (Subject) Subject.class.getMethod("current").invoke(null);
        } catch (NoSuchMethodException e) {
            return Subject.getSubject(AccessController.getContext());
        }
    }
}
