package dev.dynakit.core.schema;

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
