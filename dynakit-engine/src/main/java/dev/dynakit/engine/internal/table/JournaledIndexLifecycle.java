package dev.dynakit.engine.internal.table;

/**
 * Saves the catalog before index maintenance starts on a changed index: a new GSI's record (its
 * storage number, CREATING) is stored before its backfill writes an entry, and a dropped GSI's
 * record is gone before its entries are erased, so that a crash in between leaves neither entries
 * of an index the catalog lacks unnoticed (they are erased on opening) nor an index with half its
 * entries.
 */
public final class JournaledIndexLifecycle implements IndexLifecycle {
  private final Catalog catalog;
  private final IndexLifecycle maintenance;

  public JournaledIndexLifecycle(Catalog catalog, IndexLifecycle maintenance) {
    this.catalog = catalog;
    this.maintenance = maintenance;
  }

  @Override
  public void created(Table table, IndexDef index) {
    catalog.persist();
    maintenance.created(table, index);
  }

  @Override
  public void deleted(Table table, IndexDef index) {
    catalog.persist();
    maintenance.deleted(table, index);
  }

  @Override
  public void close() {
    maintenance.close();
  }
}
