package dev.dynakit.engine;

import dev.dynakit.engine.storage.ForwardingStore;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.Snapshot;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A store that passes every call to another and counts what it was asked: entries read through
 * cursors, the most entries one cursor gave, point reads, and the size of every batch applied by a
 * thread the test picks (by its name). Tests use it to see how much of the store an operation
 * touches.
 */
public final class CountingStore extends ForwardingStore {
  private final AtomicLong cursorEntries = new AtomicLong();
  private final AtomicLong mostPerCursor = new AtomicLong();
  private final AtomicLong pointReads = new AtomicLong();
  private final List<Integer> batches = new CopyOnWriteArrayList<>();
  private volatile Predicate<String> batchThreads = name -> false;

  public CountingStore(OrderedStore inner) {
    super(inner);
  }

  /** Entries read through every cursor since the last {@link #reset}. */
  public long cursorEntries() {
    return cursorEntries.get();
  }

  /** The most entries a single cursor gave since the last {@link #reset}. */
  public long mostPerCursor() {
    return mostPerCursor.get();
  }

  /** Keys read by {@link #get} and {@link #getAll} since the last {@link #reset}. */
  public long pointReads() {
    return pointReads.get();
  }

  /** The number of changes of each batch applied by a thread whose name {@code threads} accepts. */
  public List<Integer> batchesOf(Predicate<String> threads) {
    batchThreads = threads;
    return batches;
  }

  public void reset() {
    cursorEntries.set(0);
    mostPerCursor.set(0);
    pointReads.set(0);
    batches.clear();
  }

  @Override
  public byte @Nullable [] get(byte[] key) {
    pointReads.incrementAndGet();
    return inner.get(key);
  }

  @Override
  public byte[] @Nullable [] getAll(byte[][] keys) {
    pointReads.addAndGet(keys.length);
    return inner.getAll(keys);
  }

  @Override
  public StoreCursor scan(byte @Nullable [] from, byte @Nullable [] to, boolean reverse) {
    return counted(inner.scan(from, to, reverse));
  }

  /** The store's snapshot, whose reads are counted as the store's. */
  @Override
  public Snapshot snapshot() {
    Snapshot snapshot = inner.snapshot();
    return new Snapshot() {
      @Override
      public byte @Nullable [] get(byte[] key) {
        pointReads.incrementAndGet();
        return snapshot.get(key);
      }

      @Override
      public StoreCursor scan(byte @Nullable [] from, byte @Nullable [] to, boolean reverse) {
        return counted(snapshot.scan(from, to, reverse));
      }

      @Override
      public void close() {
        snapshot.close();
      }
    };
  }

  private StoreCursor counted(StoreCursor cursor) {
    return new StoreCursor() {
      private long given;

      @Override
      public boolean hasNext() {
        return cursor.hasNext();
      }

      @Override
      public StoreEntry next() {
        StoreEntry e = cursor.next();
        cursorEntries.incrementAndGet();
        given++;
        mostPerCursor.accumulateAndGet(given, Math::max);
        return e;
      }

      @Override
      public void close() {
        cursor.close();
      }
    };
  }

  @Override
  public void apply(WriteBatch batch) {
    if (batchThreads.test(Thread.currentThread().getName())) {
      batches.add(batch.changes().size());
    }
    inner.apply(batch);
  }
}
