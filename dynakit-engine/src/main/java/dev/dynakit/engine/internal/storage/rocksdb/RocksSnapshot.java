package dev.dynakit.engine.internal.storage.rocksdb;

import dev.dynakit.engine.storage.Snapshot;
import dev.dynakit.engine.storage.StoreCursor;
import org.jspecify.annotations.Nullable;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;

/** A RocksDB snapshot of the on-disk store, released when closed or when the store closes. */
final class RocksSnapshot implements Snapshot {
  private final RocksStore store;
  private final RocksDB db;
  private final org.rocksdb.Snapshot snapshot;
  private final ReadOptions readOptions;

  /** Takes a snapshot; the caller holds the store's handles. */
  RocksSnapshot(RocksStore store, RocksDB db) {
    this.store = store;
    this.db = db;
    this.snapshot = db.getSnapshot();
    this.readOptions = new ReadOptions().setSnapshot(snapshot);
    store.opened(this);
  }

  @Override
  public byte @Nullable [] get(byte[] key) {
    return store.withHandles(() -> store.rocks(() -> db.get(readOptions, key)));
  }

  @Override
  public StoreCursor scan(
      byte @Nullable [] fromInclusive, byte @Nullable [] toExclusive, boolean reverse) {
    return store.withHandles(
        () -> RocksCursor.open(store, db, snapshot, fromInclusive, toExclusive, reverse));
  }

  @Override
  public void close() {
    store.release(
        this,
        () -> {
          readOptions.close();
          db.releaseSnapshot(snapshot);
        });
  }
}
