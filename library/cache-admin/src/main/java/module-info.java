/**
 * Administration of caches: {@code io.github.wscache.admin.CacheAdmin} and
 * {@code io.github.wscache.admin.AuditedAdmin} (JMX MXBeans, an audit log of purges) and
 * {@code io.github.wscache.admin.AdminServlet}, an HTML page. Its {@code internal} package is
 * exported to no one.
 */
module io.github.wscache.admin {
    requires transitive io.github.wscache.core;
    requires transitive java.management;
    // the servlet API, which the application's container provides (the pom's provided scope):
    // the rest of the module works without it
    requires static transitive org.apache.tomcat.embed.core;
    requires com.fasterxml.jackson.databind;
    requires org.slf4j;

    exports io.github.wscache.admin;
}
