package dev.dynakit.core.provision;

import dev.dynakit.core.schema.CapacityMode;
import dev.dynakit.core.schema.GlobalIndex;
import dev.dynakit.core.schema.IndexKey;
import dev.dynakit.core.schema.IndexProjection;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.LocalIndex;
import dev.dynakit.core.schema.StreamSettings;
import dev.dynakit.core.schema.StructuralKey;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.core.schema.Throughput;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;

/**
 * The table a declaration asks for, in the AWS SDK's shapes: the base key schema (the partition key
 * HASH, the structural key RANGE and always a string), the attribute definitions of every key
 * attribute, the indices, billing and stream.
 */
final class DesiredTable {
  private final TableSpec spec;
  private final Map<String, ScalarAttributeType> types = new LinkedHashMap<>();

  DesiredTable(TableSpec spec) {
    this.spec = spec;
    types.put(spec.partitionKey().name(), spec.partitionKey().type().attributeType());
    StructuralKey sk = spec.structuralKey();
    if (sk != null) {
      types.put(sk.name(), ScalarAttributeType.S);
    }
    for (IndexSpec index : spec.indices().values()) {
      if (index instanceof GlobalIndex) {
        for (IndexKey key : ((GlobalIndex) index).partitionKey()) {
          types.putIfAbsent(key.name(), key.type().attributeType());
        }
      }
      for (IndexKey key : index.sortKey()) {
        types.putIfAbsent(key.name(), key.type().attributeType());
      }
    }
  }

  TableSpec spec() {
    return spec;
  }

  String table() {
    return spec.tableName();
  }

  /** The declared type of a key attribute (the declaration validated that they agree). */
  ScalarAttributeType type(String attribute) {
    ScalarAttributeType type = types.get(attribute);
    if (type == null) {
      throw new IllegalArgumentException("not a declared key attribute: " + attribute);
    }
    return type;
  }

  /** The declared type letter ({@code S}, {@code N}, {@code B}) of a key attribute. */
  String typeLetter(String attribute) {
    return type(attribute).toString();
  }

  List<KeySchemaElement> keySchema() {
    List<KeySchemaElement> key = new ArrayList<>();
    key.add(element(spec.partitionKey().name(), KeyType.HASH));
    StructuralKey sk = spec.structuralKey();
    if (sk != null) {
      key.add(element(sk.name(), KeyType.RANGE));
    }
    return key;
  }

  /** An index's key schema: a GSI's own partition attributes, an LSI's the table's. */
  List<KeySchemaElement> keySchema(IndexSpec index) {
    List<KeySchemaElement> key = new ArrayList<>();
    for (String name : spec.partitionKeyNames(index)) {
      key.add(element(name, KeyType.HASH));
    }
    for (String name : index.sortKeyNames()) {
      key.add(element(name, KeyType.RANGE));
    }
    return key;
  }

  /** An index as {@code key; projection}, with the declared types. */
  String shape(IndexSpec index) {
    return Shapes.key(keySchema(index), this::typeLetter)
        + "; "
        + Shapes.projection(projection(index.projection()));
  }

  List<GlobalIndex> globals() {
    List<GlobalIndex> globals = new ArrayList<>();
    for (IndexSpec index : spec.indices().values()) {
      if (index instanceof GlobalIndex) {
        globals.add((GlobalIndex) index);
      }
    }
    return globals;
  }

  List<LocalIndex> locals() {
    List<LocalIndex> locals = new ArrayList<>();
    for (IndexSpec index : spec.indices().values()) {
      if (index instanceof LocalIndex) {
        locals.add((LocalIndex) index);
      }
    }
    return locals;
  }

  /** The attributes of the key schemas, each once, in order. */
  static Set<String> attributesOf(Collection<KeySchemaElement> key) {
    Set<String> names = new LinkedHashSet<>();
    for (KeySchemaElement e : key) {
      names.add(e.attributeName());
    }
    return names;
  }

  List<AttributeDefinition> definitions(Collection<String> attributes) {
    List<AttributeDefinition> definitions = new ArrayList<>();
    for (String name : attributes) {
      definitions.add(
          AttributeDefinition.builder().attributeName(name).attributeType(type(name)).build());
    }
    return definitions;
  }

  static Projection projection(IndexProjection projection) {
    if (projection instanceof IndexProjection.Include) {
      return Projection.builder()
          .projectionType(ProjectionType.INCLUDE)
          .nonKeyAttributes(((IndexProjection.Include) projection).attributes())
          .build();
    }
    return Projection.builder()
        .projectionType(
            projection instanceof IndexProjection.All
                ? ProjectionType.ALL
                : ProjectionType.KEYS_ONLY)
        .build();
  }

  boolean provisioned() {
    return spec.capacityMode() == CapacityMode.PROVISIONED;
  }

  /** The declared throughput in provisioned mode, else null. */
  @Nullable ProvisionedThroughput throughput() {
    Throughput t = spec.throughput();
    if (!provisioned() || t == null) {
      return null;
    }
    return ProvisionedThroughput.builder()
        .readCapacityUnits(t.readCapacityUnits())
        .writeCapacityUnits(t.writeCapacityUnits())
        .build();
  }

  /** The declared stream when it is enabled, else null. */
  @Nullable StreamSpecification enabledStream() {
    StreamSettings stream = spec.stream();
    if (stream == null || !stream.enabled() || stream.view() == null) {
      return null;
    }
    return StreamSpecification.builder()
        .streamEnabled(true)
        .streamViewType(stream.view().name())
        .build();
  }

  GlobalSecondaryIndex global(GlobalIndex index) {
    return GlobalSecondaryIndex.builder()
        .indexName(index.name())
        .keySchema(keySchema(index))
        .projection(projection(index.projection()))
        .provisionedThroughput(throughput())
        .build();
  }

  LocalSecondaryIndex local(LocalIndex index) {
    return LocalSecondaryIndex.builder()
        .indexName(index.name())
        .keySchema(keySchema(index))
        .projection(projection(index.projection()))
        .build();
  }

  CreateTableRequest createRequest() {
    Set<String> attributes = attributesOf(keySchema());
    List<GlobalSecondaryIndex> globals = new ArrayList<>();
    for (GlobalIndex index : globals()) {
      globals.add(global(index));
      attributes.addAll(attributesOf(keySchema(index)));
    }
    List<LocalSecondaryIndex> locals = new ArrayList<>();
    for (LocalIndex index : locals()) {
      locals.add(local(index));
      attributes.addAll(attributesOf(keySchema(index)));
    }
    CreateTableRequest.Builder create =
        CreateTableRequest.builder()
            .tableName(table())
            .attributeDefinitions(definitions(attributes))
            .keySchema(keySchema())
            .billingMode(provisioned() ? BillingMode.PROVISIONED : BillingMode.PAY_PER_REQUEST)
            .provisionedThroughput(throughput())
            .streamSpecification(enabledStream());
    if (!globals.isEmpty()) {
      create.globalSecondaryIndexes(globals);
    }
    if (!locals.isEmpty()) {
      create.localSecondaryIndexes(locals);
    }
    return create.build();
  }

  UpdateTableRequest addGlobalRequest(GlobalIndex index) {
    GlobalSecondaryIndex shape = global(index);
    return UpdateTableRequest.builder()
        .tableName(table())
        .attributeDefinitions(definitions(attributesOf(shape.keySchema())))
        .globalSecondaryIndexUpdates(
            GlobalSecondaryIndexUpdate.builder()
                .create(
                    CreateGlobalSecondaryIndexAction.builder()
                        .indexName(shape.indexName())
                        .keySchema(shape.keySchema())
                        .projection(shape.projection())
                        .provisionedThroughput(shape.provisionedThroughput())
                        .build())
                .build())
        .build();
  }

  private static KeySchemaElement element(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }
}
