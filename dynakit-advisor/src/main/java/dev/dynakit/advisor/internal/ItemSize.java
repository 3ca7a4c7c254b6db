package dev.dynakit.advisor.internal;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item's size by DynamoDB's rules: each attribute's name in UTF-8 bytes plus its value; a number
 * about one byte per two significant digits plus one; a list or map 3 bytes plus one per element.
 */
public final class ItemSize {
  private ItemSize() {}

  /** The size of {@code item} in bytes. */
  public static long of(Map<String, AttributeValue> item) {
    long size = 0;
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      size += utf8(e.getKey()) + value(e.getValue());
    }
    return size;
  }

  private static long value(AttributeValue v) {
    if (v.s() != null) {
      return utf8(v.s());
    }
    if (v.n() != null) {
      return number(v.n());
    }
    if (v.b() != null) {
      return v.b().asByteArrayUnsafe().length;
    }
    if (v.bool() != null || Boolean.TRUE.equals(v.nul())) {
      return 1;
    }
    if (v.hasSs()) {
      return v.ss().stream().mapToLong(ItemSize::utf8).sum();
    }
    if (v.hasNs()) {
      return v.ns().stream().mapToLong(ItemSize::number).sum();
    }
    if (v.hasBs()) {
      return v.bs().stream().mapToLong(b -> b.asByteArrayUnsafe().length).sum();
    }
    if (v.hasL()) {
      return 3 + v.l().stream().mapToLong(x -> 1 + value(x)).sum();
    }
    if (v.hasM()) {
      return 3
          + v.m().entrySet().stream()
              .mapToLong(e -> 1 + utf8(e.getKey()) + value(e.getValue()))
              .sum();
    }
    return 0;
  }

  private static long utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }

  private static long number(String text) {
    String digits = new BigDecimal(text).stripTrailingZeros().unscaledValue().abs().toString();
    return (digits.length() + 1) / 2 + 1;
  }
}
