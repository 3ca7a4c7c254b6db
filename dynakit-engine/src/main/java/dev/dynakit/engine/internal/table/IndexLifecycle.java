package dev.dynakit.engine.internal.table;

/**
 * How UpdateTable hands global-secondary-index work to index maintenance.
 *
 * <p>When UpdateTable creates a GSI, the control plane first registers it in the table's
 * declaration with IndexStatus {@code CREATING} and backfilling true (so that writes from then on
 * maintain it), then calls {@link #created}. The implementation fills the index from the table's
 * existing items and, when done, marks it ready with {@code table.indexStatus(index.name(),
 * "ACTIVE", false)} — synchronously, or later from another thread. While any GSI is not ACTIVE,
 * DeleteTable and further index creations or deletions are refused, as in DynamoDB.
 *
 * <p>When UpdateTable deletes a GSI, the index is removed from the declaration first, then {@link
 * #deleted} is called to drop its stored entries.
 */
public interface IndexLifecycle {
  /** Starts the backfill of a GSI registered as CREATING; must eventually mark it ACTIVE. */
  void created(Table table, IndexDef index);

  /** Drops the stored entries of a GSI already removed from the table's declaration. */
  void deleted(Table table, IndexDef index);

  /**
   * Stops the backfills under way and waits for them to end, as the engine closes (before its store
   * does): an index left CREATING stays so in the catalog, and the next engine on the same store
   * starts its backfill again ({@link CatalogRecovery#resumeBackfills}).
   */
  default void close() {}

  /**
   * For an engine without index maintenance: nothing to fill or drop, so a new index is ACTIVE at
   * once.
   */
  IndexLifecycle IMMEDIATE =
      new IndexLifecycle() {
        @Override
        public void created(Table table, IndexDef index) {
          table.indexStatus(index.name(), "ACTIVE", false);
        }

        @Override
        public void deleted(Table table, IndexDef index) {}
      };
}
