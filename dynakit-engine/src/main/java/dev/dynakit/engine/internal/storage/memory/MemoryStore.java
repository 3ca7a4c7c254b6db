package dev.dynakit.engine.internal.storage.memory;

import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import dev.dynakit.engine.storage.WriteBatch;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentSkipListMap;
import org.jspecify.annotations.Nullable;

/**
 * The in-memory store: a concurrent skip list ordered by unsigned bytes for scans, and a hash index
 * of the same keys for point reads, both leading to one {@link Slot} per key holding its value.
 *
 * <p>Why: finding a key in a skip list of N keys follows about log2(N) links to nodes spread over
 * the heap, each a likely cache miss; in a table of a few hundred thousand items that walk was most
 * of the engine's time for a GetItem, and for a write, which reads the old item and then stores the
 * new one. The hash index ({@link PointIndex}) finds a key with a few misses, and overwriting a key
 * only sets its slot: only new keys and deletes walk the skip list. A batch that adds or deletes a
 * key is applied under one lock, in the batch's order; a batch that only overwrites sets its slots
 * without it (the engine's item locks keep its writers of one key apart). A scan skips a slot
 * emptied by a delete after it was reached.
 */
public final class MemoryStore implements OrderedStore {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private final ConcurrentSkipListMap<byte[], Slot> map =
      new ConcurrentSkipListMap<>(MemoryStore::compareKeys);
  private final PointIndex points = new PointIndex();
  // package-private for the test that deletes a key between a writer's lookup and its change
  final Object applyLock = new Object();
  // What this thread's last getAll found: the engine reads every item it writes under the item's
  // lock, then writes it, so apply takes the hashes and slots of those keys from here instead of
  // looking each up again. Valid as any lookup made before the lock is (see current()).
  private final ThreadLocal<Lookup> lastLookup = new ThreadLocal<>();

  /** Keys looked up together (by identity of the arrays), their hashes and what was found. */
  private record Lookup(byte[][] keys, int[] hashes, @Nullable Slot[] found) {}

  @Override
  public byte @Nullable [] get(byte[] key) {
    Slot slot = points.get(key, hash(key));
    return slot == null ? null : slot.value;
  }

  @Override
  public byte[] @Nullable [] getAll(byte[][] keys) {
    int n = keys.length;
    int[] hashes = new int[n];
    for (int k = 0; k < n; k++) {
      hashes[k] = hash(keys[k]);
    }
    Slot[] found = new Slot[n];
    points.getAll(keys, hashes, found);
    lastLookup.set(new Lookup(keys, hashes, found));
    byte[][] values = new byte[n][];
    for (int k = 0; k < n; k++) {
      Slot s = found[k];
      values[k] = s == null ? null : s.value;
    }
    return values;
  }

  @Override
  public StoreCursor scan(byte[] fromInclusive, byte[] toExclusive, boolean reverse) {
    NavigableMap<byte[], Slot> view = map;
    if (fromInclusive != null && toExclusive != null) {
      if (Arrays.compareUnsigned(fromInclusive, toExclusive) >= 0) {
        view = map.subMap(fromInclusive, true, fromInclusive, false);
      } else {
        view = map.subMap(fromInclusive, true, toExclusive, false);
      }
    } else if (fromInclusive != null) {
      view = map.tailMap(fromInclusive, true);
    } else if (toExclusive != null) {
      view = map.headMap(toExclusive, false);
    }
    Iterator<Map.Entry<byte[], Slot>> it =
        reverse ? view.descendingMap().entrySet().iterator() : view.entrySet().iterator();
    return new StoreCursor() {
      private @Nullable StoreEntry ahead = advance();

      private @Nullable StoreEntry advance() {
        while (it.hasNext()) {
          Map.Entry<byte[], Slot> e = it.next();
          byte[] value = e.getValue().value;
          if (value != null) {
            return new StoreEntry(e.getKey(), value);
          }
        }
        return null;
      }

      @Override
      public boolean hasNext() {
        return ahead != null;
      }

      @Override
      public StoreEntry next() {
        StoreEntry entry = ahead;
        if (entry == null) {
          throw new NoSuchElementException();
        }
        ahead = advance();
        return entry;
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public void apply(WriteBatch batch) {
    List<WriteBatch.Change> changes = batch.changes();
    int n = changes.size();
    byte[][] keys = new byte[n][];
    int[] hashes = new int[n];
    Slot[] found = new Slot[n];
    // Looked up before the lock, as readers do: the lock then covers only the changes, so a writer
    // preempted while holding it (more client threads than cores) holds the others up for less.
    lookUp(changes, keys, hashes, found);
    if (overwritesOnly(changes, found)) {
      // Nothing in the skip list or the hash index changes: each key keeps its live slot, whose
      // writers the engine serializes (item locks), so the values are set without the lock that
      // every other writer of the store would wait for, above all behind a writer preempted while
      // holding it (more client threads than cores, in process).
      for (int k = 0; k < n; k++) {
        found[k].value = changes.get(k).value();
      }
      return;
    }
    synchronized (applyLock) {
      for (int k = 0; k < n; k++) {
        Slot slot = current(found[k], keys[k], hashes[k]);
        byte[] value = changes.get(k).value();
        if (value == null) {
          if (slot != null) {
            slot.value = null;
            map.remove(keys[k]);
            points.remove(slot);
          }
        } else if (slot != null) {
          slot.value = value;
        } else {
          Slot added = new Slot(keys[k], hashes[k], value);
          map.put(keys[k], added);
          points.add(added);
        }
      }
    }
  }

  /**
   * Fills the keys of the changes, their hashes and their slots (null for a key not found): those
   * this thread's last {@link #getAll} looked up from there, matched in their order and by identity
   * of the arrays (a write's index entries come between its items), the others looked up together.
   */
  private void lookUp(
      List<WriteBatch.Change> changes, byte[][] keys, int[] hashes, @Nullable Slot[] found) {
    Lookup last = lastLookup.get();
    if (last != null) {
      lastLookup.set(null);
    }
    int n = keys.length;
    int[] missing = null;
    int missingCount = 0;
    int next = 0;
    for (int k = 0; k < n; k++) {
      byte[] key = changes.get(k).key();
      keys[k] = key;
      if (last != null && next < last.keys().length && last.keys()[next] == key) {
        hashes[k] = last.hashes()[next];
        found[k] = last.found()[next];
        next++;
      } else {
        hashes[k] = hash(key);
        if (missing == null) {
          missing = new int[n - k];
        }
        missing[missingCount++] = k;
      }
    }
    if (missingCount == n) {
      points.getAll(keys, hashes, found);
    } else if (missingCount > 0) {
      byte[][] someKeys = new byte[missingCount][];
      int[] someHashes = new int[missingCount];
      Slot[] someFound = new Slot[missingCount];
      for (int m = 0; m < missingCount; m++) {
        someKeys[m] = keys[missing[m]];
        someHashes[m] = hashes[missing[m]];
      }
      points.getAll(someKeys, someHashes, someFound);
      for (int m = 0; m < missingCount; m++) {
        found[missing[m]] = someFound[m];
      }
    }
  }

  /**
   * Whether every change puts a value under a key found with a live slot. A slot found live stays
   * its key's until the key is deleted, which takes the key's item lock that the caller holds, or
   * is the erasure of a whole dropped table or index, after which the value set here is in no index
   * and never read: as if the put came first.
   */
  private static boolean overwritesOnly(List<WriteBatch.Change> changes, @Nullable Slot[] found) {
    for (int k = 0; k < found.length; k++) {
      Slot slot = found[k];
      if (slot == null || slot.value == null || changes.get(k).value() == null) {
        return false;
      }
    }
    return true;
  }

  /**
   * The slot of a key now, under the apply lock, given the one found before it: that one is still
   * the key's while it holds a value (a slot is emptied only when its key is deleted, and a key put
   * again gets a new slot); without one, a writer may have added the key since.
   */
  private @Nullable Slot current(@Nullable Slot foundBefore, byte[] key, int hash) {
    if (foundBefore != null && foundBefore.value != null) {
      return foundBefore;
    }
    return points.get(key, hash);
  }

  /**
   * Orders as {@link Arrays#compareUnsigned(byte[], byte[])} (the same sign), comparing eight bytes
   * at a time: keys share their leading store id and index number and mostly differ in the
   * partition hash after them, so two or three loads decide.
   */
  static int compareKeys(byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      long x = (long) LONGS.get(a, i);
      long y = (long) LONGS.get(b, i);
      if (x != y) {
        return Long.compareUnsigned(x, y);
      }
    }
    for (; i < n; i++) {
      if (a[i] != b[i]) {
        return (a[i] & 0xFF) - (b[i] & 0xFF);
      }
    }
    return a.length - b.length;
  }

  /** The hash of a key in the hash index: the engine's key hash, which takes eight bytes a step. */
  private static int hash(byte[] key) {
    return (int) KeyCodec.keyHash(key);
  }

  @Override
  public void close() {
    map.clear();
    points.clear();
  }
}
