/**
 * The load driver: virtual users that replay the paper's workload (Table 3) against a
 * deployment (F0, Fdb, Fremoting), the CSV files and charts of the results, and the comparison of
 * Fremoting's hosting strategies (Table 1).
 */
package io.github.wscache.petshop.load;
