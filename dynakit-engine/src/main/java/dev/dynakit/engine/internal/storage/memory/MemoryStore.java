package dev.dynakit.engine.internal.storage.memory;

import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import dev.dynakit.engine.storage.WriteBatch;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/** The in-memory store: a concurrent skip list ordered by unsigned bytes. */
public final class MemoryStore implements OrderedStore {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private final ConcurrentSkipListMap<byte[], byte[]> map =
      new ConcurrentSkipListMap<>(MemoryStore::compareKeys);
  private final Object applyLock = new Object();

  @Override
  public byte[] get(byte[] key) {
    return map.get(key);
  }

  @Override
  public StoreCursor scan(byte[] fromInclusive, byte[] toExclusive, boolean reverse) {
    NavigableMap<byte[], byte[]> view = map;
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
    Iterator<Map.Entry<byte[], byte[]>> it =
        reverse ? view.descendingMap().entrySet().iterator() : view.entrySet().iterator();
    return new StoreCursor() {
      @Override
      public boolean hasNext() {
        return it.hasNext();
      }

      @Override
      public StoreEntry next() {
        Map.Entry<byte[], byte[]> e = it.next();
        return new StoreEntry(e.getKey(), e.getValue());
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public void apply(WriteBatch batch) {
    synchronized (applyLock) {
      for (WriteBatch.Change c : batch.changes()) {
        if (c.value() == null) {
          map.remove(c.key());
        } else {
          map.put(c.key(), c.value());
        }
      }
    }
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

  @Override
  public void close() {
    map.clear();
  }
}
