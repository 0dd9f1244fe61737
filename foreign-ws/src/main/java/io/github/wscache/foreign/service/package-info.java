/**
 * The implementations behind {@link io.github.wscache.foreign.ForeignServer}: one class per
 * service, each implementing the skeleton interface generated from its WSDL, with small
 * deterministic data sets so tests can assert exact answers.
 */
package io.github.wscache.foreign.service;
