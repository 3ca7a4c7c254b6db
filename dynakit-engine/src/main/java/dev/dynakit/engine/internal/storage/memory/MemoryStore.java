package dev.dynakit.engine.internal.storage.memory;

import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/** The in-memory store: a concurrent skip list ordered by unsigned bytes. */
public final class MemoryStore implements OrderedStore {
  private final ConcurrentSkipListMap<byte[], byte[]> map =
      new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
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

  @Override
  public void close() {
    map.clear();
  }
}
