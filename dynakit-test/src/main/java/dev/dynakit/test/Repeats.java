package dev.dynakit.test;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The S and N values of the last item built, by attribute position, so that the next item of a page
 * can take the same value again instead of building an equal one (the SDK's values are immutable).
 * Items of one page mostly list their attributes in the same order, and some values repeat: the
 * partition key of a Query page in every item, often a type or status. A value is taken again only
 * when its name and its content are the same; comparing costs less than decoding and building.
 *
 * <p>Bounded: the first {@value #POSITIONS} attributes of an item, strings of up to {@value
 * #MAX_TEXT_BYTES} bytes (copied, since the visited array must not be kept).
 */
final class Repeats {
  static final int POSITIONS = 32;
  static final int MAX_TEXT_BYTES = 256;

  /** What was at one position. */
  private static final class Last {
    @Nullable String name;
    @Nullable AttributeValue value;
    boolean isString;
    byte[] text = new byte[16];
    int textLength;
    long unscaled;
    int scale;
  }

  private final Last[] last = new Last[POSITIONS];

  /** The last item's S value at {@code position}, if it had the same name and bytes. */
  @Nullable AttributeValue string(int position, String name, byte[] utf8, int offset, int length) {
    if (position >= POSITIONS) {
      return null;
    }
    Last l = last[position];
    if (l == null
        || !l.isString
        || l.textLength != length
        || !name.equals(l.name)
        || !Arrays.equals(l.text, 0, length, utf8, offset, offset + length)) {
      return null;
    }
    return l.value;
  }

  void rememberString(
      int position, String name, byte[] utf8, int offset, int length, AttributeValue value) {
    Last l = slot(position);
    if (l == null) {
      return;
    }
    if (length > MAX_TEXT_BYTES) {
      l.name = null;
      l.value = null;
      return;
    }
    if (l.text.length < length) {
      l.text = new byte[Math.max(length, l.text.length * 2)];
    }
    System.arraycopy(utf8, offset, l.text, 0, length);
    l.textLength = length;
    l.isString = true;
    l.name = name;
    l.value = value;
  }

  /** The last item's N value at {@code position}, if it had the same name and number. */
  @Nullable AttributeValue number(int position, String name, long unscaled, int scale) {
    if (position >= POSITIONS) {
      return null;
    }
    Last l = last[position];
    if (l == null
        || l.isString
        || l.unscaled != unscaled
        || l.scale != scale
        || !name.equals(l.name)) {
      return null;
    }
    return l.value;
  }

  void rememberNumber(int position, String name, long unscaled, int scale, AttributeValue value) {
    Last l = slot(position);
    if (l == null) {
      return;
    }
    l.isString = false;
    l.unscaled = unscaled;
    l.scale = scale;
    l.name = name;
    l.value = value;
  }

  private @Nullable Last slot(int position) {
    if (position >= POSITIONS) {
      return null;
    }
    Last l = last[position];
    if (l == null) {
      l = new Last();
      last[position] = l;
    }
    return l;
  }
}
