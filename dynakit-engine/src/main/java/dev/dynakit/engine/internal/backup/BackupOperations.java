package dev.dynakit.engine.internal.backup;

import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Violations;
import java.util.Map;

/**
 * Registers the backup operations. RestoreTableFromBackup creates its table with the CreateTable
 * operation registered in the same map, so that a restored table meets every rule a created one
 * does.
 */
public final class BackupOperations {
  private BackupOperations() {}

  /** Registers the operations; call after the control plane's (CreateTable) is registered. */
  public static void register(Map<String, Operation> ops, EngineState state) {
    BackupStore backups = new BackupStore(state.store());
    BackupCatalogOps catalog = new BackupCatalogOps(backups);
    TableRestorer restorer = new TableRestorer(state, backups, () -> ops.get("CreateTable"));
    ops.put("CreateBackup", new CreateBackupOp(state, backups));
    ops.put("DescribeBackup", catalog::describe);
    ops.put("ListBackups", catalog::list);
    ops.put("DeleteBackup", catalog::delete);
    ops.put("RestoreTableFromBackup", req -> restoreFromBackup(req, catalog, restorer));
    ContinuousBackupsOps continuous = new ContinuousBackupsOps(state);
    ops.put("UpdateContinuousBackups", continuous::update);
    ops.put("DescribeContinuousBackups", continuous::describe);
    ops.put("RestoreTableToPointInTime", continuous::restoreToPointInTime);
  }

  private static Object restoreFromBackup(
      Request req, BackupCatalogOps catalog, TableRestorer restorer) {
    Violations v = new Violations();
    String target = req.string("TargetTableName");
    v.notNull("targetTableName", target);
    v.name("targetTableName", target);
    v.throwIfAny();
    BackupRecord backup = catalog.require(BackupCatalogOps.backupArn(req));
    if (!BackupRecord.AVAILABLE.equals(backup.status())) {
      throw BackupErrors.backupInUse();
    }
    String sourceArn = (String) backup.sourceTable().get("TableArn");
    return restorer.restore(backup, req, target, sourceArn);
  }
}
