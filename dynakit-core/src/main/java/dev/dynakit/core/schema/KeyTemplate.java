package dev.dynakit.core.schema;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The template of one key attribute of an entity in a single-table design: literal text and slots,
 * {@code ORDER#{orderDate}#{orderId}}. {@code {field}} inserts a field's value, {@code {field:N}} a
 * non-negative whole number zero-padded to N digits (so that text order is numeric order), {@code
 * {shard}} the write shard. The separator {@code #} inside a value is escaped ({@code %23}, and
 * {@code %} as {@code %25}) so that keys decompose unambiguously; a slot is therefore followed by
 * {@code #} or ends the template.
 *
 * <p>With {@link #when(SparseCondition)} the attribute is written only while the condition holds
 * (sparse index membership). A template is built without checks; the table declaration reports a
 * malformed one ({@link #syntaxProblem()}) with the others.
 */
public final class KeyTemplate {
  /** The name of the shard slot, {@code {shard}}. */
  public static final String SHARD = "shard";

  /** The separator between the parts of a key. */
  public static final char SEPARATOR = '#';

  /** One part of a template. */
  public sealed interface Part permits Literal, Slot, ShardSlot {}

  /** Literal text, copied as is. */
  public record Literal(String text) implements Part {}

  /**
   * A field's value.
   *
   * @param width the zero-padded width of a number, or null for the value's own text
   */
  public record Slot(String field, @Nullable Integer width) implements Part {}

  /** The shard number, {@code {shard}}. */
  public record ShardSlot() implements Part {}

  private final String source;
  private final @Nullable SparseCondition when;
  private final List<Part> parts;
  private final @Nullable String syntaxProblem;

  private KeyTemplate(String source, @Nullable SparseCondition when) {
    this.source = Objects.requireNonNull(source, "source");
    this.when = when;
    List<Part> parsed = new ArrayList<>();
    this.syntaxProblem = parse(source, parsed);
    this.parts = List.copyOf(parsed);
  }

  /** A template from its text, written always. */
  public static KeyTemplate of(String source) {
    return new KeyTemplate(source, null);
  }

  /** This template, written only while the condition holds of the item (and removed otherwise). */
  public KeyTemplate when(SparseCondition condition) {
    return new KeyTemplate(source, Objects.requireNonNull(condition, "condition"));
  }

  /** The template as written. */
  public String source() {
    return source;
  }

  /** The condition under which the attribute is written, or null when it always is. */
  public @Nullable SparseCondition when() {
    return when;
  }

  /** The parts, in order (empty when the template is malformed). */
  public List<Part> parts() {
    return parts;
  }

  /** What is wrong with the template's text, or null when it parses. */
  public @Nullable String syntaxProblem() {
    return syntaxProblem;
  }

  /** The fields the template's slots name, in order, without the shard slot. */
  public Set<String> fieldNames() {
    Set<String> names = new LinkedHashSet<>();
    for (Part part : parts) {
      if (part instanceof Slot slot) {
        names.add(slot.field());
      }
    }
    return names;
  }

  /** Whether the template has a {@code {shard}} slot. */
  public boolean hasShardSlot() {
    return parts.stream().anyMatch(ShardSlot.class::isInstance);
  }

  /** Whether the template is literal text only. */
  public boolean isLiteral() {
    return parts.stream().allMatch(Literal.class::isInstance);
  }

  /**
   * The key text for these values (stored forms: text, numbers, booleans), escaping {@code #} and
   * {@code %} inside values and zero-padding the padded slots.
   *
   * @param shard the shard number for a {@code {shard}} slot, or null when there is none
   * @throws dev.dynakit.core.MalformedKeyException when a slot's field has no value, or a padded
   *     slot's value is negative, fractional, not a number or wider than its slot
   */
  public String compose(Map<String, ?> values, @Nullable Integer shard) {
    return TemplateText.compose(this, values, shard);
  }

  /** The key text for these values, for a template without a shard slot. */
  public String compose(Map<String, ?> values) {
    return TemplateText.compose(this, values, null);
  }

  /**
   * The slot values of a key this template made, as text (unescaped; padded numbers without their
   * leading zeros; the shard under {@link #SHARD}), or empty when the template cannot have made it.
   */
  public Optional<Map<String, String>> decompose(String key) {
    return Optional.ofNullable(TemplateText.decompose(this, key));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof KeyTemplate that
        && source.equals(that.source)
        && Objects.equals(when, that.when);
  }

  @Override
  public int hashCode() {
    return Objects.hash(source, when);
  }

  @Override
  public String toString() {
    return when == null ? source : source + " when " + when;
  }

  /** Parses into {@code parts}; returns the problem, or null. */
  private static @Nullable String parse(String source, List<Part> parts) {
    StringBuilder literal = new StringBuilder();
    int i = 0;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == '}') {
        return "'}' at " + i + " closes no slot";
      }
      if (c != '{') {
        literal.append(c);
        i++;
        continue;
      }
      int close = source.indexOf('}', i);
      if (close < 0) {
        return "the slot opened at " + i + " is not closed with '}'";
      }
      if (!literal.isEmpty()) {
        parts.add(new Literal(literal.toString()));
        literal.setLength(0);
      }
      String problem = slot(source.substring(i + 1, close), parts);
      if (problem != null) {
        return problem;
      }
      i = close + 1;
      if (i < source.length() && source.charAt(i) != SEPARATOR) {
        return "the slot '"
            + source.substring(source.lastIndexOf('{', close), close + 1)
            + "' must be followed by '#' or end the template, so that the key decomposes";
      }
    }
    if (!literal.isEmpty()) {
      parts.add(new Literal(literal.toString()));
    }
    if (parts.isEmpty()) {
      return "a template must not be empty";
    }
    return null;
  }

  private static @Nullable String slot(String body, List<Part> parts) {
    if (body.indexOf('{') >= 0) {
      return "slots do not nest: '{" + body + "}'";
    }
    int colon = body.indexOf(':');
    String field = colon < 0 ? body : body.substring(0, colon);
    if (field.isEmpty()) {
      return "the slot '{" + body + "}' names no field";
    }
    if (colon < 0) {
      parts.add(SHARD.equals(field) ? new ShardSlot() : new Slot(field, null));
      return null;
    }
    if (SHARD.equals(field)) {
      return "the shard slot takes no width: write '{shard}'";
    }
    String width = body.substring(colon + 1);
    if (!width.matches("[0-9]{1,2}")) {
      return "the width of '{" + body + "}' must be a number of digits from 1 to 38";
    }
    int digits = Integer.parseInt(width);
    if (digits < 1 || digits > 38) {
      return "the width of '{" + body + "}' must be a number of digits from 1 to 38";
    }
    parts.add(new Slot(field, digits));
    return null;
  }
}
