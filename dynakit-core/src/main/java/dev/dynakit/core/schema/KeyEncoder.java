package dev.dynakit.core.schema;

import dev.dynakit.core.MalformedKeyException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkBytes;

/**
 * Writes and reads the structural key: the key fields, contiguous from the first, each formatted
 * and joined with the separator. Numbers are zero-padded to their width (so text order equals
 * numeric order) and must be whole and not negative; binaries are written as lower-case hex (which
 * keeps their byte order); strings as they are. A value holding a separator character is refused or
 * escaped, as the {@link SeparatorPolicy} says, so it never moves to another place in the
 * hierarchy.
 *
 * <p>Obtained from {@link TableSpec#keyEncoder()}; immutable and thread-safe.
 */
public final class KeyEncoder {
  private static final char ESCAPE = '%';
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();
  private static final char[] HEX_LOWER = "0123456789abcdef".toCharArray();

  private final List<KeyField> fields;
  private final StructuralKey key;

  KeyEncoder(List<KeyField> fields, StructuralKey key) {
    this.fields = List.copyOf(fields);
    this.key = key;
  }

  /** The key fields, in tier order. */
  public List<KeyField> fields() {
    return fields;
  }

  /** The structural key this encoder writes. */
  public StructuralKey structuralKey() {
    return key;
  }

  /**
   * The structural key of an item: its key fields from the first up to the first missing one,
   * joined; null when even the first is missing. Later fields after a gap are ignored, as in the
   * reference toolkit.
   */
  public @Nullable String encode(Map<String, ?> item) {
    List<Object> values = new ArrayList<>();
    for (KeyField field : fields) {
      Object value = item.get(field.name());
      if (value == null) {
        break;
      }
      values.add(value);
    }
    return values.isEmpty() ? null : encodePath(values);
  }

  /**
   * The structural key of the first {@code values.size()} tiers.
   *
   * @throws MalformedKeyException when a value does not fit its tier
   */
  public String encodePath(List<?> values) {
    if (values.isEmpty() || values.size() > fields.size()) {
      throw new MalformedKeyException(
          key.name(), "a key path has 1 to " + fields.size() + " parts, got " + values.size());
    }
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        text.append(key.separator());
      }
      text.append(encodeComponent(fields.get(i), values.get(i)));
    }
    return text.toString();
  }

  /**
   * A partial value of a string tier, as it appears in the key (checked or escaped like a whole
   * value), for {@code begins_with} on a prefix of that tier.
   */
  public String encodePartial(int tier, String text) {
    KeyField field = fields.get(tier);
    if (field.type() != ScalarType.STRING) {
      throw new MalformedKeyException(
          field.name(), "a partial value applies to string key fields only");
    }
    return protect(field, text);
  }

  /**
   * The key-field values of a structural key: strings as text, numbers as {@code BigDecimal},
   * binaries as {@code SdkBytes}.
   *
   * @throws MalformedKeyException when the text is not a key this encoder wrote
   */
  public List<Object> decode(String encoded) {
    List<String> parts = split(encoded);
    if (parts.size() > fields.size()) {
      throw new MalformedKeyException(
          key.name(), "'" + encoded + "' has more parts than there are key fields");
    }
    List<Object> values = new ArrayList<>(parts.size());
    for (int i = 0; i < parts.size(); i++) {
      values.add(decodeComponent(fields.get(i), parts.get(i)));
    }
    return values;
  }

  private List<String> split(String encoded) {
    // Parts never contain a separator character, so every separator occurrence is a joint and
    // the leftmost match is always the right one, even for multi-character separators.
    List<String> parts = new ArrayList<>();
    String separator = key.separator();
    int start = 0;
    while (true) {
      int at = encoded.indexOf(separator, start);
      if (at < 0) {
        parts.add(encoded.substring(start));
        return parts;
      }
      parts.add(encoded.substring(start, at));
      start = at + separator.length();
    }
  }

  String encodeComponent(KeyField field, Object value) {
    switch (field.type()) {
      case NUMBER:
        return formatNumber(field, value);
      case BINARY:
        return hex(field, value);
      default:
        return protect(field, text(field, value));
    }
  }

  private Object decodeComponent(KeyField field, String part) {
    switch (field.type()) {
      case NUMBER:
        try {
          return new BigDecimal(part);
        } catch (NumberFormatException e) {
          throw new MalformedKeyException(field.name(), "'" + part + "' is not a number");
        }
      case BINARY:
        return unhex(field, part);
      default:
        return key.policy() == SeparatorPolicy.ESCAPE ? unescape(field, part) : part;
    }
  }

  private String protect(KeyField field, String value) {
    String separator = key.separator();
    if (key.policy() == SeparatorPolicy.REJECT) {
      for (int i = 0; i < value.length(); i++) {
        if (separator.indexOf(value.charAt(i)) >= 0) {
          throw new MalformedKeyException(
              field.name(),
              "the value '"
                  + value
                  + "' contains '"
                  + value.charAt(i)
                  + "' of the structural-key separator '"
                  + separator
                  + "'; change the value or declare the structural key with escaping");
        }
      }
      return value;
    }
    StringBuilder out = null;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == ESCAPE || separator.indexOf(c) >= 0) {
        if (out == null) {
          out = new StringBuilder(value.length() + 8).append(value, 0, i);
        }
        out.append(ESCAPE)
            .append(HEX[(c >> 12) & 0xF])
            .append(HEX[(c >> 8) & 0xF])
            .append(HEX[(c >> 4) & 0xF])
            .append(HEX[c & 0xF]);
      } else if (out != null) {
        out.append(c);
      }
    }
    return out == null ? value : out.toString();
  }

  private static String unescape(KeyField field, String part) {
    int at = part.indexOf(ESCAPE);
    if (at < 0) {
      return part;
    }
    StringBuilder out = new StringBuilder(part.length()).append(part, 0, at);
    for (int i = at; i < part.length(); i++) {
      char c = part.charAt(i);
      if (c != ESCAPE) {
        out.append(c);
        continue;
      }
      if (i + 5 > part.length()) {
        throw new MalformedKeyException(field.name(), "'" + part + "' ends inside an escape");
      }
      int unit = 0;
      for (int j = i + 1; j <= i + 4; j++) {
        int digit = Character.digit(part.charAt(j), 16);
        if (digit < 0) {
          throw new MalformedKeyException(field.name(), "'" + part + "' has a broken escape");
        }
        unit = (unit << 4) | digit;
      }
      out.append((char) unit);
      i += 4;
    }
    return out.toString();
  }

  private static String formatNumber(KeyField field, Object value) {
    BigDecimal number = number(field, value);
    Integer width = field.width();
    if (width == null) {
      return number.stripTrailingZeros().toPlainString();
    }
    if (number.signum() < 0) {
      throw new MalformedKeyException(
          field.name(),
          "the value "
              + value
              + " is negative; zero-padded parts keep their order only for numbers >= 0");
    }
    BigInteger whole;
    try {
      whole = number.toBigIntegerExact();
    } catch (ArithmeticException e) {
      throw new MalformedKeyException(
          field.name(),
          "the value " + value + " is not a whole number; padded parts hold whole numbers only");
    }
    String digits = whole.toString();
    if (digits.length() > width) {
      throw new MalformedKeyException(
          field.name(),
          "the value "
              + value
              + " has "
              + digits.length()
              + " digits but the declared width is "
              + width);
    }
    return "0".repeat(width - digits.length()) + digits;
  }

  private static BigDecimal number(KeyField field, Object value) {
    try {
      if (value instanceof BigDecimal) {
        return (BigDecimal) value;
      }
      if (value instanceof BigInteger) {
        return new BigDecimal((BigInteger) value);
      }
      if (value instanceof Number || value instanceof String) {
        // Numbers from the wire or a URL path arrive as text; Double.toString is exact enough for
        // the whole numbers that key tiers hold.
        return new BigDecimal(value.toString().trim());
      }
    } catch (NumberFormatException e) {
      throw new MalformedKeyException(field.name(), "'" + value + "' is not a number");
    }
    throw new MalformedKeyException(
        field.name(), "expected a number, got a " + value.getClass().getName());
  }

  private static String text(KeyField field, Object value) {
    if (value instanceof CharSequence
        || value instanceof Number
        || value instanceof Boolean
        || value instanceof Character
        || value instanceof UUID) {
      return value.toString();
    }
    if (value instanceof Enum) {
      return ((Enum<?>) value).name();
    }
    throw new MalformedKeyException(
        field.name(), "expected text, got a " + value.getClass().getName());
  }

  private static String hex(KeyField field, Object value) {
    byte[] bytes;
    if (value instanceof byte[]) {
      bytes = (byte[]) value;
    } else if (value instanceof SdkBytes) {
      bytes = ((SdkBytes) value).asByteArrayUnsafe();
    } else if (value instanceof ByteBuffer) {
      bytes = SdkBytes.fromByteBuffer((ByteBuffer) value).asByteArrayUnsafe();
    } else {
      throw new MalformedKeyException(
          field.name(), "expected binary, got a " + value.getClass().getName());
    }
    char[] out = new char[bytes.length * 2];
    for (int i = 0; i < bytes.length; i++) {
      out[2 * i] = HEX_LOWER[(bytes[i] >> 4) & 0xF];
      out[2 * i + 1] = HEX_LOWER[bytes[i] & 0xF];
    }
    return new String(out);
  }

  private static SdkBytes unhex(KeyField field, String part) {
    if (part.length() % 2 != 0) {
      throw new MalformedKeyException(field.name(), "'" + part + "' is not hex");
    }
    byte[] bytes = new byte[part.length() / 2];
    for (int i = 0; i < bytes.length; i++) {
      int high = Character.digit(part.charAt(2 * i), 16);
      int low = Character.digit(part.charAt(2 * i + 1), 16);
      if (high < 0 || low < 0) {
        throw new MalformedKeyException(field.name(), "'" + part + "' is not hex");
      }
      bytes[i] = (byte) ((high << 4) | low);
    }
    return SdkBytes.fromByteArray(bytes);
  }
}
