package dev.dynakit.core.provision;

import dev.dynakit.core.schema.TableSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * What DynamoDB says about a table: DescribeTable, DescribeTimeToLive and, when the declaration
 * names a descriptor key, the descriptor row (a consistent GetItem). Read-only.
 *
 * @param table the table description
 * @param ttl the time-to-live description
 * @param descriptor the descriptor row, or null when none is declared or the row is absent
 */
record LiveTable(
    TableDescription table,
    TimeToLiveDescription ttl,
    @Nullable Map<String, AttributeValue> descriptor) {

  /** The table's state, or null when it does not exist. */
  static @Nullable LiveTable read(DynamoDbClient dynamo, TableSpec spec) {
    TableDescription table;
    try {
      table = dynamo.describeTable(b -> b.tableName(spec.tableName())).table();
    } catch (ResourceNotFoundException absent) {
      return null;
    }
    TimeToLiveDescription ttl =
        dynamo.describeTimeToLive(b -> b.tableName(spec.tableName())).timeToLiveDescription();
    Map<String, AttributeValue> descriptor = null;
    if (spec.descriptorKey() != null) {
      try {
        GetItemResponse row =
            dynamo.getItem(
                b -> b.tableName(spec.tableName()).key(Descriptor.key(spec)).consistentRead(true));
        descriptor = row.hasItem() && !row.item().isEmpty() ? row.item() : null;
      } catch (ResourceNotFoundException creating) {
        // DynamoDB answers so for a table that is still being created: no descriptor yet
      }
    }
    return new LiveTable(table, ttl, descriptor);
  }

  /** Attribute name to type letter, from the AttributeDefinitions. */
  Map<String, String> attributeTypes() {
    Map<String, String> types = new LinkedHashMap<>();
    for (AttributeDefinition d : table.attributeDefinitions()) {
      types.put(d.attributeName(), d.attributeTypeAsString());
    }
    return types;
  }

  /**
   * The billing mode; a table described without a billing summary is provisioned (DynamoDB omits it
   * for tables that were always provisioned).
   */
  BillingMode billingMode() {
    if (table.billingModeSummary() == null || table.billingModeSummary().billingMode() == null) {
      return BillingMode.PROVISIONED;
    }
    return table.billingModeSummary().billingMode();
  }

  Map<String, GlobalSecondaryIndexDescription> globals() {
    Map<String, GlobalSecondaryIndexDescription> globals = new LinkedHashMap<>();
    for (GlobalSecondaryIndexDescription g : table.globalSecondaryIndexes()) {
      globals.put(g.indexName(), g);
    }
    return globals;
  }

  Map<String, LocalSecondaryIndexDescription> locals() {
    Map<String, LocalSecondaryIndexDescription> locals = new LinkedHashMap<>();
    for (LocalSecondaryIndexDescription l : table.localSecondaryIndexes()) {
      locals.put(l.indexName(), l);
    }
    return locals;
  }

  /** The stream view type when the stream is enabled, else null. */
  @Nullable String streamView() {
    StreamSpecification stream = table.streamSpecification();
    if (stream == null || !Boolean.TRUE.equals(stream.streamEnabled())) {
      return null;
    }
    return stream.streamViewTypeAsString();
  }

  /** The TTL attribute when TTL is enabled or being enabled, else null. */
  @Nullable String ttlAttribute() {
    TimeToLiveStatus status = ttl == null ? null : ttl.timeToLiveStatus();
    if (status == TimeToLiveStatus.ENABLED || status == TimeToLiveStatus.ENABLING) {
      return ttl.attributeName();
    }
    return null;
  }

  /** The TTL state as text: {@code ENABLED on expiresAt}, {@code DISABLED}. */
  String ttlText() {
    if (ttl == null || ttl.timeToLiveStatus() == null) {
      return "DISABLED";
    }
    String attribute = ttl.attributeName();
    return ttl.timeToLiveStatusAsString() + (attribute == null ? "" : " on " + attribute);
  }

  /** The indices that are not ACTIVE, with their status. */
  List<String> busyIndices() {
    List<String> busy = new java.util.ArrayList<>();
    for (GlobalSecondaryIndexDescription g : table.globalSecondaryIndexes()) {
      if (!"ACTIVE".equals(g.indexStatusAsString())) {
        busy.add(g.indexName() + " " + g.indexStatusAsString());
      }
    }
    return busy;
  }
}
