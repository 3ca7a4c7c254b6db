package dev.dynakit.rest;

import dev.dynakit.core.InvalidCursorException;
import dev.dynakit.core.InvalidTokenException;
import dev.dynakit.core.entity.EntityItem;
import dev.dynakit.core.entity.EntityTable;
import dev.dynakit.core.entity.PatternPage;
import dev.dynakit.core.schema.AccessPattern;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A declared access pattern served by an {@link EntityTable}: its parameters are typed by the
 * fields of the entities it returns, and each item goes out as JSON with its type field.
 */
final class TablePattern implements PatternEndpoint {
  private final EntityTable table;
  private final TableSpec spec;
  private final AccessPattern pattern;

  TablePattern(EntityTable table, AccessPattern pattern) {
    this.table = table;
    this.spec = table.spec();
    this.pattern = pattern;
  }

  @Override
  public List<String> parameters() {
    return pattern.parameters();
  }

  @Override
  public Object parameter(String name, String text) {
    for (String returned : pattern.returns()) {
      EntitySpec entity = spec.entities().get(returned);
      if (entity != null && entity.fields().containsKey(name)) {
        return FieldTexts.value(entity, name, text, "BadParameter");
      }
    }
    return text;
  }

  @Override
  public boolean counts() {
    return pattern.counts();
  }

  @Override
  public Page read(Map<String, Object> parameters, int limit, @Nullable String cursor) {
    PatternPage page;
    try {
      page = table.pattern(pattern.name(), parameters, limit, cursor);
    } catch (InvalidTokenException | InvalidCursorException e) {
      throw RestException.badRequest(
          "BadCursor",
          "cursor is not one of access pattern "
              + Texts.quote(pattern.name())
              + "'s (send the cursor of the previous answer, with the same parameters): "
              + e.getMessage());
    }
    List<Map<String, Object>> items = new ArrayList<>();
    for (EntityItem item : page.items()) {
      EntitySpec entity = spec.entities().get(item.entity());
      items.add(
          entity == null
              ? item.fields()
              : new LinkedHashMap<>(EntityJson.tree(entity, item.fields())));
    }
    return new Page(items, page.cursor());
  }

  @Override
  public long count(Map<String, Object> parameters) {
    return table.count(pattern.name(), parameters);
  }
}
