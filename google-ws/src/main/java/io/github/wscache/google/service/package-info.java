/**
 * The dummy Google Web APIs service: an implementation of the skeleton interface generated from
 * {@code GoogleSearch.wsdl}, deployed by {@link io.github.wscache.google.GoogleServer}.
 */
package io.github.wscache.google.service;
