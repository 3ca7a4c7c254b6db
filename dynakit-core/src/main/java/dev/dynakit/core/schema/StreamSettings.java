package dev.dynakit.core.schema;

import org.jspecify.annotations.Nullable;

/**
 * The table's stream.
 *
 * @param enabled whether the stream is on
 * @param view what each record carries; required when enabled
 */
public record StreamSettings(boolean enabled, @Nullable StreamView view) {
  /** An enabled stream. */
  public static StreamSettings of(StreamView view) {
    return new StreamSettings(true, view);
  }
}
