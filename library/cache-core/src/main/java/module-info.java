/**
 * wscache's engine: {@link io.github.wscache.core.ResponseCache} with its policy
 * ({@code io.github.wscache.core.policy}), copies ({@code io.github.wscache.core.copy}), XML
 * recordings ({@code io.github.wscache.core.xml}), and the service provider interface of a shared
 * tier ({@code io.github.wscache.core.spi}), which it looks up with {@link java.util.ServiceLoader}.
 *
 * <p>The {@code internal} packages are not API: each is exported only to the wscache modules
 * whose main code uses it (the integrations share cache-core's HTTP rules, YAML reading and
 * name suggestions), and {@code io.github.wscache.core.copy.internal} to none.
 */
// "module": the qualified exports name modules built after this one, which javac cannot find
// yet ("module not found"). "requires-automatic": Kryo 5.6 and Objenesis 3.4 have no module
// declaration, only an Automatic-Module-Name, which is stable; there is no modular release.
@SuppressWarnings({"module", "requires-automatic"})
module io.github.wscache.core {
    // the API takes and returns StAX readers (Invocation, XmlRecording)
    requires transitive java.xml;
    // copies of java.sql.Date, Time and Timestamp
    requires java.sql;
    requires com.github.benmanes.caffeine;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.dataformat.yaml;
    // the located problem of a YAML syntax error (MarkedYAMLException)
    requires org.yaml.snakeyaml;
    requires com.esotericsoftware.kryo;
    requires org.objenesis;
    requires org.slf4j;

    exports io.github.wscache.core;
    exports io.github.wscache.core.copy;
    exports io.github.wscache.core.policy;
    exports io.github.wscache.core.spi;
    exports io.github.wscache.core.xml;

    exports io.github.wscache.core.internal to
            io.github.wscache.axis,
            io.github.wscache.edge,
            io.github.wscache.jaxws,
            io.github.wscache.sim;
    exports io.github.wscache.core.internal.http to
            io.github.wscache.axis,
            io.github.wscache.edge,
            io.github.wscache.http,
            io.github.wscache.jaxws,
            io.github.wscache.spring;
    exports io.github.wscache.core.internal.yaml to
            io.github.wscache.edge;

    uses io.github.wscache.core.spi.SharedTierFactory;
}
