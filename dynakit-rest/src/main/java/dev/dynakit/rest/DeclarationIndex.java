package dev.dynakit.rest;

import dev.dynakit.core.entity.EntityTable;
import dev.dynakit.core.schema.AccessPattern;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.TableSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * What {@code GET /} of a single-table declaration answers: where each entity and each access
 * pattern is, with the key and the parameters it takes, so that a client can find its way.
 *
 * <pre>{@code
 * {"table": "shop",
 *  "entities": {"order": "order/{customerId}:{orderDate}:{orderId}", ...},
 *  "patterns": {"customerWithOrders": "-patterns/customerWithOrders?customerId={customerId}", ...}}
 * }</pre>
 */
final class DeclarationIndex {
  private DeclarationIndex() {}

  static Map<String, Object> of(EntityTable table, RestPolicy policy) {
    TableSpec spec = table.spec();
    Map<String, Object> entities = new LinkedHashMap<>();
    for (EntitySpec entity : spec.entities().values()) {
      StringJoiner key = new StringJoiner(policy.keySeparator());
      for (String field : table.entity(entity.name()).keyFields()) {
        key.add("{" + field + "}");
      }
      entities.put(entity.name(), entity.name() + "/" + key);
    }
    Map<String, Object> patterns = new LinkedHashMap<>();
    for (AccessPattern pattern : spec.accessPatterns().values()) {
      StringJoiner query = new StringJoiner("&", "?", "").setEmptyValue("");
      List<String> parameters = pattern.parameters();
      for (String field : parameters) {
        query.add(field + "={" + field + "}");
      }
      patterns.put(
          pattern.name(),
          policy.methodPrefix() + EntityDispatch.PATTERNS + "/" + pattern.name() + query);
    }
    Map<String, Object> index = new LinkedHashMap<>();
    index.put("table", spec.tableName());
    index.put("entities", entities);
    index.put("patterns", patterns);
    return index;
  }
}
