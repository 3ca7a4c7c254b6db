package dev.dynakit.engine.internal.backup;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;

/** The refusals of the backup operations, with DynamoDB's error types and wording. */
final class BackupErrors {
  private BackupErrors() {}

  static EngineException backupNotFound(String arn) {
    return new EngineException(ErrorType.BACKUP_NOT_FOUND, "Backup not found: " + arn);
  }

  static EngineException backupInUse() {
    return new EngineException(
        ErrorType.BACKUP_IN_USE,
        "There is another ongoing conflicting backup control plane operation on the table. The"
            + " backup is either being created, deleted or restored to a table.");
  }

  static EngineException tableNotFound(String tableName) {
    return new EngineException(ErrorType.TABLE_NOT_FOUND, "Table not found: " + tableName);
  }

  static EngineException tableAlreadyExists(String tableName) {
    return new EngineException(
        ErrorType.TABLE_ALREADY_EXISTS, "Table already exists: " + tableName);
  }
}
