package dev.dynakit.core.batch;

import dev.dynakit.core.expr.Expression;
import org.jspecify.annotations.Nullable;

/**
 * How a batch read reads.
 *
 * @param consistentRead strongly consistent reads (twice the read capacity)
 * @param projection the attributes to read, or null for whole items; the key attributes are read in
 *     any case (they match items to keys)
 */
public record GetOptions(boolean consistentRead, @Nullable Expression projection) {
  /** Eventually consistent reads of whole items. */
  public static final GetOptions DEFAULT = new GetOptions(false, null);

  /** Strongly consistent reads of whole items. */
  public static GetOptions consistent() {
    return new GetOptions(true, null);
  }
}
