package dev.dynakit.core.adapter;

import dev.dynakit.core.MarshallingException;
import dev.dynakit.core.TechnicalFieldException;
import dev.dynakit.core.schema.ScalarType;
import dev.dynakit.core.schema.TableSpec;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkBytes;

/**
 * Checks written values against what the declaration says of them: a field declared filterable with
 * a type must hold that type (else it silently drops out of the filters that compare it as one),
 * and the type field, when the toolkit derives it from the key, must hold the derived type.
 */
final class DeclaredTypes {
  private final TableSpec spec;
  private final Map<String, ScalarType> typed = new LinkedHashMap<>();

  DeclaredTypes(TableSpec spec) {
    this.spec = spec;
    spec.filterable()
        .forEach(
            (field, rule) -> {
              ScalarType type = rule.type();
              if (type != null && !spec.codecs().containsKey(field)) {
                typed.put(field, type);
              }
            });
  }

  /** Checks the fields of a full item (before the toolkit derives its own). */
  void checkItem(Map<String, ?> item) {
    typed.forEach((field, type) -> checkValue(field, type, item.get(field)));
    String typeField = derivedTypeField();
    if (typeField != null && item.get(typeField) != null) {
      Map<String, Object> without = new LinkedHashMap<>(item);
      without.remove(typeField);
      String derived = spec.typeOf(without);
      String given = String.valueOf(item.get(typeField));
      if (derived != null && !derived.equals(given)) {
        throw refusedTypeField(
            typeField, "the item's type is '" + derived + "', not '" + given + "'");
      }
    }
  }

  /** Checks a value a patch sets on a top-level field. */
  void checkSet(String field, @Nullable Object value) {
    ScalarType type = typed.get(field);
    if (type != null) {
      checkValue(field, type, value);
    }
  }

  /** Refuses a patch that names the type field the toolkit derives. */
  void checkPatched(String root) {
    if (root.equals(derivedTypeField())) {
      throw refusedTypeField(root, "a patch cannot change it");
    }
  }

  /** The type field when the toolkit writes it (not a field the caller sets as discriminator). */
  private @Nullable String derivedTypeField() {
    String typeField = spec.typeField();
    return typeField == null || Objects.equals(typeField, spec.typeDiscriminator())
        ? null
        : typeField;
  }

  private static TechnicalFieldException refusedTypeField(String field, String why) {
    return TechnicalFieldException.owned(
        field,
        "'"
            + field
            + "' is the type field, which the toolkit derives from the key; "
            + why
            + ", remove it from the input");
  }

  private static void checkValue(String field, ScalarType type, @Nullable Object value) {
    if (value == null) {
      return;
    }
    boolean ok =
        switch (type) {
          case NUMBER -> value instanceof Number;
          case STRING -> value instanceof CharSequence;
          case BINARY ->
              value instanceof byte[] || value instanceof SdkBytes || value instanceof ByteBuffer;
        };
    if (!ok) {
      throw new MarshallingException(
          field,
          "declared "
              + type.jsonName()
              + " (filterable), but the value is "
              + (value instanceof CharSequence ? "the text '" + value + "'" : String.valueOf(value))
              + "; write a "
              + type.jsonName());
    }
  }
}
