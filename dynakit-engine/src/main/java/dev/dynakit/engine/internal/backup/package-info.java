/**
 * On-demand backups and point-in-time recovery settings ({@link
 * dev.dynakit.engine.internal.backup.BackupOperations}): CreateBackup, DescribeBackup, ListBackups,
 * DeleteBackup, RestoreTableFromBackup, UpdateContinuousBackups, DescribeContinuousBackups and
 * RestoreTableToPointInTime. A backup is kept in the engine's store, beside the tables, so that it
 * outlives its source table and, on a store that lasts, the engine.
 */
@NullMarked
package dev.dynakit.engine.internal.backup;

import org.jspecify.annotations.NullMarked;
