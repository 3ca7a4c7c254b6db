/**
 * Single-table design over the {@link dev.dynakit.core.adapter.Adapter}: {@link
 * dev.dynakit.core.entity.EntityTable} gives a typed {@link dev.dynakit.core.entity.EntityView} per
 * declared entity (keys composed from and decomposed into fields, the type field on every item,
 * sparse index attributes that follow every write) and runs the declared access patterns, reading
 * every shard of a sharded key in parallel and merging the pages in sort-key order.
 */
@NullMarked
package dev.dynakit.core.entity;

import org.jspecify.annotations.NullMarked;
