package dev.dynakit.core.schema;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What filtering a field allows.
 *
 * @param ops the allowed operators
 * @param type how filter values given as text are read; null to take the type from the key fields
 *     or indices that name the field (string otherwise)
 */
public record FilterRule(Set<FilterOp> ops, @Nullable ScalarType type) {
  public FilterRule {
    ops = ops.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(ops));
  }
}
