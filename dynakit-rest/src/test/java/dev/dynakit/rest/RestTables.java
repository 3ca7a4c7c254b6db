package dev.dynakit.rest;

import dev.dynakit.core.schema.GlobalIndex;
import dev.dynakit.core.schema.IndexKey;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.LocalIndex;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** Creates the table of a declaration (all projections ALL) and reads everything stored in it. */
final class RestTables {
  private RestTables() {}

  static void create(DynamoDbClient client, TableSpec spec) {
    Map<String, ScalarAttributeType> attributes = new LinkedHashMap<>();
    List<KeySchemaElement> keySchema = new ArrayList<>();
    attributes.put(spec.partitionKey().name(), spec.partitionKey().type().attributeType());
    keySchema.add(element(spec.partitionKey().name(), KeyType.HASH));
    if (spec.structuralKey() != null) {
      attributes.put(spec.structuralKey().name(), ScalarAttributeType.S);
      keySchema.add(element(spec.structuralKey().name(), KeyType.RANGE));
    }
    List<GlobalSecondaryIndex> globals = new ArrayList<>();
    List<LocalSecondaryIndex> locals = new ArrayList<>();
    Projection all = Projection.builder().projectionType(ProjectionType.ALL).build();
    for (IndexSpec index : spec.indices().values()) {
      List<KeySchemaElement> keys = new ArrayList<>();
      if (index instanceof GlobalIndex) {
        for (IndexKey key : ((GlobalIndex) index).partitionKey()) {
          attributes.put(key.name(), key.type().attributeType());
          keys.add(element(key.name(), KeyType.HASH));
        }
      } else {
        keys.add(element(spec.partitionKey().name(), KeyType.HASH));
      }
      for (IndexKey key : index.sortKey()) {
        attributes.put(key.name(), key.type().attributeType());
        keys.add(element(key.name(), KeyType.RANGE));
      }
      if (index instanceof LocalIndex) {
        locals.add(
            LocalSecondaryIndex.builder()
                .indexName(index.name())
                .keySchema(keys)
                .projection(all)
                .build());
      } else {
        globals.add(
            GlobalSecondaryIndex.builder()
                .indexName(index.name())
                .keySchema(keys)
                .projection(all)
                .build());
      }
    }
    List<AttributeDefinition> definitions = new ArrayList<>();
    attributes.forEach(
        (name, type) ->
            definitions.add(
                AttributeDefinition.builder().attributeName(name).attributeType(type).build()));
    CreateTableRequest.Builder request =
        CreateTableRequest.builder()
            .tableName(spec.tableName())
            .keySchema(keySchema)
            .attributeDefinitions(definitions)
            .billingMode(BillingMode.PAY_PER_REQUEST);
    if (!globals.isEmpty()) {
      request.globalSecondaryIndexes(globals);
    }
    if (!locals.isEmpty()) {
      request.localSecondaryIndexes(locals);
    }
    client.createTable(request.build());
  }

  /** Every stored item, raw, in a stable order: what "nothing was written" compares. */
  static List<Map<String, AttributeValue>> snapshot(DynamoDbClient client, TableSpec spec) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      ScanRequest.Builder scan =
          ScanRequest.builder().tableName(spec.tableName()).consistentRead(true);
      if (start != null) {
        scan.exclusiveStartKey(start);
      }
      var page = client.scan(scan.build());
      items.addAll(page.items());
      start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
    } while (start != null);
    items.sort(Comparator.comparing(Object::toString));
    return items;
  }

  private static KeySchemaElement element(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }
}
