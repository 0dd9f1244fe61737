/**
 * Micrometer meters for a {@code io.github.wscache.core.ResponseCache}:
 * {@code io.github.wscache.micrometer}.
 */
// "requires-automatic", "requires-transitive-automatic": the binder is a Micrometer
// MeterBinder, so its users need micrometer-core, which in 1.13 has no module declaration, only
// the Automatic-Module-Name micrometer.core (stable).
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.github.wscache.micrometer {
    requires transitive io.github.wscache.core;
    requires transitive micrometer.core;

    exports io.github.wscache.micrometer;
}
