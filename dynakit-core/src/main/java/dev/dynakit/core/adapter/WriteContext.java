package dev.dynakit.core.adapter;

import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a write hook knows about the write it is part of.
 *
 * @param kind the Adapter operation
 * @param now the time of the write, from the Adapter's clock (one value for the whole write, so
 *     every stamp agrees)
 * @param actor who writes, as the caller said in {@link WriteOptions.Builder#actor}, or null
 * @param adapter the Adapter doing the write (to build keys or consistency checks)
 */
public record WriteContext(WriteKind kind, Instant now, @Nullable String actor, Adapter adapter) {
  public WriteContext {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(now, "now");
    Objects.requireNonNull(adapter, "adapter");
  }

  /**
   * Whether the item a hook sees is a patch (only the fields being set) rather than a full item.
   */
  public boolean patch() {
    return kind == WriteKind.PATCH;
  }
}
