package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDef;
import dev.dynakit.engine.internal.value.AttrValue;
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
 * Records live in memory only: the on-disk store does not keep them.
 */
public final class Streams {
  private final Clock clock;
  private final String region;
  private final StreamSettings settings;
  private final Map<String, TableStream> byArn = new ConcurrentHashMap<>();
  // the stream each table writes into, keyed by the table object (a re-created table is another)
  private final Map<Table, TableStream> current = new ConcurrentHashMap<>();

  public Streams(Clock clock, String region, StreamSettings settings) {
    this.clock = clock;
    this.region = region;
    this.settings = settings;
  }

  /**
   * Records one change of an item; the caller holds the item's lock and has just written it. A
   * change that changes nothing (a delete of a missing item, a put of an identical item) has no
   * record, as in DynamoDB.
   *
   * @param byTtl whether the TTL sweeper made the change (the record names DynamoDB's service)
   */
  public void record(
      Table table,
      Map<String, AttrValue> keys,
      @Nullable Map<String, AttrValue> oldItem,
      @Nullable Map<String, AttrValue> newItem,
      boolean byTtl) {
    TableDef def = table.def();
    if (!def.streamEnabled() || table.streamLabel() == null) {
      return;
    }
    if (oldItem == null ? newItem == null : oldItem.equals(newItem)) {
      return;
    }
    streamOf(table).append(keys, oldItem, newItem, byTtl, clock.instant());
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
        byArn.remove(s.arn(), s);
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
        s = new TableStream(table, label, viewType, clock.instant(), region, settings);
        current.put(table, s);
        byArn.put(s.arn(), s);
      }
      return s;
    }
  }
}
