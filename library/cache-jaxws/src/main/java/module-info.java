/**
 * Response caching for JAX-WS clients (Apache CXF, Eclipse Metro, any implementation):
 * {@code io.github.wscache.jaxws.WsCacheJaxWs} installs a standard client-side SOAP handler on a
 * port or on every port of a {@code Service}. Its {@code internal} package is exported to no one.
 */
// "requires-automatic", "requires-transitive-automatic": CXF's jars have no module declaration,
// only a stable Automatic-Module-Name; WsCacheFeature's signature names CXF's types
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.github.wscache.jaxws {
    requires transitive io.github.wscache.core;
    requires transitive jakarta.xml.ws;
    requires transitive jakarta.xml.soap;
    requires java.xml;
    requires org.slf4j;
    // Apache CXF is optional: on CXF the handler learns of calls that fail before any response
    // (CXF calls no handler then); WsCacheFeature is CXF's own way to install it
    requires static transitive org.apache.cxf.core;
    requires static org.apache.cxf.frontend.jaxws;
    // ClientProxy: the client behind a CXF port (WsCacheJaxWs.isInstalled)
    requires static org.apache.cxf.frontend.simple;
    // the SOAP version of a CXF message, and credentials configured on CXF's HTTP conduit
    requires static org.apache.cxf.binding.soap;
    requires static org.apache.cxf.transport.http;

    exports io.github.wscache.jaxws;
}
