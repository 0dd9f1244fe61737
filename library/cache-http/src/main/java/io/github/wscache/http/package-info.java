/**
 * cache-http: transparent caching for REST/JSON clients on {@code java.net.http}.
 * {@link io.github.wscache.http.CachingHttpClient} wraps the application's {@code HttpClient}
 * under a wscache policy; {@link io.github.wscache.http.JsonBodyHandlers} bind JSON with the
 * application's Jackson mapper and let the cache keep recorded tokens
 * ({@link io.github.wscache.http.JsonRecording}) or bound objects;
 * {@link io.github.wscache.http.CacheStatus} tells what the cache did for each response.
 */
package io.github.wscache.http;
