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
