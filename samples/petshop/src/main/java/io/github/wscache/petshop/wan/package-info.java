/**
 * WAN emulation in user space: {@link io.github.wscache.petshop.wan.WanRelay}, a TCP relay that
 * delays each direction by half the round-trip time and connection setup by one round trip.
 */
package io.github.wscache.petshop.wan;
