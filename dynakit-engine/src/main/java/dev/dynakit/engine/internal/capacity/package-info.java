/** Capacity-unit arithmetic and the ConsumedCapacity response shape. */
@NullMarked
package dev.dynakit.engine.internal.capacity;

import org.jspecify.annotations.NullMarked;
