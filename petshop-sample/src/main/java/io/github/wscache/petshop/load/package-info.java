/**
 * The load driver: virtual users that replay the paper's workload (Table 3) against a
 * deployment, and the CSV files and charts of the results.
 */
package io.github.wscache.petshop.load;
