package dev.dynakit.engine.internal.storage.rocksdb;

import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import java.util.Arrays;
import java.util.NoSuchElementException;
import org.jspecify.annotations.Nullable;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * A range scan of the on-disk store: a RocksDB iterator bounded by the range (RocksDB stops at the
 * bounds itself), reading the instant it was made or the snapshot it was given. Its native handles
 * are freed when it is closed, when it runs out, or when the store closes.
 */
final class RocksCursor implements StoreCursor {
  private final RocksStore store;
  private final boolean reverse;
  private final ReadOptions readOptions;
  private final @Nullable Slice lower;
  private final @Nullable Slice upper;
  private final RocksIterator iterator;

  private RocksCursor(
      RocksStore store,
      boolean reverse,
      ReadOptions readOptions,
      @Nullable Slice lower,
      @Nullable Slice upper,
      RocksIterator iterator) {
    this.store = store;
    this.reverse = reverse;
    this.readOptions = readOptions;
    this.lower = lower;
    this.upper = upper;
    this.iterator = iterator;
  }

  /** Opens a cursor over {@code [from, to)}; the caller holds the store's handles. */
  static StoreCursor open(
      RocksStore store,
      RocksDB db,
      org.rocksdb.@Nullable Snapshot snapshot,
      byte @Nullable [] from,
      byte @Nullable [] to,
      boolean reverse) {
    if (from != null && to != null && Arrays.compareUnsigned(from, to) >= 0) {
      return new Empty();
    }
    // The store has a prefix extractor (RocksOptions.PREFIX_LENGTH). Auto prefix mode uses its
    // filters only when both bounds lie in one prefix (a Query's partition) and reads in total
    // order
    // otherwise; RocksDB's default with an extractor (prefix mode) would skip files of a range that
    // spans several partitions and miss their keys.
    ReadOptions readOptions = new ReadOptions().setAutoPrefixMode(true);
    if (snapshot != null) {
      readOptions.setSnapshot(snapshot);
    }
    Slice lower = from == null ? null : new Slice(from);
    Slice upper = to == null ? null : new Slice(to);
    if (lower != null) {
      readOptions.setIterateLowerBound(lower);
    }
    if (upper != null) {
      readOptions.setIterateUpperBound(upper);
    }
    RocksIterator iterator = db.newIterator(readOptions);
    RocksCursor cursor = new RocksCursor(store, reverse, readOptions, lower, upper, iterator);
    store.opened(cursor);
    if (reverse) {
      iterator.seekToLast();
    } else {
      iterator.seekToFirst();
    }
    return cursor;
  }

  @Override
  public boolean hasNext() {
    return store.withHandles(this::valid);
  }

  private boolean valid() {
    if (!iterator.isOwningHandle()) {
      return false;
    }
    if (iterator.isValid()) {
      return true;
    }
    try {
      iterator.status();
    } catch (RocksDBException e) {
      throw store.failure(e);
    }
    close();
    return false;
  }

  @Override
  public StoreEntry next() {
    return store.withHandles(
        () -> {
          if (!valid()) {
            throw new NoSuchElementException();
          }
          StoreEntry entry = new StoreEntry(iterator.key(), iterator.value());
          if (reverse) {
            iterator.prev();
          } else {
            iterator.next();
          }
          return entry;
        });
  }

  @Override
  public void close() {
    store.release(this, this::free);
  }

  private void free() {
    iterator.close();
    readOptions.close();
    if (lower != null) {
      lower.close();
    }
    if (upper != null) {
      upper.close();
    }
  }

  /** The cursor of an empty range. */
  private static final class Empty implements StoreCursor {
    @Override
    public boolean hasNext() {
      return false;
    }

    @Override
    public StoreEntry next() {
      throw new NoSuchElementException();
    }

    @Override
    public void close() {}
  }
}
