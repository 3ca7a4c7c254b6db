package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableRecords;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import dev.dynakit.engine.storage.WriteBatch;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a store's streams back as an engine opens: each keeps its ARN, label, view type and shards,
 * and its records stay where they are (read from the store as they are asked for).
 *
 * <p>What happens to the shard that was open depends on how the engine stopped. After a clean close
 * every record was stored, the close noted the next sequence number, and the shard stays open and
 * continues with it. After a crash, sequence numbers may have been handed out to writes that never
 * reached the store: the shard is closed at its last stored record (as DynamoDB's shards roll over)
 * and a child shard opens, numbered after every sequence number ever reserved, so no number is
 * handed out twice. A consumer that follows shard lineage reads on without loss or repeat either
 * way.
 *
 * <p>A stream of a table that is gone keeps the table as it was when the stream started (stored
 * with its header), so that it can be described until retention trims it.
 */
final class StreamRecovery {
  private StreamRecovery() {}

  static List<TableStream> load(
      OrderedStore store, List<Table> tables, Clock clock, String region, StreamSettings settings) {
    List<TableStream> out = new ArrayList<>();
    List<StoreEntry> headers = new ArrayList<>();
    try (StoreCursor cursor = store.scan(StreamKeys.headersFrom(), StreamKeys.headersTo(), false)) {
      while (cursor.hasNext()) {
        headers.add(cursor.next());
      }
    }
    for (StoreEntry e : headers) {
      String arn = StreamKeys.arnOfHeader(e.key());
      StreamCodec.Header h = StreamCodec.header(e.value());
      Table table = tableOf(tables, h);
      out.add(restore(store, arn, h, table, clock.instant(), region, settings));
    }
    return out;
  }

  private static Table tableOf(List<Table> tables, StreamCodec.Header h) {
    for (Table t : tables) {
      if (t.def().tableId().equals(h.tableId())) {
        return t;
      }
    }
    return TableRecords.read(h.table());
  }

  private static TableStream restore(
      OrderedStore store,
      String arn,
      StreamCodec.Header h,
      Table table,
      Instant now,
      String region,
      StreamSettings settings) {
    List<Shard> shards = shards(store, arn);
    byte[] stored = store.get(StreamKeys.reservation(arn));
    StreamCodec.Reservation r =
        stored == null
            ? new StreamCodec.Reservation(afterShards(shards), false)
            : StreamCodec.reservation(stored);
    long next = r.reserved();
    WriteBatch batch = new WriteBatch();
    for (int i = 0; i < shards.size(); i++) {
      Shard s = shards.get(i);
      if (!s.open()) {
        continue;
      }
      if (i < shards.size() - 1) {
        // a shard a child follows ends before it (not left by this engine, but harmless to mend)
        s.closeAt(shards.get(i + 1).start() - 1, shards.get(i + 1).openedAt());
      } else if (r.clean()) {
        // past a record a write racing the close may have stored after the note
        next = Math.max(next, lastStored(store, arn, s.start(), Long.MAX_VALUE) + 1);
        s.continueAt(next);
        continue;
      } else {
        s.closeAt(Math.max(s.start(), lastStored(store, arn, s.start(), next)), now);
      }
      batch.put(StreamKeys.shard(arn, s.start()), StreamCodec.shard(s));
    }
    for (Shard s : shards) {
      retainFromFirstStored(store, arn, s);
    }
    // from now on a crash is noticed again: the next sequence number is no longer noted
    batch.put(
        StreamKeys.reservation(arn),
        StreamCodec.reservation(new StreamCodec.Reservation(next, false)));
    store.apply(batch);
    return new TableStream(
        table, h.label(), h.viewType(), h.createdAt(), region, settings, store, shards, next, next);
  }

  private static List<Shard> shards(OrderedStore store, String arn) {
    List<Shard> out = new ArrayList<>();
    try (StoreCursor cursor =
        store.scan(StreamKeys.shard(arn, 0), StreamKeys.shard(arn, Long.MAX_VALUE), false)) {
      while (cursor.hasNext()) {
        out.add(StreamCodec.shard(cursor.next().value()));
      }
    }
    return out;
  }

  /** Past every shard's start and end, for a store without a reservation (never left so). */
  private static long afterShards(List<Shard> shards) {
    long after = 1;
    for (Shard s : shards) {
      after = Math.max(after, Math.max(s.start(), s.end()) + 1);
    }
    return after;
  }

  /** The sequence number of a shard's last stored record below {@code to}, or -1. */
  private static long lastStored(OrderedStore store, String arn, long start, long to) {
    try (StoreCursor cursor =
        store.scan(StreamKeys.record(arn, start + 1), StreamKeys.record(arn, to), true)) {
      return cursor.hasNext() ? StreamKeys.number(cursor.next().key()) : -1;
    }
  }

  private static void retainFromFirstStored(OrderedStore store, String arn, Shard s) {
    try (StoreCursor cursor =
        store.scan(
            StreamKeys.record(arn, s.firstRetained()), StreamKeys.record(arn, s.next()), false)) {
      if (cursor.hasNext()) {
        StoreEntry e = cursor.next();
        s.retainFrom(StreamKeys.number(e.key()), StreamCodec.createdAt(e.value()));
      } else {
        s.retainFrom(s.next(), null);
      }
    }
  }
}
