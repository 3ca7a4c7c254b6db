package dev.dynakit.engine.internal.batch;

import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.index.WriteEffects;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sums the write units of the writes of a multi-item request per table (and per index of each
 * table), for the list of ConsumedCapacity entries that BatchWriteItem and TransactWriteItems
 * return, one per table in the order the tables first appear.
 */
public final class WriteCapacity {
  /** The units of one table: its own and those of its indices. */
  private static final class TableUnits {
    double table;
    final Map<String, Double> global = new LinkedHashMap<>();
    final Map<String, Double> local = new LinkedHashMap<>();
  }

  private final double tableFactor;
  private final Capacity.Split split;
  private final Map<String, TableUnits> tables = new LinkedHashMap<>();

  private WriteCapacity(double tableFactor, Capacity.Split split) {
    this.tableFactor = tableFactor;
    this.split = split;
  }

  /** The capacity of plain writes (BatchWriteItem): a unit each, reported as CapacityUnits. */
  public static WriteCapacity plain() {
    return new WriteCapacity(1, Capacity.Split.NONE);
  }

  /**
   * The capacity of a transaction's writes, reported as write units too: two units each in the
   * table, while an index costs what the same write costs outside a transaction.
   */
  public static WriteCapacity transactional() {
    return new WriteCapacity(2, Capacity.Split.WRITE);
  }

  /** Adds one write: the table's units and what it cost in the table's indices. */
  public void add(String tableName, double tableUnits, WriteEffects effects) {
    TableUnits t = tables.computeIfAbsent(tableName, n -> new TableUnits());
    t.table += tableFactor * tableUnits;
    effects.globalIndexUnits().forEach((index, u) -> t.global.merge(index, u, Double::sum));
    effects.localIndexUnits().forEach((index, u) -> t.local.merge(index, u, Double::sum));
  }

  /** The ConsumedCapacity list. */
  public List<Object> consumed(Capacity.Mode mode) {
    List<Object> out = new ArrayList<>(tables.size());
    tables.forEach(
        (name, t) -> out.add(Capacity.consumed(mode, name, t.table, t.global, t.local, split)));
    return out;
  }
}
