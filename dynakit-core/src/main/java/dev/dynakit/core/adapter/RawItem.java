package dev.dynakit.core.adapter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The raw-item bypass for writes: an item exactly as it is to be stored (technical fields, the
 * structural key and all), written without validation, prepare hooks, codecs or derived fields.
 * Only the version counter is still stamped and checked, so that raw writes keep optimistic
 * concurrency. Items read with {@link ReadOptions.Builder#raw()} or {@link
 * ListOptions.Builder#raw()} have this shape.
 *
 * @param attributes plain values, marshalled as {@link dev.dynakit.core.item.Marshalling} does
 */
public record RawItem(Map<String, Object> attributes) {
  public RawItem {
    attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
  }

  public static RawItem of(Map<String, ?> attributes) {
    return new RawItem(new LinkedHashMap<>(attributes));
  }
}
