/**
 * The single-item operations (GetItem, PutItem, UpdateItem, DeleteItem) and their conditional write
 * path, above the item model ({@code internal.item}) and the engine's state.
 */
@NullMarked
package dev.dynakit.engine.internal.itemops;

import org.jspecify.annotations.NullMarked;
