package io.github.wscache.petshop.remote;

/**
 * Base of the service objects at the origin: each has an id and counts its calls, so tests and
 * the hosting-strategy comparison can see how many objects a scope creates and whom they serve.
 */
abstract class Skeleton {

    private final String service;
    private final OriginCounters counters;
    private final int instance;

    Skeleton(String service, OriginCounters counters) {
        this.service = service;
        this.counters = counters;
        this.instance = counters.instanceCreated(service);
    }

    final void called(String operation) {
        counters.called(service, instance, operation);
    }
}
