package dev.dynakit.core.schema;

import dev.dynakit.core.MalformedKeyException;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The type of a key attribute: DynamoDB keys are strings, numbers or binaries. */
public enum ScalarType {
  STRING("string", ScalarAttributeType.S),
  NUMBER("number", ScalarAttributeType.N),
  BINARY("binary", ScalarAttributeType.B);

  private final String jsonName;
  private final ScalarAttributeType attributeType;

  ScalarType(String jsonName, ScalarAttributeType attributeType) {
    this.jsonName = jsonName;
    this.attributeType = attributeType;
  }

  /** The name in a declaration file: {@code string}, {@code number}, {@code binary}. */
  public String jsonName() {
    return jsonName;
  }

  /** The SDK's attribute type, for {@code AttributeDefinitions}. */
  public ScalarAttributeType attributeType() {
    return attributeType;
  }

  /**
   * A key value given in another Java type, as this type: for {@link #NUMBER}, text becomes a
   * {@link BigDecimal} (a key read from a URL or a form); for {@link #STRING}, a number, boolean or
   * character becomes its text. Anything else is returned as given.
   *
   * @param field the key field, named when the value is refused
   * @throws MalformedKeyException when a number is declared and the text is not one
   */
  public Object coerce(String field, Object value) {
    if (this == NUMBER && value instanceof String) {
      try {
        return new BigDecimal(((String) value).trim());
      } catch (NumberFormatException e) {
        throw new MalformedKeyException(field, "'" + value + "' is not a number");
      }
    }
    if (this == STRING
        && (value instanceof Number || value instanceof Boolean || value instanceof Character)) {
      return value.toString();
    }
    return value;
  }

  /** The type a declaration file names, or null for an unknown name. */
  public static @Nullable ScalarType fromJsonName(String name) {
    for (ScalarType type : values()) {
      if (type.jsonName.equals(name)) {
        return type;
      }
    }
    return null;
  }
}
