package dev.dynakit.core.adapter;

import dev.dynakit.core.schema.GlobalIndex;
import dev.dynakit.core.schema.IndexKey;
import dev.dynakit.core.schema.IndexProjection;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.LocalIndex;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
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

/** Creates a table for a declaration (provisioning proper is another package) and inspects it. */
final class TestTables {
  private TestTables() {}

  static void create(DynamoDbClient client, TableSpec spec) {
    Map<String, ScalarAttributeType> attributes = new LinkedHashMap<>();
    attributes.put(spec.partitionKey().name(), spec.partitionKey().type().attributeType());
    List<KeySchemaElement> keySchema = new ArrayList<>();
    keySchema.add(element(spec.partitionKey().name(), KeyType.HASH));
    if (spec.structuralKey() != null) {
      attributes.put(spec.structuralKey().name(), ScalarAttributeType.S);
      keySchema.add(element(spec.structuralKey().name(), KeyType.RANGE));
    }
    List<GlobalSecondaryIndex> globals = new ArrayList<>();
    List<LocalSecondaryIndex> locals = new ArrayList<>();
    for (IndexSpec index : spec.indices().values()) {
      List<KeySchemaElement> indexKeys = new ArrayList<>();
      if (index instanceof GlobalIndex) {
        for (IndexKey key : ((GlobalIndex) index).partitionKey()) {
          attributes.put(key.name(), key.type().attributeType());
          indexKeys.add(element(key.name(), KeyType.HASH));
        }
      } else {
        indexKeys.add(element(spec.partitionKey().name(), KeyType.HASH));
      }
      for (IndexKey key : index.sortKey()) {
        attributes.put(key.name(), key.type().attributeType());
        indexKeys.add(element(key.name(), KeyType.RANGE));
      }
      if (index instanceof LocalIndex) {
        locals.add(
            LocalSecondaryIndex.builder()
                .indexName(index.name())
                .keySchema(indexKeys)
                .projection(projection(index.projection()))
                .build());
      } else {
        globals.add(
            GlobalSecondaryIndex.builder()
                .indexName(index.name())
                .keySchema(indexKeys)
                .projection(projection(index.projection()))
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

  /** Every item of the table as stored. */
  static List<Map<String, AttributeValue>> scanAll(DynamoDbClient client, String table) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      ScanRequest.Builder request = ScanRequest.builder().tableName(table);
      if (start != null) {
        request.exclusiveStartKey(start);
      }
      var response = client.scan(request.build());
      items.addAll(response.items());
      start =
          response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
              ? response.lastEvaluatedKey()
              : null;
    } while (start != null);
    return items;
  }

  private static KeySchemaElement element(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static Projection projection(IndexProjection projection) {
    if (projection instanceof IndexProjection.KeysOnly) {
      return Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build();
    }
    if (projection instanceof IndexProjection.Include) {
      return Projection.builder()
          .projectionType(ProjectionType.INCLUDE)
          .nonKeyAttributes(((IndexProjection.Include) projection).attributes())
          .build();
    }
    return Projection.builder().projectionType(ProjectionType.ALL).build();
  }
}
