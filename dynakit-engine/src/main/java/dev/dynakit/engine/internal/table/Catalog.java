package dev.dynakit.engine.internal.table;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The tables of one engine, by name, in name order (as ListTables returns them), and the latency of
 * their status transitions.
 */
public final class Catalog {
  private final ConcurrentSkipListMap<String, Table> tables = new ConcurrentSkipListMap<>();
  private final AtomicLong nextStoreId = new AtomicLong(1);
  private final TableTransitions transitions;

  /** A catalog whose tables change status at once. */
  public Catalog() {
    this(TableTransitions.NONE);
  }

  /** A catalog whose tables pass through CREATING, UPDATING and DELETING as {@code transitions}. */
  public Catalog(TableTransitions transitions) {
    this.transitions = transitions;
  }

  /** How long the tables' status transitions take. */
  public TableTransitions transitions() {
    return transitions;
  }

  /** The table, or a ResourceNotFoundException with DynamoDB's wording. */
  public Table require(String name) {
    Table t = tables.get(name);
    if (t == null) {
      throw EngineException.notFound("Requested resource not found: Table: " + name + " not found");
    }
    return t;
  }

  /** The table, or null. */
  public Table find(String name) {
    return tables.get(name);
  }

  /** Registers a new table, or refuses with ResourceInUseException if the name is taken. */
  public Table create(TableDef def, String status) {
    Table table = new Table(def, nextStoreId.getAndIncrement(), status);
    if (tables.putIfAbsent(def.name(), table) != null) {
      throw new EngineException(ErrorType.RESOURCE_IN_USE, "Table already exists: " + def.name());
    }
    return table;
  }

  public void remove(String name) {
    tables.remove(name);
  }

  /** Removes this very table (not a later one of the same name); returns whether it was there. */
  public boolean remove(String name, Table table) {
    return tables.remove(name, table);
  }

  /** Table names after {@code exclusiveStart} (or from the first), at most {@code limit}. */
  public List<String> names(String exclusiveStart, int limit) {
    var view = exclusiveStart == null ? tables : tables.tailMap(exclusiveStart, false);
    List<String> out = new ArrayList<>(Math.min(limit, view.size()));
    for (String name : view.keySet()) {
      if (out.size() == limit) {
        break;
      }
      out.add(name);
    }
    return out;
  }

  public List<Table> all() {
    return new ArrayList<>(tables.values());
  }
}
