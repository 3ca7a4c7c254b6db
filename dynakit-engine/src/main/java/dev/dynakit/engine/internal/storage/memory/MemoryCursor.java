package dev.dynakit.engine.internal.storage.memory;

import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import org.jspecify.annotations.Nullable;

/**
 * A scan of the memory store at one batch number: walks the skip list's range and yields each key
 * whose version at that number holds a value. Runs {@code onDone} once, when closed or exhausted.
 */
final class MemoryCursor implements StoreCursor {
  private final Iterator<Map.Entry<byte[], Version>> it;
  private final long seq;
  private @Nullable Runnable onDone;
  private @Nullable StoreEntry ahead;

  MemoryCursor(
      NavigableMap<byte[], Version> map,
      byte @Nullable [] fromInclusive,
      byte @Nullable [] toExclusive,
      boolean reverse,
      long seq,
      Runnable onDone) {
    NavigableMap<byte[], Version> view = range(map, fromInclusive, toExclusive);
    this.it = (reverse ? view.descendingMap() : view).entrySet().iterator();
    this.seq = seq;
    this.onDone = onDone;
    this.ahead = advance();
  }

  private static NavigableMap<byte[], Version> range(
      NavigableMap<byte[], Version> map, byte @Nullable [] from, byte @Nullable [] to) {
    if (from != null && to != null) {
      // an empty or inverted range: a view of no keys (subMap refuses inverted bounds)
      byte[] end = Arrays.compareUnsigned(from, to) >= 0 ? from : to;
      return map.subMap(from, true, end, false);
    }
    if (from != null) {
      return map.tailMap(from, true);
    }
    return to != null ? map.headMap(to, false) : map;
  }

  private @Nullable StoreEntry advance() {
    while (it.hasNext()) {
      Map.Entry<byte[], Version> e = it.next();
      Version v = Version.at(e.getValue(), seq);
      if (v != null && v.value != null) {
        return new StoreEntry(e.getKey(), v.value);
      }
    }
    close();
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
  public void close() {
    Runnable done = onDone;
    if (done != null) {
      onDone = null;
      done.run();
    }
  }
}
