package dev.dynakit.core.adapter;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/** Stamps who wrote last. */
final class LastModifiedByHooks implements Hooks {
  private final String field;
  private final Supplier<@Nullable String> fallback;

  LastModifiedByHooks(String field, Supplier<@Nullable String> fallback) {
    this.field = field;
    this.fallback = fallback;
  }

  @Override
  public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
    String who = context.actor() != null ? context.actor() : fallback.get();
    if (who == null) {
      return item;
    }
    Map<String, Object> stamped = new LinkedHashMap<>(item);
    stamped.put(field, who);
    return stamped;
  }
}
