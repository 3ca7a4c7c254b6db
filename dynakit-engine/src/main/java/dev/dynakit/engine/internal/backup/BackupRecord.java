package dev.dynakit.engine.internal.backup;

import dev.dynakit.engine.internal.protocol.Json;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the store keeps of one backup besides its items: the BackupDescription DynamoDB answers
 * (response trees, in DynamoDB's member order), and the source table's definition as a CreateTable
 * request, from which a restore creates the new table. Kept as JSON, so that the record reads the
 * same in every store.
 */
record BackupRecord(Map<String, Object> description, Map<String, Object> definition) {
  static final String AVAILABLE = "AVAILABLE";
  static final String CREATING = "CREATING";

  byte[] write() {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("BackupDescription", description);
    tree.put("Definition", definition);
    return Json.write(tree);
  }

  @SuppressWarnings("unchecked")
  static BackupRecord read(byte[] bytes) {
    Map<String, Object> tree = Json.parseObject(bytes);
    return new BackupRecord(
        (Map<String, Object>) tree.get("BackupDescription"),
        (Map<String, Object>) tree.get("Definition"));
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> details() {
    return (Map<String, Object>) description.get("BackupDetails");
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> sourceTable() {
    return (Map<String, Object>) description.get("SourceTableDetails");
  }

  String arn() {
    return (String) details().get("BackupArn");
  }

  String status() {
    return (String) details().get("BackupStatus");
  }

  String type() {
    return (String) details().get("BackupType");
  }

  String tableName() {
    return (String) sourceTable().get("TableName");
  }

  /** When the backup was made, in epoch seconds with a fraction. */
  BigDecimal createdAt() {
    return new BigDecimal(details().get("BackupCreationDateTime").toString());
  }

  /** The same backup with another status. */
  BackupRecord withStatus(String status) {
    Map<String, Object> details = new LinkedHashMap<>(details());
    details.put("BackupStatus", status);
    Map<String, Object> d = new LinkedHashMap<>(description);
    d.put("BackupDetails", details);
    return new BackupRecord(d, definition);
  }

  /** The BackupSummary ListBackups gives of it. */
  Map<String, Object> summary() {
    Map<String, Object> source = sourceTable();
    Map<String, Object> details = details();
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("TableName", source.get("TableName"));
    s.put("TableId", source.get("TableId"));
    s.put("TableArn", source.get("TableArn"));
    s.put("BackupArn", details.get("BackupArn"));
    s.put("BackupName", details.get("BackupName"));
    s.put("BackupCreationDateTime", details.get("BackupCreationDateTime"));
    s.put("BackupStatus", details.get("BackupStatus"));
    s.put("BackupType", details.get("BackupType"));
    s.put("BackupSizeBytes", details.get("BackupSizeBytes"));
    return s;
  }
}
