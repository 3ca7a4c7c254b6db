package dev.dynakit.core.schema;

import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.schema.KeyTemplate.Literal;
import dev.dynakit.core.schema.KeyTemplate.Part;
import dev.dynakit.core.schema.KeyTemplate.ShardSlot;
import dev.dynakit.core.schema.KeyTemplate.Slot;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Composes key text from a template and values, and decomposes it back. A value's {@code #} is
 * written {@code %23} and its {@code %} {@code %25}, so a value never contains a bare separator and
 * every slot ends at the next {@code #} (or the end): keys decompose unambiguously, whatever the
 * values hold.
 */
final class TemplateText {
  private static final char ESCAPE = '%';

  private TemplateText() {}

  static String compose(KeyTemplate template, Map<String, ?> values, @Nullable Integer shard) {
    StringBuilder key = new StringBuilder();
    for (Part part : template.parts()) {
      if (part instanceof Literal literal) {
        key.append(literal.text());
      } else if (part instanceof ShardSlot) {
        if (shard == null) {
          throw new MalformedKeyException(
              KeyTemplate.SHARD, "the template '" + template.source() + "' needs a shard number");
        }
        key.append(shard);
      } else {
        Slot slot = (Slot) part;
        Object value = values.get(slot.field());
        if (value == null) {
          throw new MalformedKeyException(
              slot.field(), "required by the key template '" + template.source() + "'");
        }
        key.append(
            slot.width() == null
                ? escape(plainText(value))
                : padded(slot.field(), value, slot.width()));
      }
    }
    return key.toString();
  }

  /**
   * The slot values of a key made by the template (texts as written before escaping; the shard
   * under {@link KeyTemplate#SHARD}), or null when the template cannot have made the key.
   */
  static @Nullable Map<String, String> decompose(KeyTemplate template, String key) {
    Map<String, String> values = new LinkedHashMap<>();
    int at = 0;
    for (Part part : template.parts()) {
      if (part instanceof Literal literal) {
        if (!key.startsWith(literal.text(), at)) {
          return null;
        }
        at += literal.text().length();
        continue;
      }
      int end = key.indexOf(KeyTemplate.SEPARATOR, at);
      end = end < 0 ? key.length() : end;
      String text = key.substring(at, end);
      if (part instanceof ShardSlot) {
        if (!text.matches("[0-9]{1,4}")) {
          return null;
        }
        values.put(KeyTemplate.SHARD, text);
      } else {
        Slot slot = (Slot) part;
        if (slot.width() != null && !(text.length() == slot.width() && text.matches("[0-9]+"))) {
          return null;
        }
        String value = slot.width() == null ? unescape(text) : unpad(text);
        if (value == null) {
          return null;
        }
        String earlier = values.putIfAbsent(slot.field(), value);
        if (earlier != null && !earlier.equals(value)) {
          return null;
        }
      }
      at = end;
    }
    return at == key.length() ? values : null;
  }

  /** The text of a plain value: numbers canonical, everything else as {@code String.valueOf}. */
  static String plainText(Object value) {
    if (value instanceof BigDecimal || value instanceof Number) {
      BigDecimal number = new BigDecimal(value.toString()).stripTrailingZeros();
      return number.signum() == 0 ? "0" : number.toPlainString();
    }
    return String.valueOf(value);
  }

  static String escape(String value) {
    StringBuilder out = null;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == ESCAPE || c == KeyTemplate.SEPARATOR) {
        if (out == null) {
          out = new StringBuilder(value.length() + 4).append(value, 0, i);
        }
        out.append(c == ESCAPE ? "%25" : "%23");
      } else if (out != null) {
        out.append(c);
      }
    }
    return out == null ? value : out.toString();
  }

  private static @Nullable String unescape(String text) {
    if (text.indexOf(ESCAPE) < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c != ESCAPE) {
        out.append(c);
      } else if (text.startsWith("25", i + 1)) {
        out.append(ESCAPE);
        i += 2;
      } else if (text.startsWith("23", i + 1)) {
        out.append(KeyTemplate.SEPARATOR);
        i += 2;
      } else {
        return null;
      }
    }
    return out.toString();
  }

  /**
   * A non-negative whole number zero-padded to the width: text order is then numeric order.
   *
   * @throws MalformedKeyException for a negative, fractional or too wide number, or a non-number
   */
  static String padded(String field, Object value, int width) {
    BigDecimal number;
    try {
      number = new BigDecimal(value instanceof Number ? value.toString() : String.valueOf(value));
    } catch (NumberFormatException e) {
      throw new MalformedKeyException(field, "'" + value + "' is not a number for a padded slot");
    }
    if (number.signum() < 0) {
      throw new MalformedKeyException(
          field, value + " is negative; a padded slot holds numbers from 0, in order");
    }
    BigDecimal whole = number.stripTrailingZeros();
    if (whole.scale() > 0) {
      throw new MalformedKeyException(
          field, value + " is fractional; a padded slot holds whole numbers");
    }
    String digits = whole.signum() == 0 ? "0" : whole.toPlainString();
    if (digits.length() > width) {
      throw new MalformedKeyException(
          field, value + " has more than " + width + " digits, the width of its padded slot");
    }
    return "0".repeat(width - digits.length()) + digits;
  }

  private static String unpad(String digits) {
    String trimmed = digits.replaceFirst("^0+", "");
    return trimmed.isEmpty() ? "0" : trimmed;
  }

  /**
   * Whether two templates can make the same text. Values never hold a bare {@code #}, so both texts
   * split into the same number of {@code #}-separated segments, pairwise alike; a segment with
   * slots is compared by its literal ends (conservatively: when unsure, they can).
   */
  static boolean canOverlap(KeyTemplate a, KeyTemplate b) {
    List<List<Part>> left = segments(a);
    List<List<Part>> right = segments(b);
    if (left.size() != right.size()) {
      return false;
    }
    for (int i = 0; i < left.size(); i++) {
      if (!segmentsOverlap(left.get(i), right.get(i))) {
        return false;
      }
    }
    return true;
  }

  private static List<List<Part>> segments(KeyTemplate template) {
    List<List<Part>> segments = new ArrayList<>();
    List<Part> current = new ArrayList<>();
    for (Part part : template.parts()) {
      if (!(part instanceof Literal literal)) {
        current.add(part);
        continue;
      }
      String text = literal.text();
      int start = 0;
      for (int hash = text.indexOf('#'); hash >= 0; hash = text.indexOf('#', start)) {
        if (hash > start) {
          current.add(new Literal(text.substring(start, hash)));
        }
        segments.add(current);
        current = new ArrayList<>();
        start = hash + 1;
      }
      if (start < text.length()) {
        current.add(new Literal(text.substring(start)));
      }
    }
    segments.add(current);
    return segments;
  }

  private static boolean segmentsOverlap(List<Part> a, List<Part> b) {
    String literalA = literalOnly(a);
    String literalB = literalOnly(b);
    if (literalA != null && literalB != null) {
      return literalA.equals(literalB);
    }
    if (literalA != null) {
      return literalFits(literalA, b);
    }
    if (literalB != null) {
      return literalFits(literalB, a);
    }
    String prefixA = prefix(a);
    String prefixB = prefix(b);
    String suffixA = suffix(a);
    String suffixB = suffix(b);
    return (prefixA.startsWith(prefixB) || prefixB.startsWith(prefixA))
        && (suffixA.endsWith(suffixB) || suffixB.endsWith(suffixA));
  }

  /** Whether a literal segment can be made by a segment with slots. */
  private static boolean literalFits(String literal, List<Part> segment) {
    if (segment.size() == 1 && segment.get(0) instanceof ShardSlot) {
      return literal.matches("[0-9]{1,4}");
    }
    if (segment.size() == 1 && segment.get(0) instanceof Slot slot && slot.width() != null) {
      return literal.length() == slot.width() && literal.matches("[0-9]+");
    }
    return literal.startsWith(prefix(segment)) && literal.endsWith(suffix(segment));
  }

  private static @Nullable String literalOnly(List<Part> segment) {
    StringBuilder text = new StringBuilder();
    for (Part part : segment) {
      if (!(part instanceof Literal literal)) {
        return null;
      }
      text.append(literal.text());
    }
    return text.toString();
  }

  private static String prefix(List<Part> segment) {
    return !segment.isEmpty() && segment.get(0) instanceof Literal literal ? literal.text() : "";
  }

  private static String suffix(List<Part> segment) {
    return !segment.isEmpty() && segment.get(segment.size() - 1) instanceof Literal literal
        ? literal.text()
        : "";
  }
}
