/**
 * Load runs that put the engine side by side with a do-nothing server (the ceiling of the HTTP
 * stack) and with dynalite: servers to measure against, the data every target is seeded with, a
 * fixed-duration load generator on the AWS SDK v2 sync client, and the report. Driven by {@code
 * benchmarks/run.sh}; see {@code docs/benchmarks.md}.
 */
package dev.dynakit.benchmarks;
