package dev.dynakit.engine.internal.table;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The tables of one engine, by name, in name order (as ListTables returns them), and the latency of
 * their status transitions. With a journal (an on-disk engine), the catalog starts from the tables
 * the journal stored and keeps it up to date (see {@link CatalogJournal}).
 */
public final class Catalog {
  private final ConcurrentSkipListMap<String, Table> tables = new ConcurrentSkipListMap<>();
  private final AtomicLong nextStoreId = new AtomicLong(1);
  private final TableTransitions transitions;
  private final @Nullable CatalogJournal journal;

  /** An empty catalog, kept in memory only, whose tables change status at once. */
  public Catalog() {
    this(TableTransitions.NONE);
  }

  /** An empty catalog kept in memory only, whose tables change status as {@code transitions}. */
  public Catalog(TableTransitions transitions) {
    this.transitions = transitions;
    this.journal = null;
  }

  /** The catalog the journal stored, kept in it from now on. */
  public Catalog(CatalogJournal journal, TableTransitions transitions) {
    this.transitions = transitions;
    this.journal = journal;
    CatalogJournal.Loaded loaded = journal.load();
    for (Table t : loaded.tables()) {
      tables.put(t.name(), t);
    }
    nextStoreId.set(loaded.nextStoreId());
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
    if (journal != null) {
      try {
        journal.created(table, nextStoreId.get());
      } catch (RuntimeException e) {
        tables.remove(def.name(), table);
        throw e;
      }
    }
    return table;
  }

  /**
   * Removes this very table (not a later one of the same name); returns whether it was there. With
   * a journal, its record is gone when this returns: erase its data only afterwards.
   */
  public boolean remove(String name, Table table) {
    if (!tables.remove(name, table)) {
      return false;
    }
    if (journal != null) {
      journal.removed(table);
    }
    return true;
  }

  /**
   * Saves the tables changed since the last save, when the catalog has a journal; the engine calls
   * it after every control-plane request that may have changed a table, before it answers.
   */
  public void persist() {
    if (journal != null) {
      journal.saveChanged(this::all);
    }
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
