package dev.dynakit.engine.internal.storage.memory;

import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import org.jspecify.annotations.Nullable;

/**
 * A scan of the memory store at one batch number: walks the partitions that cover its range, in
 * order, each one's keys inside the range, and yields each key whose version at that number holds a
 * value. Runs {@code onDone} once, when closed or exhausted.
 */
final class MemoryCursor implements StoreCursor {
  private final Iterator<Partition> partitions;
  private final byte @Nullable [] from;
  private final byte @Nullable [] to;
  private final boolean reverse;
  private final long seq;
  private Iterator<Map.Entry<byte[], Version>> entries = Collections.emptyIterator();
  private @Nullable Runnable onDone;
  private @Nullable StoreEntry ahead;

  /** Made after the reader registered at {@code seq}, so that it walks the partitions of then. */
  MemoryCursor(
      PartitionMap map,
      byte @Nullable [] fromInclusive,
      byte @Nullable [] toExclusive,
      boolean reverse,
      long seq,
      Runnable onDone) {
    this.partitions = map.covering(fromInclusive, toExclusive, reverse);
    this.from = fromInclusive;
    this.to = toExclusive;
    this.reverse = reverse;
    this.seq = seq;
    this.onDone = onDone;
    this.ahead = advance();
  }

  private @Nullable StoreEntry advance() {
    while (true) {
      while (entries.hasNext()) {
        Map.Entry<byte[], Version> e = entries.next();
        Version v = Version.at(e.getValue(), seq);
        if (v != null && v.value != null) {
          return new StoreEntry(e.getKey(), v.value);
        }
      }
      if (!partitions.hasNext()) {
        close();
        return null;
      }
      // the first and last partitions may hold keys outside the range: every one is clipped
      entries = partitions.next().entries(from, to, reverse);
    }
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
