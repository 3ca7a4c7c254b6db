package dev.dynakit.rest;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The list envelope: {@code {"data": [...], "offset": o, "limit": l, "total": t, "links": {"prev":
 * …, "next": …}}} with the policy's key names. {@code total} is present when counted; {@code links}
 * when there is a previous or a next page. Links are relative URLs: the request path and query with
 * only {@code offset} and {@code limit} changed.
 */
public final class Envelope {
  private Envelope() {}

  /**
   * @param items the page's items
   * @param paging the effective offset and limit
   * @param total the number of all matching items, or null when not counted
   * @param request the list request (its mount, path and query make the links)
   * @param query the parsed query of the request
   */
  public static Map<String, Object> build(
      List<?> items,
      RestQuery.Paging paging,
      @Nullable Long total,
      RestRequest request,
      QueryParams query,
      RestPolicy policy) {
    EnvelopeNames names = policy.envelope();
    Map<String, Object> envelope = new LinkedHashMap<>();
    envelope.put(names.items(), items);
    envelope.put(names.offset(), paging.offset());
    envelope.put(names.limit(), paging.limit());
    if (total != null) {
      envelope.put(names.total(), total);
    }
    int offset = paging.offset();
    int limit = paging.limit();
    String prev = offset > 0 ? link(request, query, Math.max(0, offset - limit), limit) : null;
    // without a total, a short page is known to be the last one
    boolean more = total != null ? offset + (long) limit < total : items.size() >= limit;
    String next = more ? link(request, query, offset + limit, limit) : null;
    if (prev != null || next != null) {
      Map<String, @Nullable Object> links = new LinkedHashMap<>();
      links.put("prev", prev);
      links.put("next", next);
      envelope.put(names.links(), links);
    }
    return envelope;
  }

  private static String link(RestRequest request, QueryParams query, int offset, int limit) {
    String path = request.mount() + request.path();
    return (path.isEmpty() ? "/" : path) + "?" + query.withPaging(offset, limit);
  }
}
