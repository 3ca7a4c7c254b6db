/**
 * The transaction operations, TransactWriteItems and TransactGetItems: every item of a transaction
 * is locked in one global order, every condition is checked against the current items, and all
 * changes (indices included) are applied in one atomic store batch, or none.
 */
@NullMarked
package dev.dynakit.engine.internal.txn;

import org.jspecify.annotations.NullMarked;
