/**
 * wscache for Spring Web Services clients: {@link io.github.wscache.spring.ws.WsCacheInterceptor}
 * on a {@code WebServiceTemplate}, installed by the starter on every template Boot's
 * {@code WebServiceTemplateBuilder} builds.
 */
package io.github.wscache.spring.ws;
