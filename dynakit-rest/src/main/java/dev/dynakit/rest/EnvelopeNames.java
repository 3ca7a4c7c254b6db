package dev.dynakit.rest;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The key names of the list envelope ({@code {"data": […], "offset": 0, "limit": 10, "total": 61,
 * "links": {…}}} by default). Only the response keys can be renamed, not the query parameters.
 *
 * @param items the key of the page's items ({@code data})
 * @param total the key of the number of matching items ({@code total})
 * @param offset the key of the effective offset ({@code offset})
 * @param limit the key of the effective limit ({@code limit})
 * @param links the key of the {@code prev}/{@code next} links ({@code links})
 */
public record EnvelopeNames(String items, String total, String offset, String limit, String links) {
  /** The reference toolkit's names. */
  public static final EnvelopeNames DEFAULTS =
      new EnvelopeNames("data", "total", "offset", "limit", "links");

  /** Refuses empty or repeated names. */
  public EnvelopeNames {
    List<String> all = List.of(items, total, offset, limit, links);
    Set<String> seen = new HashSet<>();
    for (String name : all) {
      if (name.isEmpty()) {
        throw new IllegalArgumentException("envelope key names must not be empty: " + all);
      }
      if (!seen.add(name)) {
        throw new IllegalArgumentException("envelope key names must differ: " + all);
      }
    }
  }
}
