package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.EngineException;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.internal.value.ItemSize;
import java.util.Map;

/** DynamoDB's limits on a whole item: 400 KB and 32 levels of nesting. */
public final class ItemLimits {
  static final long MAX_ITEM_BYTES = 400 * 1024;
  private static final int MAX_DEPTH = 32;

  private ItemLimits() {}

  /** Checks the item and returns its size in bytes. */
  public static long check(Map<String, AttrValue> item) {
    long size = ItemSize.itemSize(item);
    checkSize(size);
    checkDepth(item);
    return size;
  }

  /**
   * Checks the item as {@link #check} does and returns its encoding, whose header holds the size
   * ({@link ItemCodec#size}): one walk over the item instead of two.
   */
  public static byte[] encode(Map<String, AttrValue> item) {
    byte[] bytes = ItemCodec.encode(item);
    checkSize(ItemCodec.size(bytes));
    checkDepth(item);
    return bytes;
  }

  private static void checkSize(long size) {
    if (size > MAX_ITEM_BYTES) {
      throw EngineException.validation("Item size has exceeded the maximum allowed size");
    }
  }

  private static void checkDepth(Map<String, AttrValue> item) {
    for (AttrValue v : item.values()) {
      if (depth(v) > MAX_DEPTH) {
        throw EngineException.validation("Nesting Levels have exceeded supported limits");
      }
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
