package io.github.wscache.admin.internal;

import io.github.wscache.admin.AdminView;
import io.github.wscache.admin.AdministeredCacheMXBean;
import io.github.wscache.admin.AuditedAdmin;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link AdministeredCacheMXBean} of an {@link AuditedAdmin}; changes are attributed as
 * {@link MXBean#who()} says (the JMX connection's principals, or {@code jmx}).
 */
public final class CacheMXBean implements AdministeredCacheMXBean {
    private final AuditedAdmin admin;

    /** Creates the bean of an admin. */
    public CacheMXBean(AuditedAdmin admin) {
        this.admin = admin;
    }

    @Override
    public String getName() {
        return admin.name();
    }

    @Override
    public String getSummary() {
        return admin.view().summary();
    }

    @Override
    public Map<String, String> getDetails() {
        Map<String, String> m = new LinkedHashMap<>();
        AdminView v = admin.view();
        for (AdminView.Alert a : v.alerts()) {
            if (a.active()) {
                m.put(a.key(), a.text());
            }
        }
        for (AdminView.Detail d : v.details()) {
            m.put(d.label(), d.value() == null ? "" : String.valueOf(d.value()));
        }
        return m;
    }

    @Override
    public Map<String, String> getTotals() {
        Map<String, String> m = new LinkedHashMap<>();
        AdminView view = admin.view();
        view.totals().forEach((k, v) -> m.put(k, Texts.format(view.totalFormat(k), v)));
        return m;
    }

    @Override
    public Map<String, String> getRows() {
        AdminView v = admin.view();
        Map<String, String> m = new LinkedHashMap<>();
        for (Map<String, Object> row : v.rows()) {
            StringBuilder sb = new StringBuilder();
            for (AdminView.Column c : v.columns()) {
                if (c.path().equals(v.keyField().orElse(null))) {
                    continue;
                }
                sb.append(sb.length() == 0 ? "" : ", ").append(c.label()).append(' ')
                        .append(Texts.cell(c, c.valueIn(row)));
            }
            m.put(v.keyOf(row).orElse(String.valueOf(m.size())), sb.toString());
        }
        return m;
    }

    @Override
    public List<String> getAuditLog() {
        return admin.auditLog();
    }

    @Override
    public long invalidateAll() {
        return admin.invalidateAll(MXBean.who());
    }

    @Override
    public long invalidate(String key) {
        return admin.invalidate(key, MXBean.who());
    }

    @Override
    public long purge(String tags) {
        String t = tags == null ? "" : tags.trim();
        return admin.purge(t.isEmpty() ? List.of() : Arrays.asList(t.split("\\s+")),
                MXBean.who());
    }

    @Override
    public String reload() {
        return Texts.reload(admin.reload(MXBean.who()));
    }
}
