package dev.dynakit.rest;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the access-pattern routes need of one named access pattern: its parameters, how a
 * parameter's text becomes a value, and the read itself.
 */
interface PatternEndpoint {
  /** The fields the pattern's key templates name, in template order. */
  List<String> parameters();

  /**
   * The value of a parameter from its text in the query string.
   *
   * @throws RestException 400 {@code BadParameter} when the text is not of the field's type
   */
  Object parameter(String name, String text);

  /** Whether the pattern counts ({@code select: count}) instead of returning items. */
  boolean counts();

  /**
   * A page of the pattern's items, each with its type field.
   *
   * @param cursor where the previous page stopped, or null for the first page
   */
  Page read(Map<String, Object> parameters, int limit, @Nullable String cursor);

  /** How many items the pattern matches. */
  long count(Map<String, Object> parameters);

  /**
   * One page.
   *
   * @param items the items, in the pattern's order
   * @param cursor where the next page starts, or null after the last page
   */
  record Page(List<Map<String, Object>> items, @Nullable String cursor) {}
}
