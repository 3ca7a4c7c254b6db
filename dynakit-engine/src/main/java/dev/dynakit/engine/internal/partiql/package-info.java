/**
 * PartiQL for DynamoDB: ExecuteStatement, BatchExecuteStatement and ExecuteTransaction. A statement
 * is parsed into a small tree, then planned as the DynamoDB operation that does the same work
 * (GetItem, Query, Scan, PutItem, UpdateItem, DeleteItem, TransactGetItems, TransactWriteItems)
 * with expression text and placeholders, so that PartiQL and the expression API share one
 * evaluation, one set of checks and one set of error texts.
 */
@NullMarked
package dev.dynakit.engine.internal.partiql;

import org.jspecify.annotations.NullMarked;
