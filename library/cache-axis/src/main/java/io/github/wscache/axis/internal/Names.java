package io.github.wscache.axis.internal;

import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.description.AxisService;

/** Service names as policies name them, without the suffixes Axis2 clients add. */
final class Names {
    /** Generated stubs name their service {@code Name + currentTimeMillis + "_" + counter}. */
    private static final Pattern STUB_SUFFIX = Pattern.compile("\\d{10,}_\\d+$");

    /** Raw names seen (one per stub instance) to policy names; bounded. */
    private static final ConcurrentHashMap<String, String> SEEN = new ConcurrentHashMap<>();

    private Names() {
    }

    /**
     * Returns the service name a policy matches: the stub's service name without its unique
     * suffix, or {@code null} for the anonymous service of a plain {@code ServiceClient}.
     */
    static String service(AxisService service) {
        if (service == null) {
            return null;
        }
        return service(service.getName());
    }

    static String service(String name) {
        if (name == null || name.startsWith(ServiceClient.ANON_SERVICE)) {
            return null;
        }
        String known = SEEN.get(name);
        if (known != null) {
            return known;
        }
        String stripped = STUB_SUFFIX.matcher(name).replaceFirst("");
        String result = stripped.isEmpty() ? name : stripped;
        if (SEEN.size() > 10_000) {
            SEEN.clear();
        }
        SEEN.put(name, result);
        return result;
    }
}
