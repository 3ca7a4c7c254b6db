/**
 * The batch operations, BatchGetItem and BatchWriteItem, and the request checks they share with the
 * transaction operations: shape constraints reported together, secondary-index key types.
 */
@NullMarked
package dev.dynakit.engine.internal.batch;

import org.jspecify.annotations.NullMarked;
