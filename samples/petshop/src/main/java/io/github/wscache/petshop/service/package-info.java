/**
 * The business tier: four service interfaces (catalog, cart, account, order) with single-call,
 * value-in value-out methods, and their local implementations over the DAOs. The interfaces are
 * the boundary the Fremoting deployment puts across the WAN (see
 * {@link io.github.wscache.petshop.remote}).
 */
package io.github.wscache.petshop.service;
