package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.WireValues;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.internal.value.ItemSize;
import dev.dynakit.engine.internal.value.Utf8;
import java.util.Map;

/**
 * DynamoDB's limits on a whole item: 400 KB, 32 levels of nesting ({@link
 * WireValues#MAX_NESTING_DEPTH}), and attribute names of at least one character and less than 64
 * KB.
 */
public final class ItemLimits {
  static final long MAX_ITEM_BYTES = ItemSize.MAX_ITEM_BYTES;
  static final int MAX_NAME_BYTES = 64 * 1024 - 1;

  private ItemLimits() {}

  /** Checks the item and returns its size in bytes. */
  public static long check(Map<String, AttrValue> item) {
    long size = ItemSize.itemSize(item);
    checkSize(size);
    checkNamesAndDepth(item);
    return size;
  }

  /**
   * Checks an item an update made, as {@link #check} does but in DynamoDB's words for an update
   * that grows an item too large, and returns its size.
   */
  public static long checkUpdated(Map<String, AttrValue> item) {
    long size = ItemSize.itemSize(item);
    if (size > MAX_ITEM_BYTES) {
      throw EngineException.validation("Item size to update has exceeded the maximum allowed size");
    }
    checkNamesAndDepth(item);
    return size;
  }

  /**
   * Checks the item as {@link #check} does and returns its encoding, whose header holds the size
   * ({@link ItemCodec#size}): one walk over the item instead of two.
   */
  public static byte[] encode(Map<String, AttrValue> item) {
    byte[] bytes = ItemCodec.encode(item);
    checkSize(ItemCodec.size(bytes));
    checkNamesAndDepth(item);
    return bytes;
  }

  private static void checkSize(long size) {
    if (size > MAX_ITEM_BYTES) {
      throw EngineException.validation("Item size has exceeded the maximum allowed size");
    }
  }

  private static void checkNamesAndDepth(Map<String, AttrValue> item) {
    // forEach with a method that captures nothing: no entry objects, no consumer per call
    item.forEach(ItemLimits::checkNameAndDepth);
  }

  private static void checkNameAndDepth(String name, AttrValue value) {
    checkName(name);
    if (depth(value) > WireValues.MAX_NESTING_DEPTH) {
      throw EngineException.validation(WireValues.NESTING_MESSAGE);
    }
  }

  private static void checkName(String name) {
    if (name.isEmpty()) {
      // DynamoDB publishes no text for an empty attribute name in an item; ours names the problem
      // inside its "parameter values were invalid" envelope (DynamoDbRefusalsTest pins it)
      throw EngineException.validation(
          "One or more parameter values were invalid: An attribute name in the item is empty;"
              + " attribute names must be at least one character long");
    }
    // a UTF-8 character takes at most three bytes per UTF-16 unit, so short names need no count
    if (name.length() * 3 > MAX_NAME_BYTES && Utf8.length(name) > MAX_NAME_BYTES) {
      throw EngineException.validation(
          "One or more parameter values were invalid: An attribute name in the item is "
              + Utf8.length(name)
              + " bytes long; attribute names must be less than 64 KB");
    }
  }

  private static int depth(AttrValue v) {
    int max = 0;
    if (v instanceof AttrValue.L l) {
      for (AttrValue e : l.values()) {
        max = Math.max(max, 1 + depth(e));
      }
    } else if (v instanceof AttrValue.M m) {
      for (AttrValue e : m.values().values()) {
        max = Math.max(max, 1 + depth(e));
      }
    }
    return max;
  }
}
