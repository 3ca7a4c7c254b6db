/**
 * The key statistics operation, {@code Dynakit_20261206.DescribeKeyStatistics}: Dynakit's own
 * addition to DynamoDB's API, answering from the capacity meter.
 */
@NullMarked
package dev.dynakit.engine.internal.stats;

import org.jspecify.annotations.NullMarked;
