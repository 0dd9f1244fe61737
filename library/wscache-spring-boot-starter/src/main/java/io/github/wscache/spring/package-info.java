/**
 * wscache for Spring Boot 4: {@link io.github.wscache.spring.WsCacheAutoConfiguration} (the
 * cache from {@code wscache.*}, Boot's {@code RestClient} sending through it, metrics, a Redis
 * tier), {@link io.github.wscache.spring.WsCacheActuatorAutoConfiguration} (the endpoint
 * {@code wscache}, the shared tier's health) and the settings,
 * {@link io.github.wscache.spring.WsCacheProperties}. The site's Spring Boot page has an
 * example.
 */
package io.github.wscache.spring;
