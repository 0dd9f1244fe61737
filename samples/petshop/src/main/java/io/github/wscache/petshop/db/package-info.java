/**
 * JDBC infrastructure below the DAOs: the connection pool with statement reuse
 * ({@link io.github.wscache.petshop.db.Database}), the schema and seed data, the Java stored
 * procedures that make a multi-table business operation one round trip, and the origin database
 * (embedded H2, optionally served over TCP for the Fdb deployment).
 */
package io.github.wscache.petshop.db;
