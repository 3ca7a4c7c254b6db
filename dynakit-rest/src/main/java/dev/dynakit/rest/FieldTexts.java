package dev.dynakit.rest;

import dev.dynakit.core.MarshallingException;
import dev.dynakit.core.item.FieldCodec;
import dev.dynakit.core.schema.EntitySpec;
import java.math.BigDecimal;
import java.util.Base64;
import java.util.Locale;
import software.amazon.awssdk.core.SdkBytes;

/**
 * The value of an entity field from its text in a path key or a query parameter, by the field's
 * declared type: strings as they are, numbers as decimals, booleans as {@code true} or {@code
 * false}, binaries as base64, and a codec's field as the codec reads its stored text ({@code
 * 2026-03-01} for {@code localDateIso}).
 */
final class FieldTexts {
  private FieldTexts() {}

  /**
   * @param code the error code of a refusal ({@code BadKey}, {@code BadParameter})
   * @throws RestException 400 with {@code code} when the text is not of the field's type
   */
  static Object value(EntitySpec entity, String field, String text, String code) {
    String type = entity.fields().getOrDefault(field, "string");
    FieldCodec<?> codec = entity.codecs().get(field);
    if (codec != null) {
      try {
        return codec.fromStored(text);
      } catch (MarshallingException e) {
        throw bad(code, field, "a " + type, text);
      }
    }
    switch (type) {
      case "number":
        try {
          return new BigDecimal(text);
        } catch (NumberFormatException e) {
          throw bad(code, field, "a number", text);
        }
      case "boolean":
        String word = text.toLowerCase(Locale.ROOT);
        if (word.equals("true") || word.equals("false")) {
          return Boolean.valueOf(word);
        }
        throw bad(code, field, "a boolean (true or false)", text);
      case "binary":
        try {
          return SdkBytes.fromByteArray(
              text.indexOf('-') >= 0 || text.indexOf('_') >= 0
                  ? Base64.getUrlDecoder().decode(text)
                  : Base64.getDecoder().decode(text));
        } catch (IllegalArgumentException e) {
          throw bad(code, field, "binary, written as base64,", text);
        }
      case "string":
        return text;
      default:
        throw RestException.badRequest(
            code, field + " is a " + type + ", which cannot be given as text in a URL");
    }
  }

  private static RestException bad(String code, String field, String type, String text) {
    return RestException.badRequest(code, field + " is " + type + ", got " + Texts.quote(text));
  }
}
