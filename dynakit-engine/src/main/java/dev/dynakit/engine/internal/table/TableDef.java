package dev.dynakit.engine.internal.table;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The immutable declaration of a table as created or last updated. Replaced whole by UpdateTable.
 *
 * @param attributeDefinitions the declared key attributes of the table and its indices
 * @param billingMode {@code PROVISIONED} or {@code PAY_PER_REQUEST}
 * @param streamSpecification the StreamSpecification (a response tree: StreamEnabled true and
 *     StreamViewType) while a stream is enabled, else null
 * @param tableClass {@code STANDARD} or {@code STANDARD_INFREQUENT_ACCESS}
 */
public record TableDef(
    String name,
    String arn,
    String tableId,
    Instant createdAt,
    List<KeyAttr> attributeDefinitions,
    KeySchema key,
    List<IndexDef> globalIndexes,
    List<IndexDef> localIndexes,
    String billingMode,
    Throughput throughput,
    Map<String, Object> streamSpecification,
    String tableClass,
    boolean deletionProtection) {
  public TableDef {
    attributeDefinitions = List.copyOf(attributeDefinitions);
    globalIndexes = List.copyOf(globalIndexes);
    localIndexes = List.copyOf(localIndexes);
  }

  /** The index with this name, GSI or LSI, or null. */
  public IndexDef index(String indexName) {
    for (IndexDef i : globalIndexes) {
      if (i.name().equals(indexName)) {
        return i;
      }
    }
    for (IndexDef i : localIndexes) {
      if (i.name().equals(indexName)) {
        return i;
      }
    }
    return null;
  }

  /** The declared type of an attribute used in a key, or null. */
  public String attributeType(String attributeName) {
    for (KeyAttr a : attributeDefinitions) {
      if (a.name().equals(attributeName)) {
        return a.type();
      }
    }
    return null;
  }

  public TableDef withGlobalIndexes(List<IndexDef> newGlobalIndexes) {
    return new TableDef(
        name,
        arn,
        tableId,
        createdAt,
        attributeDefinitions,
        key,
        newGlobalIndexes,
        localIndexes,
        billingMode,
        throughput,
        streamSpecification,
        tableClass,
        deletionProtection);
  }

  public TableDef withAttributeDefinitions(List<KeyAttr> newDefinitions) {
    return new TableDef(
        name,
        arn,
        tableId,
        createdAt,
        newDefinitions,
        key,
        globalIndexes,
        localIndexes,
        billingMode,
        throughput,
        streamSpecification,
        tableClass,
        deletionProtection);
  }

  public TableDef withBilling(String newBillingMode, Throughput newThroughput) {
    return new TableDef(
        name,
        arn,
        tableId,
        createdAt,
        attributeDefinitions,
        key,
        globalIndexes,
        localIndexes,
        newBillingMode,
        newThroughput,
        streamSpecification,
        tableClass,
        deletionProtection);
  }

  public TableDef withStreamSpecification(Map<String, Object> newStreamSpecification) {
    return new TableDef(
        name,
        arn,
        tableId,
        createdAt,
        attributeDefinitions,
        key,
        globalIndexes,
        localIndexes,
        billingMode,
        throughput,
        newStreamSpecification,
        tableClass,
        deletionProtection);
  }

  public TableDef withTableClass(String newTableClass) {
    return new TableDef(
        name,
        arn,
        tableId,
        createdAt,
        attributeDefinitions,
        key,
        globalIndexes,
        localIndexes,
        billingMode,
        throughput,
        streamSpecification,
        newTableClass,
        deletionProtection);
  }

  public TableDef withDeletionProtection(boolean newDeletionProtection) {
    return new TableDef(
        name,
        arn,
        tableId,
        createdAt,
        attributeDefinitions,
        key,
        globalIndexes,
        localIndexes,
        billingMode,
        throughput,
        streamSpecification,
        tableClass,
        newDeletionProtection);
  }

  /** Whether the table has a stream enabled now. */
  public boolean streamEnabled() {
    return streamSpecification != null
        && Boolean.TRUE.equals(streamSpecification.get("StreamEnabled"));
  }
}
