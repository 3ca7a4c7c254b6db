/**
 * The stream example: an orders table with a stream, and a listener that keeps a per-customer order
 * count in another table, exactly right although the stream delivers each change at least once.
 * Start at {@link dev.dynakit.examples.orders.OrderCounts}.
 */
@NullMarked
package dev.dynakit.examples.orders;

import org.jspecify.annotations.NullMarked;
