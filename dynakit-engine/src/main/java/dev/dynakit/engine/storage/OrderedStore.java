package dev.dynakit.engine.storage;

import org.jspecify.annotations.Nullable;

/**
 * The storage SPI: an ordered map of byte-string keys to byte-string values, keys compared as
 * unsigned bytes. The engine keeps every table, index entry and piece of metadata in one store.
 *
 * <p>Contract: a batch is applied all or none of it (a crash never leaves half a batch), and
 * durable as far as the implementation promises; iteration sees every write applied before it began
 * and is never invalidated by concurrent writes. Isolation between concurrent readers and writers
 * of the same item is the engine's job (item locks), not the store's: the engine never applies two
 * batches that change the same key at the same time, except when it erases a dropped table or
 * index, whose keys nothing reads afterwards. A store may therefore apply batches concurrently, as
 * long as it keeps its own structures whole.
 */
public interface OrderedStore extends AutoCloseable {

  /** The value under {@code key}, or null. */
  byte @Nullable [] get(byte[] key);

  /**
   * The values under {@code keys}, in their order, null where absent: what {@link #get} answers for
   * each, without the atomicity of a snapshot. A store that can look keys up together (and overlap
   * their cache misses or disk reads) overrides this; by default it calls {@link #get}.
   */
  default byte[] @Nullable [] getAll(byte[][] keys) {
    byte[][] values = new byte[keys.length][];
    for (int i = 0; i < keys.length; i++) {
      values[i] = get(keys[i]);
    }
    return values;
  }

  /**
   * Iterates keys in {@code [fromInclusive, toExclusive)}, ascending or, when {@code reverse},
   * descending. A null bound means unbounded on that side.
   */
  StoreCursor scan(byte @Nullable [] fromInclusive, byte @Nullable [] toExclusive, boolean reverse);

  /** Applies all puts and deletes of the batch atomically. */
  void apply(WriteBatch batch);

  /** Releases resources; the store is unusable afterwards. */
  @Override
  void close();
}
