/** The on-disk store: an {@link dev.dynakit.engine.storage.OrderedStore} over RocksDB. */
@NullMarked
package dev.dynakit.engine.internal.storage.rocksdb;

import org.jspecify.annotations.NullMarked;
