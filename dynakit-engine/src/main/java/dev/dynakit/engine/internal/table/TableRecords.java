package dev.dynakit.engine.internal.table;

/**
 * A table's stored record, for a model that keeps a table beyond the catalog's life of it: a stream
 * stays readable for a day after its table is deleted, also across a restart.
 */
public final class TableRecords {
  private TableRecords() {}

  /** The table as the catalog journal stores it. */
  public static byte[] write(Table table) {
    return TableRecord.write(table);
  }

  /** A table read back from {@link #write}'s bytes (not in any catalog). */
  public static Table read(byte[] record) {
    return TableRecord.read(record);
  }
}
