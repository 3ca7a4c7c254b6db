/**
 * Capacity metering and enforcement: consumed read and write units per second per table, index,
 * partition-key value and physical partition, measured by the engine's clock; the per-key ceilings,
 * provisioned throughput with burst credit and on-demand maximums that throttle requests when
 * enforcement is on; and the hot-key statistics read from the same meters. It knows tables only as
 * {@link dev.dynakit.engine.internal.metering.Resource}s, so that the item and query packages can
 * call it without a package cycle.
 */
@NullMarked
package dev.dynakit.engine.internal.metering;

import org.jspecify.annotations.NullMarked;
