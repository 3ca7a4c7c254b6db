package dev.dynakit.engine.internal.backup;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.item.HeldLocks;
import dev.dynakit.engine.internal.item.ItemWrite;
import dev.dynakit.engine.internal.item.KeyFactory;
import dev.dynakit.engine.internal.item.PrimaryKey;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDescriber;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Makes a new table from a backup: the engine's CreateTable with the backup's definition (after the
 * request's overrides), then the backup's items written through the engine's one write path, which
 * builds the new table's index entries and counts. Items go in small locked batches, each against
 * what the new table holds then, so a client that writes to the new table meanwhile never has its
 * item counted twice.
 */
final class TableRestorer {
  private static final int ITEMS_PER_BATCH = 25;

  private final EngineState state;
  private final BackupStore backups;
  private final Supplier<Operation> createTable;

  TableRestorer(EngineState state, BackupStore backups, Supplier<Operation> createTable) {
    this.state = state;
    this.backups = backups;
    this.createTable = createTable;
  }

  /** Creates {@code target} from the backup; answers the RestoreTableFromBackup response. */
  Object restore(BackupRecord backup, Request req, String target, String sourceTableArn) {
    if (state.catalog().find(target) != null) {
      throw BackupErrors.tableAlreadyExists(target);
    }
    Map<String, Object> create = RestoreOverrides.apply(backup.definition(), req, target);
    createTable.get().execute(new Request(create));
    Table table = state.catalog().require(target);
    List<byte[]> pending = new ArrayList<>(ITEMS_PER_BATCH);
    backups.items(
        backup.arn(),
        bytes -> {
          pending.add(bytes);
          if (pending.size() == ITEMS_PER_BATCH) {
            write(table, pending);
            pending.clear();
          }
        });
    write(table, pending);
    Instant now = state.clock().instant();
    Map<String, Object> description = TableDescriber.describe(table, now);
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("SourceBackupArn", backup.arn());
    summary.put("SourceTableArn", sourceTableArn);
    summary.put("RestoreDateTime", BigDecimal.valueOf(now.toEpochMilli(), 3));
    summary.put("RestoreInProgress", Boolean.FALSE);
    description.put("RestoreSummary", summary);
    return Map.of("TableDescription", description);
  }

  private void write(Table table, List<byte[]> encoded) {
    if (encoded.isEmpty()) {
      return;
    }
    List<Map<String, AttrValue>> items = new ArrayList<>(encoded.size());
    List<PrimaryKey> keys = new ArrayList<>(encoded.size());
    for (byte[] bytes : encoded) {
      Map<String, AttrValue> item = ItemCodec.decode(bytes);
      items.add(item);
      keys.add(KeyFactory.fromItem(table, item));
    }
    try (HeldLocks held = state.items().lockAll(keys)) {
      List<Map<String, AttrValue>> current = state.items().readAll(keys);
      List<ItemWrite> writes = new ArrayList<>(items.size());
      for (int i = 0; i < items.size(); i++) {
        writes.add(new ItemWrite(table, keys.get(i), current.get(i), items.get(i), encoded.get(i)));
      }
      state.items().writeAll(writes);
    }
  }
}
