package dev.dynakit.core.schema;

import dev.dynakit.core.DeclarationException;
import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.item.FieldCodec;
import dev.dynakit.core.item.ItemConverter;
import dev.dynakit.core.item.RecordCodec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The declaration of one table: its key design, indices, technical fields, filter and search rules,
 * field codecs and provisioning knobs. Built with {@link #builder(String)} or read with {@link
 * #fromJson(Path)}; immutable, validated completely when built.
 *
 * <pre>{@code
 * TableSpec rentals = TableSpec.builder("rentals")
 *     .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.number("car", 5))
 *     .structuralKey("_sk")
 *     .technicalPrefix("_")
 *     .index(IndexSpec.global("byStatus").partitionKey("status").sortKey("rentedAt").build())
 *     .typeLabels("state", "city", "car")
 *     .versionField("_v")
 *     .build();
 * }</pre>
 */
public final class TableSpec {
  /** The search-mirror prefix of the reference toolkit, used when no technical prefix is set. */
  public static final String DEFAULT_SEARCHABLE_PREFIX = "-search-";

  private final String table;
  private final List<KeyField> keyFields;
  private final @Nullable StructuralKey structuralKey;
  private final Map<String, IndexSpec> indices;
  private final List<String> typeLabels;
  private final @Nullable String typeDiscriminator;
  private final @Nullable String typeField;
  private final @Nullable String technicalPrefix;
  private final Set<String> searchable;
  private final String searchablePrefix;
  private final Map<String, FilterRule> filterable;
  private final @Nullable String versionField;
  private final @Nullable String createdAtField;
  private final boolean structuralRelationships;
  private final @Nullable String descriptorKey;
  private final Map<String, String> projectionFieldMap;
  private final Map<String, FieldCodec<?>> codecs;
  private final CapacityMode capacityMode;
  private final @Nullable Throughput throughput;
  private final @Nullable String ttlField;
  private final @Nullable StreamSettings stream;
  private final @Nullable KeyEncoder keyEncoder;
  private final ItemConverter itemConverter;
  private final boolean genericKeys;
  private final Map<String, EntitySpec> entities;
  private final Map<String, AccessPattern> accessPatterns;

  private TableSpec(Builder b, Map<String, IndexSpec> resolvedIndices) {
    this.table = b.table;
    this.keyFields = List.copyOf(b.keyFields);
    this.structuralKey = b.structuralKey;
    this.indices = Collections.unmodifiableMap(new LinkedHashMap<>(resolvedIndices));
    this.typeLabels = List.copyOf(b.typeLabels);
    this.typeDiscriminator = b.typeDiscriminator;
    this.typeField = b.typeField;
    this.technicalPrefix = b.technicalPrefix;
    this.searchable = Collections.unmodifiableSet(new LinkedHashSet<>(b.searchable));
    this.searchablePrefix = b.resolvedSearchablePrefix();
    this.filterable = Collections.unmodifiableMap(new LinkedHashMap<>(b.filterable));
    this.versionField = b.versionField;
    this.createdAtField = b.createdAtField;
    this.structuralRelationships = b.structuralRelationships;
    this.descriptorKey = b.descriptorKey;
    this.projectionFieldMap =
        Collections.unmodifiableMap(new LinkedHashMap<>(b.projectionFieldMap));
    this.codecs = Collections.unmodifiableMap(new LinkedHashMap<>(b.codecs));
    this.capacityMode = b.capacityMode;
    this.throughput = b.throughput;
    this.ttlField = b.ttlField;
    this.stream = b.stream;
    this.genericKeys = b.genericKeys;
    this.keyEncoder =
        structuralKey == null || genericKeys ? null : new KeyEncoder(keyFields, structuralKey);
    this.entities = Collections.unmodifiableMap(new LinkedHashMap<>(b.entities));
    this.accessPatterns = Collections.unmodifiableMap(new LinkedHashMap<>(b.accessPatterns));
    this.itemConverter = ItemConverter.of(codecs);
  }

  /** Starts a declaration of the named table. */
  public static Builder builder(String table) {
    return new Builder(table);
  }

  /**
   * Reads a declaration file (JSON with the reference toolkit's option names).
   *
   * @throws DeclarationException listing every shape and rule problem found
   */
  public static TableSpec fromJson(Path file) {
    return SpecJsonReader.read(file);
  }

  /**
   * Reads a declaration from JSON text.
   *
   * @throws DeclarationException listing every shape and rule problem found
   */
  public static TableSpec fromJson(String json) {
    return SpecJsonReader.read(json);
  }

  /**
   * This declaration as JSON text in the file format {@link #fromJson(String)} reads. Sparse
   * conditions ({@link SparseCondition}) are written as {@code {"when": ...}}; Java predicates
   * cannot be written as JSON and appear as {@code {"onlyWhen": "<predicate>"}}.
   */
  public String toJson() {
    return SpecJsonWriter.write(this);
  }

  /** A builder holding this declaration, to derive another. */
  public Builder toBuilder() {
    Builder b = new Builder(table);
    b.keyFields.addAll(keyFields);
    b.structuralKey = structuralKey;
    b.indices.putAll(indices);
    b.typeLabels = typeLabels;
    b.typeDiscriminator = typeDiscriminator;
    b.typeField = typeField;
    b.technicalPrefix = technicalPrefix;
    b.searchable.addAll(searchable);
    b.searchablePrefix = searchablePrefix;
    b.filterable.putAll(filterable);
    b.versionField = versionField;
    b.createdAtField = createdAtField;
    b.structuralRelationships = structuralRelationships;
    b.descriptorKey = descriptorKey;
    b.projectionFieldMap.putAll(projectionFieldMap);
    b.codecs.putAll(codecs);
    b.capacityMode = capacityMode;
    b.throughput = throughput;
    b.ttlField = ttlField;
    b.stream = stream;
    b.genericKeys = genericKeys;
    b.entities.putAll(entities);
    b.accessPatterns.putAll(accessPatterns);
    return b;
  }

  // ---- the declaration

  /** The table name. */
  public String tableName() {
    return table;
  }

  /** The key fields: the partition key first, then the tiers of the hierarchy. */
  public List<KeyField> keyFields() {
    return keyFields;
  }

  /** The partition key field. */
  public KeyField partitionKey() {
    return keyFields.get(0);
  }

  /** The structural key (the table's sort key), or null for a partition-key-only table. */
  public @Nullable StructuralKey structuralKey() {
    return structuralKey;
  }

  /**
   * Whether the table has generic key attributes ({@code partitionKey} / {@code sortKey}) whose
   * values its entities' key templates compose: a single-table design. The sort key is then {@link
   * #structuralKey()} with no encoder: its value is written as composed.
   */
  public boolean genericKeys() {
    return genericKeys;
  }

  /** The entities of a single-table design by name, in declaration order (empty otherwise). */
  public Map<String, EntitySpec> entities() {
    return entities;
  }

  /** The entity with this name. */
  public Optional<EntitySpec> entity(String name) {
    return Optional.ofNullable(entities.get(name));
  }

  /**
   * The entity whose key templates made the item's primary key; the declaration guarantees there is
   * at most one.
   */
  public Optional<EntitySpec> entityOf(Map<String, ?> item) {
    List<String> primary = primaryKeyNames();
    for (EntitySpec entity : entities.values()) {
      if (entity.keySlots(primary, item).isPresent()) {
        return Optional.of(entity);
      }
    }
    return Optional.empty();
  }

  /** The access patterns by name, in declaration order. */
  public Map<String, AccessPattern> accessPatterns() {
    return accessPatterns;
  }

  /** The encoder of the structural key, or null when none is declared or the keys are generic. */
  public @Nullable KeyEncoder keyEncoder() {
    return keyEncoder;
  }

  /** The attributes of the table's primary key: the partition key and the structural key. */
  public List<String> primaryKeyNames() {
    return structuralKey == null
        ? List.of(partitionKey().name())
        : List.of(partitionKey().name(), structuralKey.name());
  }

  /** The indices by name, in declaration order. */
  public Map<String, IndexSpec> indices() {
    return indices;
  }

  /** The index with this name. */
  public Optional<IndexSpec> index(String name) {
    return Optional.ofNullable(indices.get(name));
  }

  /** One label per key-field depth, or empty. */
  public List<String> typeLabels() {
    return typeLabels;
  }

  public @Nullable String typeDiscriminator() {
    return typeDiscriminator;
  }

  /** The field that full writes stamp with {@link #typeOf(Map)}, or null. */
  public @Nullable String typeField() {
    return typeField;
  }

  /** The prefix that marks fields belonging to the toolkit, or null. */
  public @Nullable String technicalPrefix() {
    return technicalPrefix;
  }

  /** The fields that get a lower-case search mirror, in declaration order. */
  public Set<String> searchable() {
    return searchable;
  }

  /** The prefix of search-mirror attribute names. */
  public String searchablePrefix() {
    return searchablePrefix;
  }

  /** The mirror attribute of a searchable field: the searchable prefix plus the field name. */
  public String searchMirror(String field) {
    return searchablePrefix + field;
  }

  /** The filterable fields and what each allows. */
  public Map<String, FilterRule> filterable() {
    return filterable;
  }

  /** The optimistic-concurrency counter field, or null. */
  public @Nullable String versionField() {
    return versionField;
  }

  /** The first-insert time field (used to freeze mass operations "as of" a time), or null. */
  public @Nullable String createdAtField() {
    return createdAtField;
  }

  /** Whether the hierarchy of the key is a parent/child relationship that cascades may follow. */
  public boolean structuralRelationships() {
    return structuralRelationships;
  }

  /** The partition-key value of the reserved descriptor row, or null. */
  public @Nullable String descriptorKey() {
    return descriptorKey;
  }

  /** Projection aliases: requested first path segment to real attribute. */
  public Map<String, String> projectionFieldMap() {
    return projectionFieldMap;
  }

  /** The per-field codecs. */
  public Map<String, FieldCodec<?>> codecs() {
    return codecs;
  }

  public CapacityMode capacityMode() {
    return capacityMode;
  }

  /** Provisioned throughput (in {@link CapacityMode#PROVISIONED} mode), or null. */
  public @Nullable Throughput throughput() {
    return throughput;
  }

  /** The DynamoDB TTL attribute (epoch seconds), or null. */
  public @Nullable String ttlField() {
    return ttlField;
  }

  public @Nullable StreamSettings stream() {
    return stream;
  }

  // ---- derived behaviour

  /** Converts items with this declaration's codecs. */
  public ItemConverter itemConverter() {
    return itemConverter;
  }

  /** A record codec that applies this declaration's codecs to components of the same name. */
  public <R extends Record> RecordCodec<R> recordCodec(Class<R> type) {
    return RecordCodec.builder(type).fields(codecs).build();
  }

  /** Whether a field belongs to the toolkit (starts with the technical prefix). */
  public boolean isTechnical(String field) {
    return technicalPrefix != null && field.startsWith(technicalPrefix);
  }

  /** How many key fields, from the first, the item has (non-null). */
  public int depthOf(Map<String, ?> item) {
    int depth = 0;
    while (depth < keyFields.size() && item.get(keyFields.get(depth).name()) != null) {
      depth++;
    }
    return depth;
  }

  /**
   * The item's type: in a single-table design, the entity that made its primary key; else the
   * discriminator field's value when declared and present; otherwise the type label of its depth,
   * or the depth as text when no labels are declared; null at depth 0.
   */
  public @Nullable String typeOf(Map<String, ?> item) {
    if (!entities.isEmpty()) {
      return entityOf(item).map(EntitySpec::name).orElse(null);
    }
    if (typeDiscriminator != null) {
      Object value = item.get(typeDiscriminator);
      if (value != null) {
        return String.valueOf(value);
      }
    }
    int depth = depthOf(item);
    if (depth == 0) {
      return null;
    }
    return typeLabels.isEmpty() ? Integer.toString(depth) : typeLabels.get(depth - 1);
  }

  /**
   * The key-field values given, in tier order, requiring them contiguous from the first.
   *
   * @throws MalformedKeyException when the partition key is missing or a tier follows a gap
   */
  public List<Object> keyPath(Map<String, ?> values) {
    List<Object> path = new ArrayList<>();
    String gap = null;
    for (KeyField field : keyFields) {
      Object value = values.get(field.name());
      if (value == null) {
        if (gap == null) {
          gap = field.name();
        }
      } else if (gap != null) {
        throw new MalformedKeyException(
            field.name(),
            "given without '" + gap + "'; key fields are filled contiguously from the first");
      } else {
        path.add(value);
      }
    }
    if (path.isEmpty()) {
      throw new MalformedKeyException(partitionKey().name(), "the partition key is required");
    }
    return path;
  }

  /**
   * The item's structural-key value, or null when no structural key is declared or the item has no
   * key fields.
   */
  public @Nullable String structuralKeyOf(Map<String, ?> item) {
    return keyEncoder == null ? null : keyEncoder.encode(item);
  }

  /**
   * The declared type of a field for reading filter values: the filterable declaration, then the
   * key fields, then the index keys; string otherwise.
   */
  public ScalarType fieldType(String field) {
    FilterRule rule = filterable.get(field);
    if (rule != null && rule.type() != null) {
      return rule.type();
    }
    for (KeyField key : keyFields) {
      if (key.name().equals(field)) {
        return key.type();
      }
    }
    if (structuralKey != null && structuralKey.name().equals(field)) {
      return ScalarType.STRING;
    }
    for (IndexSpec index : indices.values()) {
      for (IndexKey key : SpecValidator.keysOf(index)) {
        if (key.name().equals(field)) {
          return key.type();
        }
      }
    }
    return ScalarType.STRING;
  }

  /** The partition-key attributes of an index (an LSI's is the table's). */
  public List<String> partitionKeyNames(IndexSpec index) {
    if (index instanceof GlobalIndex) {
      return ((GlobalIndex) index).partitionKeyNames();
    }
    return List.of(partitionKey().name());
  }

  /**
   * The index whose (first) sort-key attribute is the field: the first such LSI, else the first
   * such GSI.
   */
  public Optional<IndexSpec> indexForSort(String field) {
    IndexSpec global = null;
    for (IndexSpec index : indices.values()) {
      List<String> sort = index.sortKeyNames();
      if (!sort.isEmpty() && sort.get(0).equals(field)) {
        if (index instanceof LocalIndex) {
          return Optional.of(index);
        }
        if (global == null) {
          global = index;
        }
      }
    }
    return Optional.ofNullable(global);
  }

  @Override
  public String toString() {
    return "TableSpec[" + table + "]";
  }

  /**
   * Assembles a {@link TableSpec}. Setters only record; {@link #build()} checks every rule and
   * reports all problems at once.
   */
  public static final class Builder {
    final String table;
    final List<KeyField> keyFields = new ArrayList<>();
    @Nullable StructuralKey structuralKey;
    final Map<String, IndexSpec> indices = new LinkedHashMap<>();
    final List<String> repeatedIndices = new ArrayList<>();
    final Map<String, SparseRule> sparseOverrides = new LinkedHashMap<>();
    List<String> typeLabels = List.of();
    @Nullable String typeDiscriminator;
    @Nullable String typeField;
    @Nullable String technicalPrefix;
    final Set<String> searchable = new LinkedHashSet<>();
    @Nullable String searchablePrefix;
    final Map<String, FilterRule> filterable = new LinkedHashMap<>();
    @Nullable String versionField;
    @Nullable String createdAtField;
    boolean structuralRelationships;
    @Nullable String descriptorKey;
    final Map<String, String> projectionFieldMap = new LinkedHashMap<>();
    final Map<String, FieldCodec<?>> codecs = new LinkedHashMap<>();
    CapacityMode capacityMode = CapacityMode.PAY_PER_REQUEST;
    @Nullable Throughput throughput;
    @Nullable String ttlField;
    @Nullable StreamSettings stream;
    boolean genericKeys;
    final Map<String, EntitySpec> entities = new LinkedHashMap<>();
    final List<String> repeatedEntities = new ArrayList<>();
    final Map<String, AccessPattern> accessPatterns = new LinkedHashMap<>();
    final List<String> repeatedPatterns = new ArrayList<>();
    final List<DeclarationException.Problem> shapeProblems = new ArrayList<>();

    Builder(String table) {
      this.table = table;
    }

    /** Replaces the key fields: the partition key first, then the hierarchy tiers. */
    public Builder keyFields(KeyField... fields) {
      keyFields.clear();
      keyFields.addAll(List.of(fields));
      return this;
    }

    /** Appends a key field. */
    public Builder keyField(KeyField field) {
      keyFields.add(field);
      return this;
    }

    /** Appends a string key field. */
    public Builder keyField(String name) {
      return keyField(KeyField.string(name));
    }

    /**
     * The table's generic partition-key attribute (a string, {@code PK}), whose values the
     * entities' key templates compose; replaces the key fields.
     */
    public Builder partitionKey(String attribute) {
      keyFields.clear();
      keyFields.add(KeyField.string(attribute));
      genericKeys = true;
      return this;
    }

    /** The table's generic sort-key attribute (a string, {@code SK}), composed by templates. */
    public Builder sortKey(String attribute) {
      this.structuralKey = StructuralKey.of(attribute);
      genericKeys = true;
      return this;
    }

    /** Adds an entity of a single-table design; a repeated name is reported at build time. */
    public Builder entity(EntitySpec entity) {
      if (entities.putIfAbsent(entity.name(), entity) != null) {
        repeatedEntities.add(entity.name());
      }
      return this;
    }

    /** Adds an entity from its builder. */
    public Builder entity(EntitySpec.Builder entity) {
      return entity(entity.build());
    }

    /** Adds a named access pattern; a repeated name is reported at build time. */
    public Builder accessPattern(AccessPattern pattern) {
      if (accessPatterns.putIfAbsent(pattern.name(), pattern) != null) {
        repeatedPatterns.add(pattern.name());
      }
      return this;
    }

    /** Adds an access pattern from its builder. */
    public Builder accessPattern(AccessPattern.Builder pattern) {
      return accessPattern(pattern.build());
    }

    /** The structural key with the default separator {@code |}. */
    public Builder structuralKey(String name) {
      return structuralKey(StructuralKey.of(name));
    }

    public Builder structuralKey(String name, String separator) {
      return structuralKey(StructuralKey.of(name, separator));
    }

    public Builder structuralKey(StructuralKey key) {
      this.structuralKey = key;
      return this;
    }

    /** Adds an index; a second index with the same name is reported at build time. */
    public Builder index(IndexSpec index) {
      if (indices.putIfAbsent(index.name(), index) != null) {
        repeatedIndices.add(index.name());
      }
      return this;
    }

    /** Adds a global index from its builder. */
    public Builder index(GlobalIndex.Builder index) {
      return index(index.build());
    }

    /** Adds a local index from its builder. */
    public Builder index(LocalIndex.Builder index) {
      return index(index.build());
    }

    /**
     * Makes an index sparse by rule, for declarations read from a file (a predicate cannot be
     * written in JSON).
     */
    public Builder sparseWhen(
        String index, java.util.function.Predicate<Map<String, Object>> rule) {
      sparseOverrides.put(index, SparseRule.onlyWhen(rule));
      return this;
    }

    /** One label per key-field depth, used by {@link TableSpec#typeOf(Map)}. */
    public Builder typeLabels(String... labels) {
      this.typeLabels = List.of(labels);
      return this;
    }

    public Builder typeLabels(List<String> labels) {
      this.typeLabels = List.copyOf(labels);
      return this;
    }

    /** A field whose value, when present, is the item's type. */
    public Builder typeDiscriminator(String field) {
      this.typeDiscriminator = field;
      return this;
    }

    /** A field that full writes stamp with the item's type. */
    public Builder typeField(String field) {
      this.typeField = field;
      return this;
    }

    public Builder technicalPrefix(String prefix) {
      this.technicalPrefix = prefix;
      return this;
    }

    /** Fields that get a lower-case search mirror. */
    public Builder searchable(String... fields) {
      searchable.addAll(List.of(fields));
      return this;
    }

    /**
     * The prefix of search mirrors; defaults to the technical prefix plus {@code search-}, or
     * {@value TableSpec#DEFAULT_SEARCHABLE_PREFIX} without a technical prefix.
     */
    public Builder searchablePrefix(String prefix) {
      this.searchablePrefix = prefix;
      return this;
    }

    /** Allows filtering a field with the given operators. */
    public Builder filterable(String field, FilterOp... ops) {
      filterable.put(field, new FilterRule(Set.of(ops), null));
      return this;
    }

    /** Allows filtering a field, reading text values as the given type. */
    public Builder filterable(String field, ScalarType type, FilterOp... ops) {
      filterable.put(field, new FilterRule(Set.of(ops), type));
      return this;
    }

    public Builder versionField(String field) {
      this.versionField = field;
      return this;
    }

    public Builder createdAtField(String field) {
      this.createdAtField = field;
      return this;
    }

    /** Declares the key hierarchy a parent/child relationship that cascades may follow. */
    public Builder structuralRelationships(boolean value) {
      this.structuralRelationships = value;
      return this;
    }

    public Builder descriptorKey(String key) {
      this.descriptorKey = key;
      return this;
    }

    /** A projection alias: a requested first path segment {@code alias} reads {@code field}. */
    public Builder projectionAlias(String alias, String field) {
      projectionFieldMap.put(alias, field);
      return this;
    }

    /** A codec applied to the field on every write and read. */
    public Builder codec(String field, FieldCodec<?> codec) {
      codecs.put(field, codec);
      return this;
    }

    public Builder capacityMode(CapacityMode mode) {
      this.capacityMode = mode;
      return this;
    }

    /** Provisioned mode with these read and write units. */
    public Builder provisioned(long readCapacityUnits, long writeCapacityUnits) {
      this.capacityMode = CapacityMode.PROVISIONED;
      this.throughput = new Throughput(readCapacityUnits, writeCapacityUnits);
      return this;
    }

    public Builder throughput(@Nullable Throughput value) {
      this.throughput = value;
      return this;
    }

    /** The DynamoDB TTL attribute (epoch seconds). */
    public Builder ttlField(String field) {
      this.ttlField = field;
      return this;
    }

    public Builder stream(StreamView view) {
      this.stream = StreamSettings.of(view);
      return this;
    }

    public Builder stream(@Nullable StreamSettings settings) {
      this.stream = settings;
      return this;
    }

    String resolvedSearchablePrefix() {
      if (searchablePrefix != null) {
        return searchablePrefix;
      }
      return technicalPrefix == null || technicalPrefix.isEmpty()
          ? DEFAULT_SEARCHABLE_PREFIX
          : technicalPrefix + "search-";
    }

    /**
     * Checks every rule and builds the declaration.
     *
     * @throws DeclarationException listing every problem found
     */
    public TableSpec build() {
      Map<String, IndexSpec> resolved = new LinkedHashMap<>(indices);
      List<DeclarationException.Problem> problems = new ArrayList<>(shapeProblems);
      sparseOverrides.forEach(
          (name, rule) -> {
            IndexSpec index = resolved.get(name);
            if (index == null) {
              problems.add(
                  new DeclarationException.Problem(
                      "indices." + name, "sparseWhen names an index that is not declared"));
            } else {
              resolved.put(name, index.withSparse(rule));
            }
          });
      problems.addAll(new SpecValidator(this, resolved).validate());
      problems.addAll(new EntityRules(this, resolved).validate());
      if (!problems.isEmpty()) {
        throw new DeclarationException(table, problems);
      }
      return new TableSpec(this, resolved);
    }
  }
}
