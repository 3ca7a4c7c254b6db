/**
 * Storage keys: the order-preserving byte encoding of table and index keys (store id, index number,
 * partition hash, then the key values), and the key ranges that Query, Scan and parallel scan read.
 * This encoding is a storage format: on-disk stores keep it, so it never changes silently.
 */
@NullMarked
package dev.dynakit.engine.internal.keys;

import org.jspecify.annotations.NullMarked;
