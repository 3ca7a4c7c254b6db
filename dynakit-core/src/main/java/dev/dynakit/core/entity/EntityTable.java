package dev.dynakit.core.entity;

import dev.dynakit.core.DeclarationException;
import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.schema.AccessPattern;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.TableSpec;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * A single-table design over an {@link Adapter}: an {@link EntityView} per declared entity and the
 * declared access patterns. Everything is written and read through the one Adapter, so its hooks,
 * versions and technical fields apply to every entity. Thread-safe; make one per Adapter.
 *
 * <pre>{@code
 * EntityTable shop = EntityTable.of(Adapter.builder(TableSpec.fromJson(path), dynamo).build());
 * shop.entity("customer", Customer.class).put(new Customer("c42", "Ada", "ada@example.com", "gold"));
 * PatternPage page = shop.pattern("customerWithOrders", Map.of("customerId", "c42"));
 * Customer customer = page.first("customer", Customer.class).orElseThrow();
 * List<Order> orders = page.list("order", Order.class);
 * }</pre>
 */
public final class EntityTable {
  /** The page size of {@link #pattern(String, Map)}. */
  public static final int DEFAULT_LIMIT = 100;

  private final Adapter adapter;
  private final TableSpec spec;
  private final PatternReader patterns;
  private final Map<String, EntityView<?>> views = new ConcurrentHashMap<>();

  private EntityTable(Adapter adapter) {
    this.adapter = adapter;
    this.spec = adapter.spec();
    this.patterns = new PatternReader(this);
  }

  /**
   * The entities of the Adapter's table.
   *
   * @throws DeclarationException when the table declares no entities
   */
  public static EntityTable of(Adapter adapter) {
    if (adapter.spec().entities().isEmpty()) {
      throw new DeclarationException(
          adapter.tableName(),
          List.of(
              new DeclarationException.Problem(
                  "entities", "an entity table needs entities; the table declares none")));
    }
    return new EntityTable(adapter);
  }

  public Adapter adapter() {
    return adapter;
  }

  public TableSpec spec() {
    return spec;
  }

  /** The entity's view with items as maps. */
  @SuppressWarnings("unchecked")
  public EntityView<Map<String, Object>> entity(String name) {
    return (EntityView<Map<String, Object>>)
        views.computeIfAbsent(
            name, n -> new EntityView<>(adapter, declared(n), new MapShape(declared(n))));
  }

  /** The entity's view with items as records of the type. */
  @SuppressWarnings("unchecked")
  public <R extends Record> EntityView<R> entity(String name, Class<R> type) {
    return (EntityView<R>)
        views.computeIfAbsent(
            name + "@" + type.getName(),
            n ->
                new EntityView<>(
                    adapter,
                    declared(name),
                    new RecordShape<>(type, declared(name), spec.versionField())));
  }

  /** The first page ({@value #DEFAULT_LIMIT} items) of an access pattern. */
  public PatternPage pattern(String name, Map<String, ?> params) {
    return pattern(name, params, DEFAULT_LIMIT, null);
  }

  /**
   * A page of an access pattern: at most {@code limit} items in the pattern's order from the cursor
   * (null for the first page). A counting pattern counts instead ({@link PatternPage#count()}).
   *
   * @throws EntityNotDeclaredException when no such pattern is declared
   * @throws dev.dynakit.core.MalformedKeyException when a parameter the key needs is missing
   * @throws dev.dynakit.core.InvalidTokenException when the cursor is not one of this pattern's
   */
  public PatternPage pattern(
      String name, Map<String, ?> params, int limit, @Nullable String cursor) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, got " + limit);
    }
    AccessPattern pattern = pattern(name);
    if (pattern.counts()) {
      return new PatternPage(List.of(), null, patterns.count(pattern, params));
    }
    return patterns.read(pattern, params, limit, cursor);
  }

  /** How many items an access pattern reads (all shards of a sharded key added). */
  public long count(String name, Map<String, ?> params) {
    return patterns.count(pattern(name), params);
  }

  private AccessPattern pattern(String name) {
    AccessPattern pattern = spec.accessPatterns().get(name);
    if (pattern == null) {
      throw new EntityNotDeclaredException(
          "access pattern", name, spec.tableName(), spec.accessPatterns().keySet());
    }
    return pattern;
  }

  private EntitySpec declared(String name) {
    return spec.entity(name)
        .orElseThrow(
            () ->
                new EntityNotDeclaredException(
                    "entity", name, spec.tableName(), spec.entities().keySet()));
  }

  @Override
  public String toString() {
    return "EntityTable[" + spec.tableName() + "]";
  }
}
