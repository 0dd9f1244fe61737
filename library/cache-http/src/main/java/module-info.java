/**
 * Response caching for {@code java.net.http}: {@code io.github.wscache.http.CachingHttpClient}
 * in front of an {@link java.net.http.HttpClient}, with JSON bodies read by Jackson. Its
 * {@code internal} package is exported to no one.
 */
module io.github.wscache.http {
    requires transitive io.github.wscache.core;
    requires transitive java.net.http;
    requires transitive com.fasterxml.jackson.databind;
    requires org.slf4j;

    exports io.github.wscache.http;
}
