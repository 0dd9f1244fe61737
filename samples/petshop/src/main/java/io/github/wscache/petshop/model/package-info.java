/**
 * Value types passed between the presentation tier and the business services: these are what the
 * Fremoting deployment passes by value across the WAN (as the beans of {@code PetShop.wsdl}).
 */
package io.github.wscache.petshop.model;
