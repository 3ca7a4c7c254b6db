package dev.dynakit.core.expr;

import dev.dynakit.core.item.ItemConverter;
import dev.dynakit.core.item.Marshalling;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The naming context of one request: hands out {@code #n0, #n1, …} for attribute names and {@code
 * :v0, :v1, …} for values. The same attribute name (or an equal value) always gets the same
 * placeholder, so expressions rendered against one context never collide and stay small.
 *
 * <p>Values go through an {@link ItemConverter}, so a field's codec applies to the values compared
 * with it. A context is mutable and not thread-safe: make one per request.
 */
public final class Placeholders {
  private final ItemConverter converter;
  private final Set<String> takenNames;
  private final Set<String> takenValues;
  private final Map<String, String> nameOf = new HashMap<>();
  private final Map<String, String> names = new LinkedHashMap<>();
  private final Map<AttributeValue, String> valueOf = new HashMap<>();
  private final Map<String, AttributeValue> values = new LinkedHashMap<>();
  private int nextName;
  private int nextValue;

  private Placeholders(ItemConverter converter, Set<String> takenNames, Set<String> takenValues) {
    this.converter = converter;
    this.takenNames = takenNames;
    this.takenValues = takenValues;
  }

  /** A fresh context with plain marshalling. */
  public static Placeholders create() {
    return new Placeholders(ItemConverter.plain(), Set.of(), Set.of());
  }

  /** A fresh context whose values go through the converter's field codecs. */
  public static Placeholders create(ItemConverter converter) {
    return new Placeholders(Objects.requireNonNull(converter), Set.of(), Set.of());
  }

  /**
   * A fresh context that never hands out the given placeholders, for adding to a request that
   * already carries names and values of its own.
   */
  public static Placeholders avoiding(
      ItemConverter converter, Collection<String> names, Collection<String> values) {
    return new Placeholders(converter, Set.copyOf(names), Set.copyOf(values));
  }

  /** The converter applied to values. */
  public ItemConverter converter() {
    return converter;
  }

  /** The placeholder of an attribute name. */
  public String name(String attribute) {
    Objects.requireNonNull(attribute, "attribute");
    String placeholder = nameOf.get(attribute);
    if (placeholder == null) {
      do {
        placeholder = "#n" + nextName++;
      } while (takenNames.contains(placeholder));
      nameOf.put(attribute, placeholder);
      names.put(placeholder, attribute);
    }
    return placeholder;
  }

  /** The placeholder of a plain value (or an {@link AttributeValue}), marshalled without codecs. */
  public String value(@Nullable Object value) {
    return attribute(
        value instanceof AttributeValue
            ? (AttributeValue) value
            : Marshalling.toAttributeValue(value));
  }

  /** The placeholder of a value compared with or written to a top-level field (codec applied). */
  public String value(String field, @Nullable Object value) {
    return attribute(converter.toAttribute(field, value));
  }

  private String attribute(AttributeValue value) {
    String placeholder = valueOf.get(value);
    if (placeholder == null) {
      do {
        placeholder = ":v" + nextValue++;
      } while (takenValues.contains(placeholder));
      valueOf.put(value, placeholder);
      values.put(placeholder, value);
    }
    return placeholder;
  }

  /** Every name handed out so far: placeholder to attribute name (a copy). */
  public Map<String, String> names() {
    return new LinkedHashMap<>(names);
  }

  /** Every value handed out so far: placeholder to value (a copy). */
  public Map<String, AttributeValue> values() {
    return new LinkedHashMap<>(values);
  }

  String attributeOf(String placeholder) {
    return Objects.requireNonNull(names.get(placeholder), placeholder);
  }

  AttributeValue valueOf(String placeholder) {
    return Objects.requireNonNull(values.get(placeholder), placeholder);
  }

  @Override
  public String toString() {
    return "Placeholders" + List.of(names, values);
  }
}
