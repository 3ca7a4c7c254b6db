package dev.dynakit.engine.internal.storage.memory;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The memory store's hash index from key bytes to {@link Slot}s: open addressing with linear
 * probing over two parallel arrays, each position's hash and its slot, kept at most half full
 * (counting positions whose slot was removed) and rebuilt into new arrays when fuller.
 *
 * <p>Why not a {@code ConcurrentHashMap}: a lookup there follows table, node, key object, key bytes
 * and value, five dependent loads that are each a likely cache miss in a large table, and a batch
 * of 25 writes looked its keys up one after the other. Here a lookup reads the position's hash and
 * slot (independent loads), then the slot and its key bytes; {@link #getAll} does each of these
 * steps for all keys of a batch before the next, so that the processor overlaps their misses.
 *
 * <p>Writers ({@link #add}, {@link #remove}) are serialized by the caller, who looks up with {@link
 * #get} like any reader. Readers take no lock: a slot is published (a release store) after its
 * hash, a position never goes back to empty, and a replaced table is never written again, so a
 * reader on either table ends its probe and finds every key that was there before its lookup began.
 */
final class PointIndex {
  private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Slot[].class);

  /** Marks a position whose slot was removed: lookups probe past it, an insert may reuse it. */
  private static final Slot REMOVED = new Slot(new byte[0], 0, new byte[0]);

  private static final int MIN_CAPACITY = 16;

  private static final class Table {
    final int[] hashes;
    final Slot[] slots;
    final int mask;
    // written by writers only
    int occupied;
    int live;

    Table(int capacity) {
      hashes = new int[capacity];
      slots = new Slot[capacity];
      mask = capacity - 1;
    }
  }

  private volatile Table table = new Table(MIN_CAPACITY);

  /** The slot of {@code key} (whose hash is {@code hash}), or null. Safe without a lock. */
  @Nullable Slot get(byte[] key, int hash) {
    return probe(table, key, hash);
  }

  /**
   * Fills {@code found[i]} with the slot of {@code keys[i]} (whose hash is {@code hashes[i]}), or
   * null: the same answers as {@link #get}, found step by step for all keys at once.
   */
  void getAll(byte[][] keys, int[] hashes, @Nullable Slot[] found) {
    Table t = table;
    int n = keys.length;
    // the first slot of each key's chain with the key's hash: the positions of different keys are
    // independent loads
    for (int k = 0; k < n; k++) {
      found[k] = firstWithHash(t, hashes[k]);
    }
    // each slot's key array (the slots of different keys are independent loads), then its bytes,
    // which almost always match; on a collision of hashes, the whole probe
    byte[][] slotKeys = new byte[n][];
    for (int k = 0; k < n; k++) {
      Slot s = found[k];
      if (s != null) {
        slotKeys[k] = s.key;
      }
    }
    for (int k = 0; k < n; k++) {
      if (slotKeys[k] != null && !Arrays.equals(slotKeys[k], keys[k])) {
        found[k] = probe(t, keys[k], hashes[k]);
      }
    }
  }

  private static @Nullable Slot firstWithHash(Table t, int hash) {
    int i = hash & t.mask;
    while (true) {
      Slot s = (Slot) SLOTS.getAcquire(t.slots, i);
      if (s == null) {
        return null;
      }
      if (s != REMOVED && t.hashes[i] == hash) {
        return s;
      }
      i = (i + 1) & t.mask;
    }
  }

  private static @Nullable Slot probe(Table t, byte[] key, int hash) {
    int i = hash & t.mask;
    while (true) {
      Slot s = (Slot) SLOTS.getAcquire(t.slots, i);
      if (s == null) {
        return null;
      }
      if (s != REMOVED && t.hashes[i] == hash && Arrays.equals(s.key, key)) {
        return s;
      }
      i = (i + 1) & t.mask;
    }
  }

  /** Adds a slot whose key the index does not hold; the caller serializes writers. */
  void add(Slot slot) {
    Table t = table;
    if ((t.occupied + 1) * 2 > t.slots.length) {
      t = rebuild(t, t.live + 1);
    }
    int i = slot.hash & t.mask;
    while (true) {
      Slot at = t.slots[i];
      if (at == null) {
        t.occupied++;
        break;
      }
      if (at == REMOVED) {
        break;
      }
      i = (i + 1) & t.mask;
    }
    t.hashes[i] = slot.hash;
    SLOTS.setRelease(t.slots, i, slot);
    t.live++;
  }

  /** Removes a slot the index holds; the caller serializes writers. */
  void remove(Slot slot) {
    Table t = table;
    int i = slot.hash & t.mask;
    while (true) {
      Slot at = t.slots[i];
      if (at == null) {
        throw new IllegalStateException("the slot to remove is not in the index");
      }
      if (at == slot) {
        SLOTS.setRelease(t.slots, i, REMOVED);
        t.live--;
        return;
      }
      i = (i + 1) & t.mask;
    }
  }

  /** The number of slots held. */
  int size() {
    return table.live;
  }

  /** Removes every slot. */
  void clear() {
    table = new Table(MIN_CAPACITY);
  }

  /**
   * Copies the live slots into a table where they fill at most a quarter and publishes it: the
   * index grows, or sheds the removed positions that made it full.
   */
  private Table rebuild(Table old, int needed) {
    int capacity = Math.max(MIN_CAPACITY, Integer.highestOneBit(needed * 4 - 1) << 1);
    Table fresh = new Table(capacity);
    for (Slot s : old.slots) {
      if (s != null && s != REMOVED) {
        int i = s.hash & fresh.mask;
        while (fresh.slots[i] != null) {
          i = (i + 1) & fresh.mask;
        }
        fresh.hashes[i] = s.hash;
        fresh.slots[i] = s;
      }
    }
    fresh.occupied = old.live;
    fresh.live = old.live;
    table = fresh;
    return fresh;
  }
}
