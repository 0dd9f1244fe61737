/**
 * Data access objects: the second partition place of the paper (§3.2). Each public method is one
 * SQL statement or one stored-procedure call, so in the Fdb deployment each costs exactly one
 * round trip across the WAN.
 */
package io.github.wscache.petshop.dao;
