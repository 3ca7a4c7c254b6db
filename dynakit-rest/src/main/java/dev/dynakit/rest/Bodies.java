package dev.dynakit.rest;

import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The request bodies of the route pack, each checked for its shape: an item object, an array of
 * items, an overlay object, or names. A body of the wrong shape is refused with 400, never guessed
 * at.
 */
public final class Bodies {
  private Bodies() {}

  /**
   * An item object ({@code POST /}, {@code PUT /:key}).
   *
   * @param emptyAllowed whether an empty body means an empty item (a key-only {@code PUT})
   * @throws RestException 400 {@code BadJsonBody} or {@code BadBody}
   */
  public static Map<String, @Nullable Object> item(byte[] body, boolean emptyAllowed) {
    if (body.length == 0) {
      if (emptyAllowed) {
        return new LinkedHashMap<>();
      }
      throw RestException.badRequest(
          "BadBody", "the body is empty; send the item as a JSON object");
    }
    Object tree = JsonText.parse(body);
    if (!(tree instanceof Map)) {
      throw RestException.badRequest(
          "BadBody", "the body must be the item as a JSON object, got " + kind(tree));
    }
    return object(tree);
  }

  /**
   * The items of {@code PUT /-load}: a JSON array of objects.
   *
   * @throws RestException 400 {@code BadJsonBody} or {@code BadLoadBody}
   */
  public static List<Map<String, @Nullable Object>> items(byte[] body) {
    Object tree = body.length == 0 ? null : JsonText.parse(body);
    if (!(tree instanceof List)) {
      throw RestException.badRequest(
          "BadLoadBody",
          "the body must be a JSON array of items, got "
              + (body.length == 0 ? "an empty body" : kind(tree)));
    }
    List<Map<String, @Nullable Object>> items = new ArrayList<>();
    int position = 0;
    for (Object element : (List<?>) tree) {
      if (!(element instanceof Map)) {
        throw RestException.badRequest(
            "BadLoadBody",
            "element " + position + " of the body must be an item object, got " + kind(element));
      }
      items.add(object(element));
      position++;
    }
    return items;
  }

  /**
   * An overlay merged over copied items (clone and move): a JSON object; an empty body or {@code
   * null} is no overlay.
   *
   * @throws RestException 400 {@code BadJsonBody} or {@code BadBody}
   */
  public static Map<String, @Nullable Object> overlay(byte[] body) {
    Object tree = body.length == 0 ? null : JsonText.parse(body);
    if (tree == null) {
      return new LinkedHashMap<>();
    }
    if (!(tree instanceof Map)) {
      throw RestException.badRequest(
          "BadBody", "the body must be an overlay object merged over each item, got " + kind(tree));
    }
    return object(tree);
  }

  /**
   * The body of a by-names route when {@code ?names} is absent: a JSON array of names (strings or
   * numbers); an empty body is no names.
   *
   * @throws RestException 400 {@code BadJsonBody} or {@code BadNames}
   */
  public static List<String> names(byte[] body, RestPolicy policy) {
    Object tree = body.length == 0 ? null : JsonText.parse(body);
    if (tree == null) {
      return List.of();
    }
    if (!(tree instanceof List)) {
      throw RestException.badRequest(
          "BadNames", "send names as ?names=a,b or as a JSON array body, got " + kind(tree));
    }
    return names((List<?>) tree, policy);
  }

  /** Names from a parsed JSON array. */
  static List<String> names(List<?> array, RestPolicy policy) {
    if (array.size() > policy.maxNames()) {
      throw RestException.badRequest(
          "BadNames", "the body has " + array.size() + " names; send at most " + policy.maxNames());
    }
    List<String> names = new ArrayList<>();
    for (Object element : array) {
      if (!(element instanceof String) && !(element instanceof Number)) {
        throw RestException.badRequest(
            "BadNames", "names must be strings or numbers, found " + kind(element));
      }
      String name = element.toString();
      if (name.length() > policy.maxValueLength()) {
        throw RestException.badRequest(
            "BadNames", "a name is longer than " + policy.maxValueLength() + " characters");
      }
      names.add(name);
    }
    return names;
  }

  /**
   * The body of {@code PUT /-clone-by-names} and {@code PUT /-move-by-names}: an overlay object, or
   * (only when {@code ?names} is absent) an array of names.
   *
   * @throws RestException 400 for any other shape
   */
  public static NamesOrOverlay namesOrOverlay(
      byte[] body, RestPolicy policy, boolean namesInQuery) {
    Object tree = body.length == 0 ? null : JsonText.parse(body);
    if (tree == null) {
      return new NamesOrOverlay(List.of(), new LinkedHashMap<>());
    }
    if (tree instanceof Map) {
      return new NamesOrOverlay(List.of(), object(tree));
    }
    if (tree instanceof List && !namesInQuery) {
      return new NamesOrOverlay(names((List<?>) tree, policy), new LinkedHashMap<>());
    }
    throw RestException.badRequest(
        "BadBody",
        namesInQuery
            ? "with ?names the body must be an overlay object, got " + kind(tree)
            : "the body must be an overlay object or an array of names, got " + kind(tree));
  }

  /**
   * Refuses attributes under the declaration's technical prefix, other than its version and
   * created-at fields. The version field may be sent back as read; the server writes the rest.
   *
   * @param attributes top-level attribute names (the first segment of each path)
   * @throws RestException 400 {@code TechnicalField}
   */
  public static void rejectTechnical(TableSpec spec, Collection<String> attributes) {
    String prefix = spec.technicalPrefix();
    if (prefix == null || prefix.isEmpty()) {
      return;
    }
    for (String attribute : attributes) {
      if (attribute.startsWith(prefix)
          && !attribute.equals(spec.versionField())
          && !attribute.equals(spec.createdAtField())) {
        throw RestException.badRequest(
            "TechnicalField",
            Texts.quote(attribute)
                + " starts with the technical prefix '"
                + prefix
                + "'; such fields are written by the server, remove it from the body");
      }
    }
  }

  /** A short description of a JSON value's kind, for messages. */
  static String kind(@Nullable Object tree) {
    if (tree == null) {
      return "null";
    }
    if (tree instanceof Map) {
      return "an object";
    }
    if (tree instanceof List) {
      return "an array";
    }
    if (tree instanceof String) {
      return "a string";
    }
    if (tree instanceof Boolean) {
      return "a boolean";
    }
    return "a number";
  }

  @SuppressWarnings("unchecked")
  private static Map<String, @Nullable Object> object(Object tree) {
    return (Map<String, @Nullable Object>) tree;
  }

  /**
   * The body of a clone- or move-by-names route.
   *
   * @param names names from the body (empty when the names come from the query)
   * @param overlay the overlay (empty for none)
   */
  public record NamesOrOverlay(List<String> names, Map<String, @Nullable Object> overlay) {}
}
