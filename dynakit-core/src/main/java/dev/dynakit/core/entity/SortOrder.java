package dev.dynakit.core.entity;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB's order of sort-key values: strings and binaries by unsigned bytes, numbers by value.
 */
final class SortOrder {
  private SortOrder() {}

  static int compare(@Nullable AttributeValue a, @Nullable AttributeValue b) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    if (a.s() != null && b.s() != null) {
      return Arrays.compareUnsigned(
          a.s().getBytes(StandardCharsets.UTF_8), b.s().getBytes(StandardCharsets.UTF_8));
    }
    if (a.n() != null && b.n() != null) {
      return new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
    }
    if (a.b() != null && b.b() != null) {
      return Arrays.compareUnsigned(a.b().asByteArray(), b.b().asByteArray());
    }
    return 0;
  }
}
