/**
 * The item model: primary keys, the item store over the ordered store, request parts every item
 * operation reads, and the per-item locks that make single-item operations, batches, transactions
 * and the TTL sweep linearizable. The operations themselves live above, in {@code internal.itemops}
 * and their own packages.
 */
@NullMarked
package dev.dynakit.engine.internal.item;

import org.jspecify.annotations.NullMarked;
