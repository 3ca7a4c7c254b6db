package dev.dynakit.core.entity;

import dev.dynakit.core.item.FieldCodec;
import dev.dynakit.core.schema.AccessPattern;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.GlobalIndex;
import dev.dynakit.core.schema.IndexProjection;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyTemplate;
import dev.dynakit.core.schema.ShardSpec;
import dev.dynakit.core.schema.SortCondition;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * An access pattern with its parameters filled in: the partition-key value of every shard, the
 * sort-key condition, and the Query of one shard. Pure: it builds requests and sends none.
 */
final class PatternQuery {
  private final TableSpec spec;
  private final AccessPattern pattern;
  private final @Nullable IndexSpec index;
  private final List<EntitySpec> candidates = new ArrayList<>();
  private final Map<String, Object> params;
  private final List<String> partitions = new ArrayList<>();
  private final @Nullable String sortAttribute;
  private final List<String> positionAttributes = new ArrayList<>();

  PatternQuery(TableSpec spec, AccessPattern pattern, Map<String, ?> given) {
    this.spec = spec;
    this.pattern = pattern;
    this.index = pattern.index() == null ? null : spec.indices().get(pattern.index());
    for (EntitySpec entity : spec.entities().values()) {
      if (pattern.returns().isEmpty() || pattern.returns().contains(entity.name())) {
        candidates.add(entity);
      }
    }
    this.params = stored(given);
    int shards = pattern.sharded() ? shardCount() : 1;
    for (int shard = 0; shard < shards; shard++) {
      partitions.add(pattern.partitionKey().compose(params, pattern.sharded() ? shard : null));
    }
    positionAttributes.addAll(spec.primaryKeyNames());
    if (index == null) {
      sortAttribute = spec.primaryKeyNames().size() > 1 ? spec.primaryKeyNames().get(1) : null;
    } else {
      if (index instanceof GlobalIndex global) {
        positionAttributes.addAll(global.partitionKeyNames());
      }
      positionAttributes.addAll(index.sortKeyNames());
      sortAttribute = index.sortKeyNames().isEmpty() ? null : index.sortKeyNames().get(0);
    }
  }

  AccessPattern pattern() {
    return pattern;
  }

  /** The partition-key value of each shard (one for an unsharded key). */
  List<String> partitions() {
    return partitions;
  }

  /** The attribute the items are ordered by, or null. */
  @Nullable String sortAttribute() {
    return sortAttribute;
  }

  /** The attributes of a position to resume from (DynamoDB's ExclusiveStartKey). */
  List<String> positionAttributes() {
    return positionAttributes;
  }

  /** Whether the index holds only keys, so items are read from the table afterwards. */
  boolean keysOnly() {
    return index != null
        && (index.indirect() || index.projection() instanceof IndexProjection.KeysOnly);
  }

  /** Whether the pattern may return the entity. */
  boolean returns(EntitySpec entity) {
    return candidates.contains(entity);
  }

  /** The parameters as canonical text, for the scope of the pattern's cursors. */
  String canonicalParameters() {
    return pattern.name() + new TreeMap<>(params);
  }

  /** The Query of one shard. */
  QueryRequest.Builder query(int shard) {
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    names.put("#pk", pattern.partitionAttribute());
    values.put(":pk", AttributeValue.fromS(partitions.get(shard)));
    String condition = "#pk = :pk";
    SortCondition sort = pattern.sortKey();
    if (sort != null) {
      names.put("#sk", sort.attribute());
      List<KeyTemplate> operands = sort.operands();
      for (int i = 0; i < operands.size(); i++) {
        values.put(":s" + i, AttributeValue.fromS(operands.get(i).compose(params)));
      }
      condition += " AND " + sortExpression(sort);
    }
    QueryRequest.Builder query =
        QueryRequest.builder()
            .tableName(spec.tableName())
            .keyConditionExpression(condition)
            .expressionAttributeNames(names)
            .expressionAttributeValues(values)
            .scanIndexForward(!pattern.descending());
    if (index != null) {
      query.indexName(index.name());
    } else {
      query.consistentRead(true);
    }
    return query;
  }

  /** A count filter on the type field, when the pattern names its entities and can see types. */
  void countFilter(
      QueryRequest.Builder query, Map<String, String> names, Map<String, AttributeValue> values) {
    String typeField = spec.typeField();
    if (pattern.returns().isEmpty() || typeField == null || keysOnly()) {
      return;
    }
    List<String> placeholders = new ArrayList<>();
    for (int i = 0; i < pattern.returns().size(); i++) {
      placeholders.add(":t" + i);
      values.put(":t" + i, AttributeValue.fromS(pattern.returns().get(i)));
    }
    names.put("#type", typeField);
    query
        .filterExpression("#type IN (" + String.join(", ", placeholders) + ")")
        .expressionAttributeNames(names)
        .expressionAttributeValues(values);
  }

  private static String sortExpression(SortCondition sort) {
    return switch (sort.op()) {
      case EQ -> "#sk = :s0";
      case LT -> "#sk < :s0";
      case LE -> "#sk <= :s0";
      case GT -> "#sk > :s0";
      case GE -> "#sk >= :s0";
      case BEGINS_WITH -> "begins_with(#sk, :s0)";
      case BETWEEN -> "#sk BETWEEN :s0 AND :s1";
    };
  }

  /** The shard count of the sharded entities the pattern may return (the largest). */
  private int shardCount() {
    int count = 1;
    for (EntitySpec entity : candidates) {
      ShardSpec shards = entity.shards();
      if (shards != null) {
        count = Math.max(count, shards.count());
      }
    }
    return count;
  }

  /** Parameters in stored form, through the codec of a returned entity's field of that name. */
  private Map<String, Object> stored(Map<String, ?> given) {
    Map<String, Object> stored = new LinkedHashMap<>();
    given.forEach(
        (name, value) -> {
          if (value == null) {
            return;
          }
          FieldCodec<?> codec = null;
          for (EntitySpec entity : candidates) {
            codec = codec == null ? entity.codecs().get(name) : codec;
          }
          stored.put(name, codec == null ? value : codec.normalize(value));
        });
    return stored;
  }
}
