package dev.dynakit.engine.internal.backup;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDescriber;
import dev.dynakit.engine.internal.table.TableTransitions;
import dev.dynakit.engine.internal.table.Violations;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import java.math.BigDecimal;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CreateBackup: copies the table's definition and every item into the store under the backup's ARN.
 * The items are read by one scan of the table's range, which sees every write acknowledged before
 * the backup began (index entries are not copied: a restore rebuilds them). The backup is AVAILABLE
 * at once, or CREATING for the engine's table latency when it has one.
 */
final class CreateBackupOp implements Operation {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final EngineState state;
  private final BackupStore backups;

  CreateBackupOp(EngineState state, BackupStore backups) {
    this.state = state;
    this.backups = backups;
  }

  @Override
  public Object execute(Request req) {
    Violations v = new Violations();
    String tableName = req.string("TableName");
    v.notNull("tableName", tableName);
    v.name("tableName", tableName);
    String backupName = req.string("BackupName");
    v.notNull("backupName", backupName);
    v.name("backupName", backupName);
    v.throwIfAny();
    Table table = state.catalog().find(tableName);
    if (table == null) {
      throw BackupErrors.tableNotFound(tableName);
    }
    Instant now = state.clock().instant();
    String arn = arn(state.tableArn(tableName), now);
    Map<String, Object> source = TableDescriber.describe(table, now);
    BackupStore.ItemWriter writer = backups.writer(arn);
    long count = 0;
    long size = 0;
    byte[][] range = KeyCodec.indexRange(table.storeId(), 0);
    try (StoreCursor cursor = state.store().scan(range[0], range[1], false)) {
      while (cursor.hasNext()) {
        StoreEntry e = cursor.next();
        writer.add(e.key(), e.value());
        count++;
        size += ItemCodec.size(e.value());
      }
    }
    TableTransitions transitions = state.catalog().transitions();
    String status = transitions.enabled() ? BackupRecord.CREATING : BackupRecord.AVAILABLE;
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("BackupArn", arn);
    details.put("BackupName", backupName);
    details.put("BackupSizeBytes", size);
    details.put("BackupStatus", status);
    details.put("BackupType", "USER");
    details.put("BackupCreationDateTime", BigDecimal.valueOf(now.toEpochMilli(), 3));
    Map<String, Object> description = new LinkedHashMap<>();
    description.put("BackupDetails", details);
    description.put("SourceTableDetails", SourceTables.details(source, count, size));
    description.put(
        "SourceTableFeatureDetails",
        SourceTables.features(source, table.ttlAttribute(), table.ttlEnabled()));
    writer.finish(new BackupRecord(description, SourceTables.definition(source)));
    if (transitions.enabled()) {
      transitions.after(table, () -> markAvailable(arn));
    }
    return Map.of("BackupDetails", details);
  }

  private void markAvailable(String arn) {
    BackupRecord record = backups.find(arn);
    if (record != null) {
      backups.save(record.withStatus(BackupRecord.AVAILABLE));
    }
  }

  /** {@code TABLE_ARN/backup/} the 17-digit epoch millis, a dash and 8 random hex digits. */
  private static String arn(String tableArn, Instant now) {
    byte[] random = new byte[4];
    RANDOM.nextBytes(random);
    return tableArn
        + "/backup/"
        + String.format("%017d", now.toEpochMilli())
        + "-"
        + HexFormat.of().formatHex(random);
  }
}
