package dev.dynakit.core.schema;

/**
 * What happens when a structural-key value contains a character of the separator, which would
 * otherwise move the value into another place of the hierarchy.
 */
public enum SeparatorPolicy {
  /** Refuse the value with a {@link dev.dynakit.core.MalformedKeyException} (the default). */
  REJECT,
  /**
   * Write each separator character and {@code %} as {@code %} followed by four upper-case hex
   * digits of the UTF-16 unit, so that any value fits and reads back unchanged. Escaped values keep
   * the hierarchy; their order among siblings may differ from the order of the raw text.
   */
  ESCAPE
}
