package dev.dynakit.engine.internal.storage.memory;

import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.Snapshot;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.ArrayDeque;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The in-memory store: each key's {@link Version}s, in {@link Partition}s of keys that share a
 * {@link Prefix} (a table's partition), found by a hash map or in order ({@link PartitionMap}).
 * Batches are numbered; one writer at a time (a monitor) adds a batch's versions and then publishes
 * its number, which makes the whole batch visible at once. A point read takes the newest version at
 * or before the last published number; a scan or a {@link Snapshot} registers the number it reads
 * at ({@link Readers}), and versions are dropped only once no registered reader can need them.
 *
 * <p>Readers take no lock, registering included; writers hold the monitor for the changes of one
 * batch only.
 */
public final class MemoryStore implements OrderedStore {
  private final PartitionMap partitions = new PartitionMap();
  private final Object writeLock = new Object();
  // the published number and the numbers open readers read at; published under writeLock
  private final Readers readers = new Readers();
  // versions written over an older one or deleting a key, whose older versions (and key, for a
  // deletion) can go once no reader needs them, by batch number (ascending); guarded by writeLock
  private final ArrayDeque<Garbage> garbage = new ArrayDeque<>();
  private volatile boolean closed;

  // The version itself and its partition: collecting cuts below it, and removes a deleted key and
  // then its partition if empty, without finding them again.
  private record Garbage(Partition partition, byte[] key, Version version) {}

  @Override
  public byte @Nullable [] get(byte[] key) {
    long seq = readers.published();
    Version v = newest(key);
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
    Readers.Epoch at = readers.register();
    return new MemoryCursor(
        partitions, fromInclusive, toExclusive, reverse, at.seq, () -> readers.release(at));
  }

  @Override
  public Snapshot snapshot() {
    requireOpen();
    Readers.Epoch at = readers.register();
    long seq = at.seq;
    return new Snapshot() {
      private boolean released;

      @Override
      public byte @Nullable [] get(byte[] key) {
        Version v = Version.at(newest(key), seq);
        return v == null ? null : v.value;
      }

      @Override
      public StoreCursor scan(
          byte @Nullable [] fromInclusive, byte @Nullable [] toExclusive, boolean reverse) {
        return new MemoryCursor(partitions, fromInclusive, toExclusive, reverse, seq, () -> {});
      }

      @Override
      public synchronized void close() {
        if (!released) {
          released = true;
          readers.release(at);
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
      long seq = readers.published() + 1;
      for (WriteBatch.Change c : changes) {
        byte[] value = c.value();
        // a deletion of a key in no partition changes nothing, and creates none
        Partition p = value == null ? partitions.find(c.key()) : partitions.findOrCreate(c.key());
        if (p == null) {
          continue;
        }
        // one walk of the partition for an overwrite (find, then swap the newest version), where a
        // get and then a put walked it twice
        Version v =
            p.update(
                c.key(),
                head -> head == null && value == null ? null : new Version(seq, value, head));
        if (v != null && v.older != null) {
          garbage.add(new Garbage(p, c.key(), v));
        }
      }
      readers.publish(seq);
      // most batches only add keys: nothing to collect, no need to ask the readers
      if (!garbage.isEmpty()) {
        collect(readers.oldest());
      }
    }
  }

  /**
   * Drops what no reader at or after {@code oldest} can read: versions older than the newest one at
   * or before it, keys whose value then is a deletion, and partitions left without keys. Under the
   * write lock.
   */
  private void collect(long oldest) {
    while (!garbage.isEmpty() && garbage.peekFirst().version().seq <= oldest) {
      Garbage g = garbage.pollFirst();
      // the version is at or before oldest, so no reader needs anything older than it; if a newer
      // one is too, that one's own entry (later in the queue) cuts this one
      Version v = g.version();
      v.dropOlder();
      // removes the key only while this deletion is still its newest version
      if (v.value == null && g.partition().remove(g.key(), v)) {
        partitions.removeIfEmpty(g.partition());
      }
    }
  }

  private @Nullable Version newest(byte[] key) {
    Partition p = partitions.find(key);
    return p == null ? null : p.newest(key);
  }

  /** How many versions the store holds for {@code key} (a deleted key may hold a marker). */
  int versionsHeld(byte[] key) {
    int n = 0;
    for (Version v = newest(key); v != null; v = v.older) {
      n++;
    }
    return n;
  }

  /** How many keys the store holds, deletion markers included. */
  int keysHeld() {
    int n = 0;
    for (Partition p : partitions.all()) {
      n += p.size();
    }
    return n;
  }

  /** Whether the partition of {@code key} exists and holds its keys in a skip list. */
  boolean partitionIsSkipList(byte[] key) {
    Partition p = partitions.find(key);
    return p != null && p.isSkipList();
  }

  /** How many partitions the store holds (both maps agree, or this throws). */
  int partitionsHeld() {
    return partitions.size();
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
      partitions.clear();
      garbage.clear();
    }
  }
}
