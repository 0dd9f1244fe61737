/**
 * An HTTP edge cache on embedded Tomcat: {@code io.github.wscache.edge.EdgeServer}. Its
 * {@code internal} package is exported to no one.
 */
// "requires-automatic": HttpCore 5 has no module declaration, only a stable
// Automatic-Module-Name; there is no modular release of it.
@SuppressWarnings("requires-automatic")
module io.github.wscache.edge {
    requires transitive io.github.wscache.core;
    // EdgeServer hands out its AuditedAdmin
    requires transitive io.github.wscache.admin;
    requires org.apache.tomcat.embed.core;
    requires com.github.benmanes.caffeine;
    requires java.management;
    requires java.net.http;
    requires org.apache.httpcomponents.core5.httpcore5;
    requires org.slf4j;

    exports io.github.wscache.edge;
}
