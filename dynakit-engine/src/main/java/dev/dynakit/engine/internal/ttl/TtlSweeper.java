package dev.dynakit.engine.internal.ttl;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.item.HeldLocks;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.item.KeyFactory;
import dev.dynakit.engine.internal.item.PrimaryKey;
import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * Deletes expired items, as DynamoDB's TTL process does: an item expires when its TTL attribute is
 * a number of epoch seconds before now (by the engine's clock) but not more than five years before;
 * DynamoDB leaves items with any other value, or an older one, alone. Each sweep walks the base
 * table of every TTL-enabled table; each delete runs under the item's lock, re-checks the item it
 * finds there and goes through {@link ItemStore#write}, so indices follow.
 *
 * <p>{@link #start} runs sweeps on one daemon thread at a fixed interval until {@link #close}.
 */
public final class TtlSweeper implements AutoCloseable {
  private static final int MAX_AGE_YEARS = 5;

  private final EngineState state;
  private final @Nullable ScheduledExecutorService executor;
  private final AtomicReference<@Nullable Thread> thread;

  private TtlSweeper(
      EngineState state,
      @Nullable ScheduledExecutorService executor,
      AtomicReference<@Nullable Thread> thread) {
    this.state = state;
    this.executor = executor;
    this.thread = thread;
  }

  /** A sweeper that only sweeps when asked ({@link #sweep}). */
  public static TtlSweeper manual(EngineState state) {
    return new TtlSweeper(state, null, new AtomicReference<>());
  }

  /** Starts sweeping every {@code interval} on a daemon thread. */
  public static TtlSweeper start(EngineState state, Duration interval) {
    AtomicReference<@Nullable Thread> thread = new AtomicReference<>();
    ScheduledExecutorService executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "dynakit-ttl-sweeper");
              t.setDaemon(true);
              thread.set(t);
              return t;
            });
    TtlSweeper sweeper = new TtlSweeper(state, executor, thread);
    long nanos = interval.toNanos();
    executor.scheduleWithFixedDelay(sweeper::sweepQuietly, nanos, nanos, TimeUnit.NANOSECONDS);
    return sweeper;
  }

  /** Runs one sweep over every TTL-enabled table; returns the number of items deleted. */
  public int sweep() {
    int deleted = 0;
    for (Table table : state.catalog().all()) {
      String attribute = table.ttlAttribute();
      if (table.ttlEnabled() && attribute != null) {
        deleted += sweep(table, attribute);
      }
    }
    return deleted;
  }

  private void sweepQuietly() {
    try {
      sweep();
    } catch (RuntimeException e) {
      // A failed sweep (a table dropped under it, a closed store) is retried at the next tick;
      // an exception escaping here would cancel every later sweep.
    }
  }

  private int sweep(Table table, String attribute) {
    byte[][] range = KeyCodec.indexRange(table.storeId(), 0);
    int deleted = 0;
    try (StoreCursor cursor = state.store().scan(range[0], range[1], false)) {
      while (cursor.hasNext() && !Thread.currentThread().isInterrupted()) {
        StoreEntry entry = cursor.next();
        Map<String, AttrValue> item = ItemCodec.decode(entry.value());
        if (expired(item.get(attribute)) && delete(table, attribute, item)) {
          deleted++;
        }
      }
    }
    return deleted;
  }

  /** Deletes the item if, under its lock, it is still there and still expired. */
  private boolean delete(Table table, String attribute, Map<String, AttrValue> seen) {
    if (state.catalog().find(table.name()) != table || !attribute.equals(table.ttlAttribute())) {
      return false;
    }
    PrimaryKey key = KeyFactory.fromItem(table, seen);
    ItemStore items = state.items();
    try (HeldLocks held = items.lock(key)) {
      Map<String, AttrValue> current = items.read(key);
      if (current == null || !expired(current.get(attribute))) {
        return false;
      }
      // DynamoDB's TTL deletions consume no capacity, are never throttled, and are the service's
      items.expire(table, key, current);
      return true;
    }
  }

  private boolean expired(@Nullable AttrValue value) {
    if (!(value instanceof AttrValue.N n)) {
      return false;
    }
    Instant now = state.clock().instant();
    BigDecimal expiry = n.value();
    BigDecimal nowSeconds = BigDecimal.valueOf(now.getEpochSecond());
    BigDecimal oldest =
        BigDecimal.valueOf(now.atOffset(ZoneOffset.UTC).minusYears(MAX_AGE_YEARS).toEpochSecond());
    return expiry.compareTo(nowSeconds) < 0 && expiry.compareTo(oldest) >= 0;
  }

  /**
   * Stops the background sweeps, ending a sweep under way after its current item, and returns once
   * the sweeper thread has ended.
   */
  @Override
  public void close() {
    if (executor != null) {
      executor.shutdownNow();
      try {
        executor.awaitTermination(10, TimeUnit.SECONDS);
        // The executor counts as terminated while its last worker is still leaving run(); a
        // caller that closed the engine must not find the thread alive afterwards.
        Thread worker = thread.get();
        if (worker != null) {
          worker.join(TimeUnit.SECONDS.toMillis(10));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
