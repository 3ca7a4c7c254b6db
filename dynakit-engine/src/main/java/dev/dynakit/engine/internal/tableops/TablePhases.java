package dev.dynakit.engine.internal.tableops;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.IndexLifecycle;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDef;
import dev.dynakit.engine.internal.table.TableTransitions;
import java.util.ArrayList;
import java.util.List;

/**
 * The phases UpdateTable and DeleteTable put a table through when the engine has a table latency
 * ({@link TableTransitions}): UPDATING (a new GSI CREATING, a deleted one DELETING) or DELETING for
 * the latency, then the end of the change. Also what ends an index change, with or without latency:
 * the deleted index's entries dropped, the new one's backfill started.
 */
final class TablePhases {
  private TablePhases() {}

  /**
   * Refuses a change to a table that is still CREATING, UPDATING or DELETING, with DynamoDB's
   * ResourceInUseException.
   */
  static void requireActive(Table table) {
    String doing =
        switch (table.status()) {
          case "CREATING" -> "created";
          case "UPDATING" -> "updated";
          case "DELETING" -> "deleted";
          default -> null;
        };
    if (doing != null) {
      throw new EngineException(
          ErrorType.RESOURCE_IN_USE,
          "Attempt to change a resource which is still in use: Table is being "
              + doing
              + ": "
              + table.name());
    }
  }

  /**
   * Starts the UPDATING phase of a change UpdateTable just applied to the declaration: a deleted
   * GSI stays listed as DELETING, a created one CREATING without its backfill, until the latency
   * has passed. The caller holds the table's monitor.
   */
  static void beginUpdate(
      Table table,
      TableDef before,
      GsiChanges gsi,
      TableTransitions transitions,
      IndexLifecycle lifecycle) {
    table.status("UPDATING");
    IndexDef created = gsi == null ? null : gsi.created();
    IndexDef deleted = gsi == null ? null : gsi.deleted();
    if (deleted != null) {
      table.def(table.def().withGlobalIndexes(listedAsDeleting(before, table.def(), deleted)));
    }
    transitions.after(
        table,
        () -> {
          synchronized (table.indexChanges()) {
            if (deleted != null) {
              table.def(table.def().withGlobalIndexes(without(table.def(), deleted)));
            }
            finishIndexChanges(table, created, deleted, lifecycle);
            table.status("ACTIVE");
          }
        });
  }

  /**
   * Ends an index change once the declaration no longer lists a deleted index: erases its entries
   * and forgets its counters, or starts the new index's backfill. The caller holds the table's
   * index-change lock.
   */
  static void finishIndexChanges(
      Table table, IndexDef created, IndexDef deleted, IndexLifecycle lifecycle) {
    if (deleted != null) {
      // the lifecycle erases the entries under the index's storage number, which the stats hold
      lifecycle.deleted(table, deleted);
      table.dropIndexStats(deleted.name());
    }
    if (created != null) {
      lifecycle.created(table, created);
    }
  }

  /**
   * Starts the DELETING phase: the table stays listed, refusing items, until the latency has
   * passed; then it goes and its data is erased.
   */
  static void beginDelete(Table table, Catalog catalog, Runnable erase) {
    table.status("DELETING");
    catalog
        .transitions()
        .after(
            table,
            () -> {
              if (catalog.remove(table.name(), table)) {
                erase.run();
              }
            });
  }

  /**
   * The GSIs of {@code after} with {@code deleted} back where {@code before} listed it, now
   * DELETING.
   */
  private static List<IndexDef> listedAsDeleting(
      TableDef before, TableDef after, IndexDef deleted) {
    List<IndexDef> out = new ArrayList<>();
    for (IndexDef g : before.globalIndexes()) {
      IndexDef now = g.name().equals(deleted.name()) ? null : after.index(g.name());
      out.add(now == null ? deleted.withStatus("DELETING", false) : now);
    }
    return out;
  }

  private static List<IndexDef> without(TableDef def, IndexDef deleted) {
    List<IndexDef> out = new ArrayList<>();
    for (IndexDef g : def.globalIndexes()) {
      if (!g.name().equals(deleted.name())) {
        out.add(g);
      }
    }
    return out;
  }
}
