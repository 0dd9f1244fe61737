package io.github.wscache.petshop.remote;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * What reaches the origin's services: SOAP requests in total (counted by a servlet filter),
 * calls per operation and, per service, every service object created and the calls each one
 * served (counted by the skeletons). Thread-safe.
 */
final class OriginCounters {

    private final LongAdder soapRequests = new LongAdder();
    private final Map<String, LongAdder> calls = new ConcurrentHashMap<>();
    private final AtomicInteger nextInstance = new AtomicInteger();
    private final Map<String, Map<Integer, LongAdder>> perInstance = new ConcurrentHashMap<>();

    void soapRequest() {
        soapRequests.increment();
    }

    long soapRequests() {
        return soapRequests.sum();
    }

    /** A new service object of {@code service}; returns its id. */
    int instanceCreated(String service) {
        int id = nextInstance.incrementAndGet();
        perInstance.computeIfAbsent(service, s -> new ConcurrentHashMap<>())
                .put(id, new LongAdder());
        return id;
    }

    void called(String service, int instance, String operation) {
        calls.computeIfAbsent(operation, o -> new LongAdder()).increment();
        perInstance.get(service).get(instance).increment();
    }

    long calls(String operation) {
        LongAdder a = calls.get(operation);
        return a == null ? 0 : a.sum();
    }

    long instances(String service) {
        Map<Integer, LongAdder> m = perInstance.get(service);
        return m == null ? 0 : m.size();
    }

    Map<Integer, Long> callsPerInstance(String service) {
        Map<Integer, Long> out = new TreeMap<>();
        perInstance.getOrDefault(service, Map.of()).forEach((id, n) -> out.put(id, n.sum()));
        return out;
    }
}
