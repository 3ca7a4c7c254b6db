package dev.dynakit.engine.internal.storage.memory;

import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.Snapshot;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.jspecify.annotations.Nullable;

/**
 * The in-memory store: a concurrent skip list, ordered by unsigned bytes, from each key to its
 * {@link Version}s. Batches are numbered; one writer at a time (a monitor) adds a batch's versions
 * and then publishes its number, which makes the whole batch visible at once. A point read takes
 * the newest version at or before the last published number; a scan or a {@link Snapshot} registers
 * the number it reads at, and versions are dropped only once no registered reader can need them.
 *
 * <p>Readers take no lock; writers hold the monitor for the changes of one batch only.
 */
public final class MemoryStore implements OrderedStore {
  private final ConcurrentSkipListMap<byte[], Version> map =
      new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
  private final Object writeLock = new Object();
  // the number of the last batch whose versions are all in the map; written under writeLock
  private volatile long visible;
  // the numbers registered readers read at, with how many read at each; guarded by itself
  private final TreeMap<Long, Integer> readers = new TreeMap<>();
  // keys whose older versions or deletion marker can go once no reader needs them, by batch number
  // (ascending); guarded by writeLock
  private final ArrayDeque<Garbage> garbage = new ArrayDeque<>();
  private volatile boolean closed;

  private record Garbage(byte[] key, long seq) {}

  @Override
  public byte @Nullable [] get(byte[] key) {
    long seq = visible;
    Version v = map.get(key);
    while (v != null) {
      if (v.seq <= seq) {
        return v.value;
      }
      // older read before the mark, which is set before the cut: a version cut below was
      // published (cuts never pass the published number) and was the key's value when a later
      // number was published, during this call
      Version older = v.older;
      if (older == null && v.truncated) {
        return v.value;
      }
      v = older;
    }
    return null;
  }

  @Override
  public StoreCursor scan(
      byte @Nullable [] fromInclusive, byte @Nullable [] toExclusive, boolean reverse) {
    long seq = register();
    return new MemoryCursor(map, fromInclusive, toExclusive, reverse, seq, () -> release(seq));
  }

  @Override
  public Snapshot snapshot() {
    requireOpen();
    long seq = register();
    return new Snapshot() {
      private boolean released;

      @Override
      public byte @Nullable [] get(byte[] key) {
        Version v = Version.at(map.get(key), seq);
        return v == null ? null : v.value;
      }

      @Override
      public StoreCursor scan(
          byte @Nullable [] fromInclusive, byte @Nullable [] toExclusive, boolean reverse) {
        return new MemoryCursor(map, fromInclusive, toExclusive, reverse, seq, () -> {});
      }

      @Override
      public synchronized void close() {
        if (!released) {
          released = true;
          release(seq);
        }
      }
    };
  }

  @Override
  public void apply(WriteBatch batch) {
    requireOpen();
    List<WriteBatch.Change> changes = batch.changes();
    if (changes.isEmpty()) {
      return;
    }
    synchronized (writeLock) {
      long seq = visible + 1;
      for (WriteBatch.Change c : changes) {
        Version head = map.get(c.key());
        if (head == null && c.value() == null) {
          continue;
        }
        map.put(c.key(), new Version(seq, c.value(), head));
        if (head != null || c.value() == null) {
          garbage.add(new Garbage(c.key(), seq));
        }
      }
      visible = seq;
      collect(oldestRead());
    }
  }

  /**
   * Drops what no reader at or after {@code oldest} can read: versions older than the newest one at
   * or before it, and keys whose value then is a deletion. Under the write lock.
   */
  private void collect(long oldest) {
    while (!garbage.isEmpty() && garbage.peekFirst().seq() <= oldest) {
      byte[] key = garbage.pollFirst().key();
      Version head = map.get(key);
      if (head == null) {
        continue;
      }
      Version kept = Version.cut(head, oldest);
      if (kept == head && head.value == null) {
        map.remove(key, head);
      }
    }
  }

  /** The number a new reader reads at, registered until {@link #release}. */
  private long register() {
    synchronized (readers) {
      long seq = visible;
      readers.merge(seq, 1, Integer::sum);
      return seq;
    }
  }

  private void release(long seq) {
    synchronized (readers) {
      readers.computeIfPresent(seq, (s, n) -> n == 1 ? null : n - 1);
    }
  }

  /**
   * The oldest number any reader reads at: a registered one, or the last published one for readers
   * still to come (a reader registers under the same monitor, so it reads at this number or later).
   */
  private long oldestRead() {
    synchronized (readers) {
      long seq = visible;
      return readers.isEmpty() ? seq : Math.min(seq, readers.firstKey());
    }
  }

  /** How many versions the store holds for {@code key} (a deleted key may hold a marker). */
  int versionsHeld(byte[] key) {
    int n = 0;
    for (Version v = map.get(key); v != null; v = v.older) {
      n++;
    }
    return n;
  }

  /** How many keys the skip list holds, deletion markers included. */
  int keysHeld() {
    return map.size();
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException("the memory store is closed");
    }
  }

  @Override
  public void close() {
    closed = true;
    synchronized (writeLock) {
      map.clear();
      garbage.clear();
    }
  }
}
