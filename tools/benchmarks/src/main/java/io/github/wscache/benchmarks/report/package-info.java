/**
 * Turns JMH JSON results into a Markdown summary shaped like the paper's tables, with ratios and
 * PNG charts, and writes the memory tables (paper 001, Tables 8 and 9) measured with JOL.
 */
package io.github.wscache.benchmarks.report;
