package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemSize;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import dev.dynakit.engine.storage.WriteBatch;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * One stream of one table, from the time it was enabled: its shards, oldest first, of which only
 * the last may be open, and its records in the store. Every method that changes the stream holds
 * its lock, so appends (made under item locks) hand out sequence numbers in one order.
 *
 * <p>A record goes to the store in the batch of the change it records ({@link #append}), so a
 * change and its record are stored together or not at all. Until that batch is applied its sequence
 * number is <em>in flight</em>: readers see records only below the lowest one in flight, so a
 * reader never steps past a record that is stored later. Shard openings and closings, and the
 * reservation of sequence numbers (in blocks, so that a restart never hands one out twice), are
 * stored at once, before any record that depends on them, and change the stream in memory only once
 * stored ({@link StreamStep}): a store write that fails leaves the stream as the store has it.
 * Trims of old records ride in a change's batch and count once it is stored ({@link PendingTrims}).
 */
final class TableStream {
  private final Table table;
  private final String arn;
  private final String label;
  private final String viewType;
  private final Instant createdAt;
  private final String region;
  private final StreamSettings settings;
  private final OrderedStore store;
  private final List<Shard> shards;
  private final TreeSet<Long> inFlight = new TreeSet<>();
  private final PendingTrims pendingTrims = new PendingTrims();
  private long nextSequence;
  private long reserved;
  // sequence numbers from each shard's trim horizon to its next: the records the stream holds
  private long retained;

  /** A stream as it stands (new, or read back from the store), shards oldest first. */
  TableStream(
      Table table,
      String label,
      String viewType,
      Instant createdAt,
      String region,
      StreamSettings settings,
      OrderedStore store,
      List<Shard> shards,
      long nextSequence,
      long reserved) {
    this.table = table;
    this.arn = arnOf(table, label);
    this.label = label;
    this.viewType = viewType;
    this.createdAt = createdAt;
    this.region = region;
    this.settings = settings;
    this.store = store;
    this.shards = new ArrayList<>(shards);
    this.nextSequence = nextSequence;
    this.reserved = reserved;
    for (Shard s : shards) {
      retained += s.next() - s.firstRetained();
    }
  }

  /** A new stream of {@code table}: its header and first shard are stored when this returns. */
  static TableStream create(
      Table table,
      String label,
      String viewType,
      Instant createdAt,
      String region,
      StreamSettings settings,
      OrderedStore store) {
    TableStream s =
        new TableStream(
            table, label, viewType, createdAt, region, settings, store, List.of(), 1, 1);
    StreamStep step = new StreamStep(s.arn, 1, 1);
    step.batch()
        .put(
            StreamKeys.header(s.arn),
            StreamCodec.header(
                new StreamCodec.Header(
                    label,
                    viewType,
                    createdAt,
                    table.def().tableId(),
                    dev.dynakit.engine.internal.table.TableRecords.write(table))));
    s.openShard(null, createdAt, step);
    s.write(step);
    return s;
  }

  static String arnOf(Table table, String label) {
    return table.def().arn() + "/stream/" + label;
  }

  Table table() {
    return table;
  }

  String arn() {
    return arn;
  }

  String label() {
    return label;
  }

  String viewType() {
    return viewType;
  }

  Instant createdAt() {
    return createdAt;
  }

  StreamSettings settings() {
    return settings;
  }

  /** Whether the table still writes into this stream (not disabled, replaced or deleted). */
  boolean enabled(boolean tableLive) {
    return tableLive && table.def().streamEnabled() && label.equals(table.streamLabel());
  }

  /**
   * Adds the record of one change to {@code batch}, the change's own; the caller holds the item's
   * lock, applies the batch, and then (applied or not) publishes the record.
   */
  synchronized PendingRecord append(
      Map<String, AttrValue> keys,
      @Nullable Map<String, AttrValue> oldItem,
      @Nullable Map<String, AttrValue> newItem,
      boolean byTtl,
      Instant now,
      WriteBatch batch) {
    // trims by time ride in the change's batch, and count once it is stored
    List<Trim> trims = new ArrayList<>(0);
    StreamStep step = maintain(now, true, trims);
    long sequence = step.take();
    write(step);
    trims.forEach(pendingTrims::add);
    Shard open = shards.get(shards.size() - 1);
    open.take(now);
    String eventName = oldItem == null ? "INSERT" : newItem == null ? "REMOVE" : "MODIFY";
    long size = ItemSize.itemSize(keys);
    Map<String, AttrValue> newImage =
        newItem != null && (viewType.equals("NEW_IMAGE") || viewType.equals("NEW_AND_OLD_IMAGES"))
            ? newItem
            : null;
    Map<String, AttrValue> oldImage =
        oldItem != null && (viewType.equals("OLD_IMAGE") || viewType.equals("NEW_AND_OLD_IMAGES"))
            ? oldItem
            : null;
    size += newImage == null ? 0 : ItemSize.itemSize(newImage);
    size += oldImage == null ? 0 : ItemSize.itemSize(oldImage);
    batch.put(
        StreamKeys.record(arn, sequence),
        StreamCodec.record(now, byTtl, eventName, size, keys, newImage, oldImage));
    inFlight.add(sequence);
    retained++;
    long over = retained - pendingTrims.claimed() - settings.maxRecords();
    if (over > 0) {
      trimOldest(over, trims);
    }
    for (Trim t : trims) {
      t.addTo(arn, batch);
    }
    return new PendingRecord(this, sequence, trims);
  }

  /**
   * The batch of a record's change was applied, or failed: readers may pass its number, and the
   * trims in that batch move their shards' horizons (applied) or are left to a later trim.
   */
  synchronized void published(long sequence, boolean applied, List<Trim> trims) {
    inFlight.remove(sequence);
    retained -= pendingTrims.settle(trims, applied);
  }

  /** The retained shards, oldest first, after rolling over and trimming as of {@code now}. */
  synchronized List<Shard> shards(Instant now, boolean enabled) {
    write(maintain(now, enabled, null));
    return List.copyOf(shards);
  }

  /** The retained shard with this id, or null. */
  synchronized @Nullable Shard shard(String shardId, Instant now, boolean enabled) {
    write(maintain(now, enabled, null));
    for (Shard s : shards) {
      if (s.id().equals(shardId)) {
        return s;
      }
    }
    return null;
  }

  /**
   * Reads up to {@code limit} records of a shard from the store, from sequence number {@code from}
   * on: the records and where the shard continues after them. The bounds are taken under the lock;
   * the store is read outside it, so readers never hold up writers.
   */
  Read read(Shard shard, long from, int limit) {
    Bounds bounds = bounds(shard);
    long cap = bounds.shardNext();
    List<StreamRecord> records = new ArrayList<>();
    if (from < cap) {
      try (StoreCursor cursor =
          store.scan(StreamKeys.record(arn, from), StreamKeys.record(arn, cap), false)) {
        while (records.size() < limit && cursor.hasNext()) {
          StoreEntry e = cursor.next();
          records.add(StreamCodec.record(StreamKeys.number(e.key()), e.value(), viewType, region));
        }
      }
    }
    long next =
        records.size() == limit
            ? records.get(records.size() - 1).sequence() + 1
            : Math.max(from, cap);
    boolean ended = bounds.closed() && next > bounds.end();
    return new Read(records, next, ended, bounds.firstRetained());
  }

  /** A shard's bounds as of now, taken under the lock. */
  synchronized Bounds bounds(Shard shard) {
    long cap = Math.min(shard.next(), visibleNext());
    return new Bounds(shard.firstRetained(), cap, !shard.open(), shard.end());
  }

  /**
   * Where a shard's records start (its trim horizon), the sequence number below which they are
   * readable (no lower one in flight), whether it is closed, and its ending sequence number.
   */
  record Bounds(long firstRetained, long shardNext, boolean closed, long end) {}

  /** A read: records, the next position, whether the closed shard is read to its end. */
  record Read(List<StreamRecord> records, long next, boolean ended, long firstRetained) {}

  /** Whether nothing is left to read: the stream is disabled and every shard is trimmed away. */
  synchronized boolean gone(Instant now, boolean enabled) {
    write(maintain(now, enabled, null));
    return shards.isEmpty();
  }

  /** Deletes the stream's header and reservation from the store (it is gone). */
  void forget() {
    store.apply(
        new WriteBatch().delete(StreamKeys.header(arn)).delete(StreamKeys.reservation(arn)));
  }

  /**
   * Notes in the store that the engine closes with every record stored, so that the next open
   * continues the open shard instead of closing it.
   */
  synchronized void closeCleanly() {
    if (inFlight.isEmpty()) {
      store.apply(
          new WriteBatch()
              .put(
                  StreamKeys.reservation(arn),
                  StreamCodec.reservation(new StreamCodec.Reservation(nextSequence, true))));
      // a read that still rolls a shard over before the store closes (reads take no item locks)
      // then reserves anew, which replaces the note: the next open treats it as a crash and
      // numbers past it, instead of continuing a shard that starts at the noted number
      reserved = nextSequence;
    }
  }

  private long visibleNext() {
    return inFlight.isEmpty() ? nextSequence : inFlight.first();
  }

  /** Stores a step's batch, then (only then) changes the stream in memory as it says. */
  private void write(StreamStep step) {
    if (!step.batch().isEmpty()) {
      store.apply(step.batch());
    }
    nextSequence = step.next();
    reserved = step.reserved();
    step.stored();
  }

  /**
   * Works out a step that rolls the open shard over (or closes it when the stream is disabled),
   * trims records past the retention and forgets shards trimmed away, none of it stored yet. Trims
   * go to {@code changeTrims} when given (they ride in a change's batch), into the step otherwise.
   */
  private StreamStep maintain(Instant now, boolean enabled, @Nullable List<Trim> changeTrims) {
    StreamStep step = new StreamStep(arn, nextSequence, reserved);
    pendingTrims.redoIn(arn, step);
    Shard open = shards.isEmpty() ? null : shards.get(shards.size() - 1);
    if (enabled && (open == null || !open.open())) {
      // a stream written into always has an open shard: after a restart that closed the one
      // open at a crash, its child opens here
      openShard(open == null ? null : open.id(), now, step);
    } else if (open != null && open.open()) {
      boolean full =
          open.size() >= settings.shardRecords()
              || !open.openedAt().plus(settings.shardAge()).isAfter(now);
      if (!enabled || full) {
        step.batch()
            .put(StreamKeys.shard(arn, open.start()), StreamCodec.shard(open.closedAs(now)));
        step.then(() -> open.close(now));
        if (enabled) {
          openShard(open.id(), now, step);
        }
      }
    }
    Instant horizon = now.minus(settings.retention());
    for (Shard s : shards) {
      Instant oldest = s.oldestAt();
      long first = s.firstRetained();
      if (oldest != null && !oldest.isAfter(horizon)) {
        Trim t = trimBefore(s, horizon);
        if (changeTrims != null) {
          changeTrims.add(t);
        } else {
          t.addTo(arn, step.batch());
          step.then(() -> retained -= t.apply());
          first = Math.max(first, t.to());
        }
      }
      // a trim riding in a change's batch counts only once that is stored
      if (!s.open() && first > s.end() && s.closedAt() != null && !s.closedAt().isAfter(horizon)) {
        step.batch().delete(StreamKeys.shard(arn, s.start()));
        step.then(() -> shards.remove(s));
      }
    }
    return step;
  }

  /** The trim of a shard's records made at or before {@code horizon}. */
  private Trim trimBefore(Shard s, Instant horizon) {
    long from = pendingTrims.horizon(s);
    long limit = Math.min(s.next(), visibleNext());
    long first = Math.max(from, limit);
    // none left that is stored; MIN (look again) while some of the shard's are in flight
    Instant at = limit < s.next() ? Instant.MIN : null;
    if (from < limit) {
      try (StoreCursor cursor =
          store.scan(StreamKeys.record(arn, from), StreamKeys.record(arn, limit), false)) {
        while (cursor.hasNext()) {
          StoreEntry e = cursor.next();
          Instant made = StreamCodec.createdAt(e.value());
          if (made.isAfter(horizon)) {
            first = StreamKeys.number(e.key());
            at = made;
            break;
          }
        }
      }
    }
    return new Trim(s, from, first, at, false);
  }

  /**
   * Trims the {@code count} oldest sequence numbers' records (beyond the stream's maximum) in the
   * change's batch, without reading the store: the shards keep the time of their oldest record they
   * knew, a lower bound ({@link Trim}).
   */
  private void trimOldest(long count, List<Trim> trims) {
    long left = count;
    for (int i = 0; i < shards.size() && left > 0; i++) {
      Shard s = shards.get(i);
      long first = pendingTrims.horizon(s);
      long n = Math.min(left, Math.min(s.next(), visibleNext()) - first);
      if (n <= 0) {
        continue;
      }
      Trim t = new Trim(s, first, first + n, null, true);
      trims.add(t);
      pendingTrims.add(t);
      left -= n;
    }
  }

  private void openShard(@Nullable String parentId, Instant now, StreamStep step) {
    long start = step.take();
    String id =
        String.format(
            "shardId-%020d-%08x", now.toEpochMilli(), (arn.hashCode() * 31 + (int) start));
    Shard s = new Shard(id, parentId, start, now);
    step.batch().put(StreamKeys.shard(arn, start), StreamCodec.shard(s));
    step.then(() -> shards.add(s));
  }
}
