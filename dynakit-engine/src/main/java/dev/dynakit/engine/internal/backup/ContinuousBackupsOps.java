package dev.dynakit.engine.internal.backup;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.Violations;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * UpdateContinuousBackups, DescribeContinuousBackups and RestoreTableToPointInTime. The engine
 * keeps each table's point-in-time recovery setting (in memory, by the table's store id, so a
 * re-created table starts without it), and reports the window DynamoDB would offer. It keeps no
 * history of writes, so it cannot restore a table as it was at an earlier time: it refuses
 * RestoreTableToPointInTime and says so.
 */
final class ContinuousBackupsOps {
  static final int DEFAULT_RECOVERY_DAYS = 35;

  private final EngineState state;
  private final Map<Long, Setting> settings = new ConcurrentHashMap<>();

  /** Point-in-time recovery switched on at {@code since}, with its window. */
  private record Setting(Instant since, long recoveryPeriodInDays) {}

  ContinuousBackupsOps(EngineState state) {
    this.state = state;
  }

  Object update(Request req) {
    Violations v = new Violations();
    String name = req.string("TableName");
    v.notNull("tableName", name);
    v.name("tableName", name);
    Request spec = req.object("PointInTimeRecoverySpecification");
    Boolean enabled = null;
    Long days = null;
    if (v.notNull("pointInTimeRecoverySpecification", spec)) {
      enabled = spec.bool("PointInTimeRecoveryEnabled");
      v.notNull("pointInTimeRecoverySpecification.pointInTimeRecoveryEnabled", enabled);
      days = spec.integer("RecoveryPeriodInDays");
      v.atLeast("pointInTimeRecoverySpecification.recoveryPeriodInDays", days, 1);
      v.atMost("pointInTimeRecoverySpecification.recoveryPeriodInDays", days, 35);
    }
    v.throwIfAny();
    Table table = require(name);
    if (!enabled && days != null) {
      throw EngineException.validation(
          "RecoveryPeriodInDays can only be specified when PointInTimeRecoveryEnabled is true");
    }
    if (enabled) {
      long period = days == null ? DEFAULT_RECOVERY_DAYS : days;
      settings.compute(
          table.storeId(),
          (id, old) -> new Setting(old == null ? state.clock().instant() : old.since(), period));
    } else {
      settings.remove(table.storeId());
    }
    return Map.of("ContinuousBackupsDescription", description(table));
  }

  Object describe(Request req) {
    Table table = require(Violations.tableName(req));
    return Map.of("ContinuousBackupsDescription", description(table));
  }

  /** Refuses, naming why: without point-in-time recovery, or because no history is kept. */
  Object restoreToPointInTime(Request req) {
    Violations v = new Violations();
    String source = req.string("SourceTableName");
    String target = req.string("TargetTableName");
    v.name("sourceTableName", source);
    v.notNull("targetTableName", target);
    v.name("targetTableName", target);
    v.throwIfAny();
    if (source == null) {
      String arn = req.string("SourceTableArn");
      if (arn == null) {
        throw EngineException.validation("Either SourceTableName or SourceTableArn must be given");
      }
      source = arn.substring(arn.lastIndexOf('/') + 1);
    }
    Table table = require(source);
    if (!settings.containsKey(table.storeId())) {
      throw new EngineException(
          ErrorType.POINT_IN_TIME_RECOVERY_UNAVAILABLE,
          "Point in time recovery is not enabled for table '" + source + "'");
    }
    throw new EngineException(
        ErrorType.POINT_IN_TIME_RECOVERY_UNAVAILABLE,
        "This engine cannot restore table '"
            + source
            + "' to a point in time: it keeps no history of the table's writes to restore from."
            + " Take a backup with CreateBackup and restore it with RestoreTableFromBackup"
            + " instead.");
  }

  private Map<String, Object> description(Table table) {
    Map<String, Object> pitr = new LinkedHashMap<>();
    Setting s = settings.get(table.storeId());
    if (s == null) {
      pitr.put("PointInTimeRecoveryStatus", "DISABLED");
    } else {
      Instant now = state.clock().instant();
      Instant windowStart = now.minus(Duration.ofDays(s.recoveryPeriodInDays()));
      Instant earliest = s.since().isAfter(windowStart) ? s.since() : windowStart;
      pitr.put("PointInTimeRecoveryStatus", "ENABLED");
      pitr.put("RecoveryPeriodInDays", s.recoveryPeriodInDays());
      pitr.put("EarliestRestorableDateTime", seconds(earliest));
      pitr.put("LatestRestorableDateTime", seconds(now));
    }
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("ContinuousBackupsStatus", "ENABLED");
    d.put("PointInTimeRecoveryDescription", pitr);
    return d;
  }

  private Table require(String name) {
    Table table = state.catalog().find(name);
    if (table == null) {
      throw BackupErrors.tableNotFound(name);
    }
    return table;
  }

  private static BigDecimal seconds(Instant at) {
    return BigDecimal.valueOf(at.toEpochMilli(), 3);
  }
}
