package dev.dynakit.engine.internal.backup;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Violations;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** DescribeBackup, ListBackups and DeleteBackup: what the store holds of backups. */
final class BackupCatalogOps {
  static final List<String> BACKUP_TYPES = List.of("USER", "SYSTEM", "AWS_BACKUP", "ALL");
  private static final int MAX_LIMIT = 100;

  private final BackupStore backups;

  BackupCatalogOps(BackupStore backups) {
    this.backups = backups;
  }

  Object describe(Request req) {
    return Map.of("BackupDescription", require(backupArn(req)).description());
  }

  Object delete(Request req) {
    BackupRecord record = require(backupArn(req));
    if (!BackupRecord.AVAILABLE.equals(record.status())) {
      throw BackupErrors.backupInUse();
    }
    backups.delete(record.arn());
    return Map.of("BackupDescription", record.withStatus("DELETED").description());
  }

  /**
   * The backups that pass the filters, oldest first (by creation time, then ARN), a page of at most
   * {@code Limit} after {@code ExclusiveStartBackupArn}.
   */
  Object list(Request req) {
    Violations v = new Violations();
    String tableName = req.string("TableName");
    v.name("tableName", tableName);
    Long limit = req.integer("Limit");
    v.atLeast("limit", limit, 1);
    v.atMost("limit", limit, MAX_LIMIT);
    String type = req.string("BackupType");
    v.oneOf("backupType", type, BACKUP_TYPES);
    String start = req.string("ExclusiveStartBackupArn");
    v.length("exclusiveStartBackupArn", start, 37, 1024);
    v.throwIfAny();
    BigDecimal lower = time(req, "TimeRangeLowerBound");
    BigDecimal upper = time(req, "TimeRangeUpperBound");
    if (lower != null && upper != null && lower.compareTo(upper) > 0) {
      throw EngineException.validation(
          "TimeRangeLowerBound must be less than or equal to TimeRangeUpperBound");
    }
    List<BackupRecord> matching = new ArrayList<>();
    for (BackupRecord r : backups.all()) {
      if ((tableName == null || tableName.equals(r.tableName()))
          && (type == null ? "USER".equals(r.type()) : typeMatches(type, r.type()))
          && (lower == null || r.createdAt().compareTo(lower) >= 0)
          && (upper == null || r.createdAt().compareTo(upper) < 0)) {
        matching.add(r);
      }
    }
    matching.sort(Comparator.comparing(BackupRecord::createdAt).thenComparing(BackupRecord::arn));
    int from = 0;
    if (start != null) {
      // resumes after where the start ARN sorts, so that a backup deleted between two pages
      // neither ends the listing nor restarts it
      BigDecimal startTime = createdAt(start);
      while (from < matching.size() && !after(matching.get(from), startTime, start)) {
        from++;
      }
    }
    int max = limit == null ? MAX_LIMIT : limit.intValue();
    int to = Math.min(matching.size(), from + max);
    List<Object> summaries = new ArrayList<>();
    for (BackupRecord r : matching.subList(from, to)) {
      summaries.add(r.summary());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("BackupSummaries", summaries);
    if (to < matching.size()) {
      out.put("LastEvaluatedBackupArn", matching.get(to - 1).arn());
    }
    return out;
  }

  BackupRecord require(String arn) {
    BackupRecord record = backups.find(arn);
    if (record == null) {
      throw BackupErrors.backupNotFound(arn);
    }
    return record;
  }

  static String backupArn(Request req) {
    Violations v = new Violations();
    String arn = req.string("BackupArn");
    v.notNull("backupArn", arn);
    v.length("backupArn", arn, 37, 1024);
    v.throwIfAny();
    return arn;
  }

  private static boolean after(BackupRecord r, BigDecimal time, String arn) {
    int byTime = r.createdAt().compareTo(time);
    return byTime > 0 || (byTime == 0 && r.arn().compareTo(arn) > 0);
  }

  /** The creation time an ARN of this engine's form names ({@code .../backup/MILLIS-HEX}). */
  private static BigDecimal createdAt(String arn) {
    int at = arn.lastIndexOf("/backup/");
    int dash = arn.indexOf('-', at + 1);
    if (at >= 0 && dash > at) {
      try {
        return BigDecimal.valueOf(Long.parseLong(arn.substring(at + 8, dash)), 3);
      } catch (NumberFormatException e) {
        // reported below
      }
    }
    throw EngineException.validation("Invalid ExclusiveStartBackupArn: " + arn);
  }

  private static boolean typeMatches(String filter, String type) {
    return "ALL".equals(filter) || filter.equals(type);
  }

  private static BigDecimal time(Request req, String member) {
    Object raw = req.raw(member);
    if (raw == null) {
      return null;
    }
    try {
      return new BigDecimal(raw.toString());
    } catch (NumberFormatException e) {
      throw EngineException.validation(
          "The value of " + member + " is not a timestamp in epoch seconds: " + raw);
    }
  }
}
