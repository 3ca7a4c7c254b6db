/**
 * Secondary-index maintenance: the entries an item has in each GSI and LSI of its table, the
 * difference between the entries of the old and the new version of an item (written in the same
 * store batch as the item, Record Layer style), index-key validation, per-index counters, the write
 * capacity that index writes consume, and the size of LSI item collections.
 */
@NullMarked
package dev.dynakit.engine.internal.index;

import org.jspecify.annotations.NullMarked;
