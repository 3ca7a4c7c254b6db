package dev.dynakit.rest;

import dev.dynakit.core.schema.EntitySpec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Keys of a single-table entity in paths and names: the entity's key fields in the order its
 * primary-key templates name them, joined by the policy's key separator ({@code :}). The order
 * {@code CUSTOMER#{customerId}} / {@code ORDER#{orderDate}#{orderId}} is addressed as {@code
 * c42:2026-03-01:o981}. Inside one field {@code %} and the separator are percent-encoded, as in
 * {@link PathKeys}; the shard slot is no field (the entity computes it).
 */
final class EntityKeys implements KeyMapper {
  private final EntitySpec entity;
  private final RestPolicy policy;
  private final List<String> fields;

  /**
   * @param fields the entity's key fields in template order ({@link
   *     dev.dynakit.core.entity.EntityView#keyFields()})
   */
  EntityKeys(EntitySpec entity, List<String> fields, RestPolicy policy) {
    this.entity = entity;
    this.policy = policy;
    this.fields = List.copyOf(fields);
  }

  List<String> fields() {
    return fields;
  }

  /**
   * @throws RestException 400 {@code BadKey} for a key text with too few or too many parts, an
   *     empty part, or a part that is not of its field's type
   */
  @Override
  public Map<String, Object> key(String text) {
    String separator = policy.keySeparator();
    String[] parts = text.split(Pattern.quote(separator), -1);
    if (parts.length != fields.size()) {
      throw RestException.badRequest(
          "BadKey",
          "the key "
              + Texts.quote(text)
              + " has "
              + parts.length
              + (parts.length == 1 ? " part" : " parts")
              + "; a "
              + entity.name()
              + " is addressed by "
              + String.join(separator, fields));
    }
    Map<String, Object> key = new LinkedHashMap<>();
    for (int i = 0; i < parts.length; i++) {
      String field = fields.get(i);
      if (parts[i].isEmpty()) {
        throw RestException.badRequest(
            "BadKey", "the key " + Texts.quote(text) + " has an empty value for " + field);
      }
      String value;
      try {
        value = Percent.decode(parts[i], false);
      } catch (IllegalArgumentException e) {
        throw RestException.badRequest(
            "BadKey", "the " + field + " part of the key is malformed: " + e.getMessage());
      }
      key.put(field, FieldTexts.value(entity, field, value, "BadKey"));
    }
    return key;
  }

  /** The key text of an item of the entity (the inverse of {@link #key}). */
  String text(Map<String, ?> item) {
    StringBuilder out = new StringBuilder();
    for (String field : fields) {
      if (out.length() > 0) {
        out.append(policy.keySeparator());
      }
      Object value = item.get(field);
      String part =
          value instanceof BigDecimal
              ? ((BigDecimal) value).toPlainString()
              : String.valueOf(value);
      out.append(part.replace("%", "%25").replace(policy.keySeparator(), escapedSeparator()));
    }
    return out.toString();
  }

  private String escapedSeparator() {
    StringBuilder out = new StringBuilder();
    for (byte b : policy.keySeparator().getBytes(StandardCharsets.UTF_8)) {
      out.append('%').append(String.format("%02X", b & 0xff));
    }
    return out.toString();
  }
}
