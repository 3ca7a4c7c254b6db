package dev.dynakit.rest;

import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkBytes;

/**
 * Keys in paths and names.
 *
 * <p><b>Key text.</b> For a table with one key field the key text is the value itself ({@code
 * Hoth}), as in the reference toolkit. For a hierarchical table the key text is the leading key
 * fields joined by the policy's key separator ({@code :} by default): {@code TX} addresses the
 * state record, {@code TX:Dallas} the city, {@code TX:Dallas:42} the car. Inside one field of a
 * hierarchical key, {@code %} and the separator are percent-encoded ({@code %25}, {@code %3A}) and
 * every field is percent-decoded after splitting. Numbers are decimal text; binaries are base64
 * (standard or URL-safe).
 *
 * <p><b>In a path</b> the key text is one segment, percent-encoded once more as any path segment
 * ({@code /TX:Dallas}, {@code /Hoth%20II}); a key that starts with the method prefix is written
 * {@code %2D…}. <b>In {@code ?names}</b> each comma-separated entry is a key text; in a JSON names
 * body each string is.
 */
public final class PathKeys {
  private PathKeys() {}

  /**
   * The key of a raw (still percent-encoded) path segment.
   *
   * @throws RestException 400 {@code BadKey}
   */
  public static Map<String, Object> fromSegment(
      String rawSegment, TableSpec spec, RestPolicy policy) {
    String text;
    try {
      text = Percent.decode(rawSegment, false);
    } catch (IllegalArgumentException e) {
      throw bad("the key in the path is not properly percent-encoded: " + e.getMessage());
    }
    return fromText(text, spec, policy);
  }

  /**
   * The key of a key text (see the class documentation).
   *
   * @throws RestException 400 {@code BadKey} for an empty, over-long or malformed key, too many
   *     fields, or a value that is not of its field's type
   */
  public static Map<String, Object> fromText(String text, TableSpec spec, RestPolicy policy) {
    if (text.isEmpty()) {
      throw bad("the key is empty");
    }
    if (text.length() > policy.maxValueLength()) {
      throw bad("the key is longer than " + policy.maxValueLength() + " characters");
    }
    List<KeyField> fields = spec.keyFields();
    Map<String, Object> key = new LinkedHashMap<>();
    if (fields.size() == 1) {
      key.put(fields.get(0).name(), typed(fields.get(0), text));
      return key;
    }
    String separator = policy.keySeparator();
    String[] parts = text.split(Pattern.quote(separator), -1);
    if (parts.length > fields.size()) {
      throw bad(
          "the key "
              + Texts.quote(text)
              + " has "
              + parts.length
              + " parts; this table's key has "
              + fields.size()
              + " fields ("
              + names(fields)
              + ") joined by '"
              + separator
              + "'");
    }
    for (int i = 0; i < parts.length; i++) {
      KeyField field = fields.get(i);
      if (parts[i].isEmpty()) {
        throw bad("the key " + Texts.quote(text) + " has an empty value for " + field.name());
      }
      String value;
      try {
        value = Percent.decode(parts[i], false);
      } catch (IllegalArgumentException e) {
        throw bad("the " + field.name() + " part of the key is malformed: " + e.getMessage());
      }
      key.put(field.name(), typed(field, value));
    }
    return key;
  }

  /** The key text of a key (the inverse of {@link #fromText}). */
  public static String toText(Map<String, ?> key, TableSpec spec, RestPolicy policy) {
    List<KeyField> fields = spec.keyFields();
    if (fields.size() == 1) {
      return text(key.get(fields.get(0).name()));
    }
    StringBuilder out = new StringBuilder();
    for (KeyField field : fields) {
      Object value = key.get(field.name());
      if (value == null) {
        break;
      }
      if (out.length() > 0) {
        out.append(policy.keySeparator());
      }
      String part = text(value);
      out.append(
          part.replace("%", "%25").replace(policy.keySeparator(), percent(policy.keySeparator())));
    }
    return out.toString();
  }

  /**
   * A key text as a path segment: percent-encoded except for unreserved characters and {@code :}.
   */
  public static String toSegment(String keyText) {
    StringBuilder out = new StringBuilder();
    for (byte b : keyText.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || c == '_'
          || c == '.'
          || c == '~'
          || c == ':') {
        out.append(c);
      } else {
        out.append('%').append(String.format("%02X", b & 0xff));
      }
    }
    return out.toString();
  }

  private static String percent(String separator) {
    StringBuilder out = new StringBuilder();
    for (byte b : separator.getBytes(StandardCharsets.UTF_8)) {
      out.append('%').append(String.format("%02X", b & 0xff));
    }
    return out.toString();
  }

  private static String text(@Nullable Object value) {
    if (value instanceof SdkBytes) {
      return Base64.getEncoder().encodeToString(((SdkBytes) value).asByteArray());
    }
    if (value instanceof byte[]) {
      return Base64.getEncoder().encodeToString((byte[]) value);
    }
    if (value instanceof BigDecimal) {
      return ((BigDecimal) value).toPlainString();
    }
    return String.valueOf(value);
  }

  private static Object typed(KeyField field, String value) {
    switch (field.type()) {
      case NUMBER:
        try {
          BigDecimal number = new BigDecimal(value);
          return number;
        } catch (NumberFormatException e) {
          throw bad(field.name() + " is a number, got " + Texts.quote(value));
        }
      case BINARY:
        try {
          byte[] bytes =
              value.indexOf('-') >= 0 || value.indexOf('_') >= 0
                  ? Base64.getUrlDecoder().decode(value)
                  : Base64.getDecoder().decode(value);
          return SdkBytes.fromByteArray(bytes);
        } catch (IllegalArgumentException e) {
          throw bad(field.name() + " is binary, written as base64; got " + Texts.quote(value));
        }
      default:
        return value;
    }
  }

  private static String names(List<KeyField> fields) {
    StringBuilder out = new StringBuilder();
    for (KeyField field : fields) {
      if (out.length() > 0) {
        out.append(", ");
      }
      out.append(field.name());
    }
    return out.toString();
  }

  private static RestException bad(String message) {
    return RestException.badRequest("BadKey", message);
  }
}
