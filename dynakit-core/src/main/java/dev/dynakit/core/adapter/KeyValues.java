package dev.dynakit.core.adapter;

import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.item.Marshalling;
import dev.dynakit.core.schema.ScalarType;
import java.math.BigDecimal;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Key values in their declared type: text from a URL becomes a number when the key is numeric, a
 * number becomes text when the key is a string; anything else of the wrong type is refused.
 */
final class KeyValues {
  private KeyValues() {}

  static AttributeValue attribute(String name, ScalarType type, Object value) {
    AttributeValue attribute = Marshalling.toAttributeValue(type.coerce(name, value));
    AttributeValue.Type expected = expected(type);
    if (attribute.type() != expected) {
      throw new MalformedKeyException(
          name, "the key is declared " + type.jsonName() + " but the value is " + value);
    }
    if (expected == AttributeValue.Type.N) {
      // DynamoDB answers numbers in canonical form; keys compare equal only in that form
      String canonical = new BigDecimal(attribute.n()).stripTrailingZeros().toPlainString();
      return canonical.equals(attribute.n()) ? attribute : AttributeValue.fromN(canonical);
    }
    return attribute;
  }

  /**
   * Refuses a key value of another type than declared: a number or flag for a string key, and, when
   * {@code strict}, anything but a number for a number key (else text of a number is allowed).
   *
   * @throws MalformedKeyException naming the field and the declared type
   */
  static void check(String name, ScalarType type, Object value, boolean strict) {
    boolean wrong =
        switch (type) {
          case STRING -> !(value instanceof CharSequence);
          case NUMBER -> !(value instanceof Number) && (strict || !(value instanceof String));
          case BINARY -> value instanceof Number || value instanceof Boolean;
        };
    if (wrong) {
      throw new MalformedKeyException(
          name,
          "the key is declared "
              + type.jsonName()
              + " but the value is "
              + (value instanceof CharSequence ? "the text '" + value + "'" : value)
              + " ("
              + value.getClass().getSimpleName()
              + ")");
    }
  }

  private static AttributeValue.Type expected(ScalarType type) {
    switch (type) {
      case NUMBER:
        return AttributeValue.Type.N;
      case BINARY:
        return AttributeValue.Type.B;
      default:
        return AttributeValue.Type.S;
    }
  }
}
