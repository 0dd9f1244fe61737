/**
 * The business tier: four service interfaces (catalog, cart, account, order) with single-call,
 * value-in value-out methods, and their local implementations over the DAOs. The interfaces are
 * the boundary a remoting deployment (Fremoting, a later issue) would put across the WAN.
 */
package io.github.wscache.petshop.service;
