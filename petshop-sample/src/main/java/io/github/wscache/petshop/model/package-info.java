/**
 * Value types passed between the presentation tier and the business services: these are what a
 * remoting deployment (Fremoting, a later issue) would pass by value across the WAN.
 */
package io.github.wscache.petshop.model;
