package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDef;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.WriteBatch;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The streams of one engine, by ARN. A table's stream is created when its first change is recorded
 * or when the streams are listed, whichever comes first, from the label the control plane gave the
 * table when it enabled the stream; a stream whose table no longer writes into it (disabled,
 * re-enabled under a new label, or the table deleted) stays readable until retention trims it.
 *
 * <p>Streams live in the engine's store (see {@link StreamKeys}): a change's record is written in
 * the change's own batch, so an acknowledged write has its record, and GetRecords reads records
 * from the store. An engine opening a store finds its streams again ({@link StreamRecovery}).
 */
public final class Streams {
  private final Clock clock;
  private final String region;
  private final StreamSettings settings;
  private final OrderedStore store;
  private final Map<String, TableStream> byArn = new ConcurrentHashMap<>();
  // the stream each table writes into, keyed by the table object (a re-created table is another)
  private final Map<Table, TableStream> current = new ConcurrentHashMap<>();

  /** The streams kept in {@code store}, none yet: see {@link #open} for a store's own. */
  public Streams(Clock clock, String region, StreamSettings settings, OrderedStore store) {
    this.clock = clock;
    this.region = region;
    this.settings = settings;
    this.store = store;
  }

  /** The streams {@code store} holds, of the tables in {@code tables} (and of deleted ones). */
  public static Streams open(
      Clock clock,
      String region,
      StreamSettings settings,
      OrderedStore store,
      List<Table> tables,
      java.util.function.Predicate<Table> live) {
    Streams streams = new Streams(clock, region, settings, store);
    for (TableStream s : StreamRecovery.load(store, tables, clock, region, settings)) {
      streams.byArn.put(s.arn(), s);
      if (s.label().equals(s.table().streamLabel()) && live.test(s.table())) {
        streams.current.put(s.table(), s);
      }
    }
    return streams;
  }

  /**
   * Notes in the store that every stream closes with all its records stored (the engine closes), so
   * that the next open continues each open shard.
   */
  public void close() {
    for (TableStream s : byArn.values()) {
      s.closeCleanly();
    }
  }

  /**
   * Puts the record of one change of an item in {@code batch}, the batch that makes the change; the
   * caller holds the item's lock, applies the batch, then publishes the record (applied or not). A
   * change that changes nothing (a delete of a missing item, a put of an identical item) has no
   * record, as in DynamoDB.
   *
   * @param byTtl whether the TTL sweeper made the change (the record names DynamoDB's service)
   * @return the record to publish, or null when there is none
   */
  public @Nullable PendingRecord record(
      Table table,
      Map<String, AttrValue> keys,
      @Nullable Map<String, AttrValue> oldItem,
      @Nullable Map<String, AttrValue> newItem,
      boolean byTtl,
      WriteBatch batch) {
    TableDef def = table.def();
    if (!def.streamEnabled() || table.streamLabel() == null) {
      return null;
    }
    if (oldItem == null ? newItem == null : oldItem.equals(newItem)) {
      return null;
    }
    return streamOf(table).append(keys, oldItem, newItem, byTtl, clock.instant(), batch);
  }

  /** Makes sure every table with an enabled stream has its stream (before listing them). */
  void adopt(List<Table> tables) {
    for (Table t : tables) {
      if (t.def().streamEnabled() && t.streamLabel() != null) {
        streamOf(t);
      }
    }
  }

  /** Every stream still readable, oldest first; {@code live} tells whether a table still exists. */
  List<TableStream> all(java.util.function.Predicate<Table> live) {
    List<TableStream> out = new ArrayList<>();
    for (TableStream s : byArn.values()) {
      boolean enabled = s.enabled(live.test(s.table()));
      if (s.gone(clock.instant(), enabled)) {
        if (byArn.remove(s.arn(), s)) {
          s.forget();
        }
        current.remove(s.table(), s);
      } else {
        out.add(s);
      }
    }
    out.sort(
        java.util.Comparator.comparing(TableStream::createdAt).thenComparing(TableStream::arn));
    return out;
  }

  @Nullable TableStream find(String arn) {
    return byArn.get(arn);
  }

  Clock clock() {
    return clock;
  }

  private TableStream streamOf(Table table) {
    String label = table.streamLabel();
    TableStream s = current.get(table);
    if (s != null && s.label().equals(label)) {
      return s;
    }
    synchronized (current) {
      s = current.get(table);
      if (s == null || !s.label().equals(label)) {
        String viewType = (String) table.def().streamSpecification().get("StreamViewType");
        s = TableStream.create(table, label, viewType, clock.instant(), region, settings, store);
        current.put(table, s);
        byArn.put(s.arn(), s);
      }
      return s;
    }
  }
}
