package dev.dynakit.advisor.internal;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What the rules and the simulator need to know of a declaration, hierarchical or single-table
 * alike: the key attributes, the fields behind them, the indices, entities and access patterns.
 *
 * @param table the table name
 * @param singleTable whether the declaration is single-table (entities with key templates)
 * @param partitionKey the table's partition key attribute
 * @param sortKey the table's sort key attribute, if any
 * @param technicalPrefix the declared technical prefix, if any
 * @param fieldTypes every field whose type is declared: {@code string}, {@code number}, {@code
 *     boolean}, {@code binary} or a codec name such as {@code localDateIso}
 * @param technicalFields the fields the toolkit maintains, by role ({@code versionField} to its
 *     name)
 * @param ttlField the TTL attribute, if any
 * @param descriptorKey the partition-key value of the toolkit's descriptor row, if any
 * @param filterable the fields that list operations may filter on
 * @param indices the secondary indices
 * @param entities the entity types (single-table); one per hierarchical declaration
 * @param patterns the declared access patterns (single-table) or the toolkit's implicit ones
 */
public record Design(
    String table,
    boolean singleTable,
    String partitionKey,
    @Nullable String sortKey,
    @Nullable String technicalPrefix,
    Map<String, String> fieldTypes,
    Map<String, String> technicalFields,
    @Nullable String ttlField,
    @Nullable String descriptorKey,
    Set<String> filterable,
    List<Index> indices,
    List<Entity> entities,
    List<Pattern> patterns) {

  /** How much of an item an index copies. */
  public enum Projection {
    ALL,
    KEYS_ONLY,
    INCLUDE
  }

  /** Which items an index holds when they lack its key attributes. */
  public enum Sparseness {
    /** Not declared sparse. */
    NONE,
    /** Declared sparse with no predicate saying which items set the key. */
    UNSTATED,
    /** Declared sparse with a predicate ({@code when}). */
    PREDICATE
  }

  /**
   * A secondary index.
   *
   * @param name its name
   * @param global GSI (true) or LSI (false)
   * @param partitionKey its partition key attributes (an LSI's is the table's)
   * @param sortKey its sort key attributes
   * @param projection what it copies
   * @param included the attributes an {@code INCLUDE} projection copies
   * @param sparse whether and how it is declared sparse
   * @param indirect whether reads fetch the items from the table after the index
   */
  public record Index(
      String name,
      boolean global,
      List<String> partitionKey,
      List<String> sortKey,
      Projection projection,
      List<String> included,
      Sparseness sparse,
      boolean indirect) {}

  /**
   * A key attribute's value for one entity.
   *
   * @param template the template ({@code CUSTOMER#{customerId}}); for a hierarchical table the
   *     field name in braces
   * @param conditional whether it is set only when a predicate holds ({@code when})
   */
  public record KeyTemplate(String template, boolean conditional) {
    /** The field names in the template's placeholders, in order ({@code {line:4}} gives line). */
    public List<String> fields() {
      Set<String> names = new LinkedHashSet<>();
      int at = 0;
      while ((at = template.indexOf('{', at)) >= 0) {
        int end = template.indexOf('}', at);
        if (end < 0) {
          break;
        }
        String inner = template.substring(at + 1, end);
        int colon = inner.indexOf(':');
        names.add(colon < 0 ? inner : inner.substring(0, colon));
        at = end + 1;
      }
      return List.copyOf(names);
    }

    /** Whether the template has no placeholder: every item gets the same value. */
    public boolean constant() {
      return fields().isEmpty();
    }
  }

  /**
   * An entity type.
   *
   * @param name its name
   * @param fields its fields with their types
   * @param keys its key attributes' templates
   * @param shards how many ways its partition key is sharded (1 when not)
   */
  public record Entity(
      String name, Map<String, String> fields, Map<String, KeyTemplate> keys, int shards) {}

  /**
   * A condition on one key attribute.
   *
   * @param attribute the key attribute
   * @param op {@code eq}, {@code beginsWith}, {@code between}, {@code lt}, {@code le}, {@code gt}
   *     or {@code ge}
   * @param template the value's template
   */
  public record KeyCondition(String attribute, String op, String template) {
    /** Whether the condition selects a range rather than one value. */
    public boolean range() {
      return !op.equals("eq");
    }
  }

  /**
   * An access pattern.
   *
   * @param name its name
   * @param index the index it reads, or null for the table
   * @param key its key conditions
   * @param filters the fields it filters on after reading
   * @param implicit whether the toolkit implies it rather than the declaration naming it
   */
  public record Pattern(
      String name,
      @Nullable String index,
      List<KeyCondition> key,
      List<String> filters,
      boolean implicit) {
    /** The condition on {@code attribute}, if any. */
    public Optional<KeyCondition> on(String attribute) {
      return key.stream().filter(c -> c.attribute().equals(attribute)).findFirst();
    }
  }

  /** The index named {@code name}, if declared. */
  public Optional<Index> index(String name) {
    return indices.stream().filter(i -> i.name().equals(name)).findFirst();
  }

  /** The partition key attributes of {@code index}, or of the table for null. */
  public List<String> partitionKeyOf(@Nullable String index) {
    if (index == null) {
      return List.of(partitionKey);
    }
    Index found = index(index).orElse(null);
    if (found == null) {
      return List.of();
    }
    return found.global() ? found.partitionKey() : List.of(partitionKey);
  }

  /** The sort key attributes of {@code index}, or of the table for null. */
  public List<String> sortKeyOf(@Nullable String index) {
    if (index == null) {
      return sortKey == null ? List.of() : List.of(sortKey);
    }
    return index(index).map(Index::sortKey).orElse(List.of());
  }

  /**
   * The fields whose values make up {@code attribute}: the placeholders of its templates
   * (single-table), or the attribute itself (hierarchical, where key attributes are fields).
   */
  public Set<String> fieldsBehind(String attribute) {
    Set<String> fields = new LinkedHashSet<>();
    for (Entity entity : entities) {
      KeyTemplate template = entity.keys().get(attribute);
      if (template != null) {
        fields.addAll(template.fields());
      }
    }
    if (!singleTable && fields.isEmpty()) {
      fields.add(attribute);
    }
    return fields;
  }

  /** The declared type of {@code field}, or null when the declaration does not say. */
  public @Nullable String typeOf(String field) {
    String type = fieldTypes.get(field);
    if (type != null) {
      return type;
    }
    for (Entity entity : entities) {
      String declared = entity.fields().get(field);
      if (declared != null) {
        return declared;
      }
    }
    return null;
  }
}
