package dev.dynakit.test;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The names and the S and N values of the last item built, by attribute position, so that the next
 * item of a page can take them again instead of decoding and building equal ones (Strings and the
 * SDK's values are immutable). Items of one page mostly list their attributes in the same order,
 * and some values repeat: the partition key of a Query page in every item, often a type or status.
 * A name is taken again when its bytes are the same; a value when its name was taken again and its
 * content is the same.
 *
 * <p>Bounded: the first {@value #POSITIONS} attributes of an item, names and strings of up to
 * {@value #MAX_BYTES} bytes (copied, since the visited array must not be kept).
 */
final class Repeats {
  static final int POSITIONS = 32;
  static final int MAX_BYTES = 256;

  /** Up to this many bytes, two eight-byte loads compare faster than {@link Arrays#equals}. */
  private static final int SHORT = 16;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** What was at one position. */
  private static final class Last {
    /** The name, or null when not known (then neither is the value). */
    @Nullable String name;

    byte[] nameBytes = new byte[SHORT];
    int nameLength;

    /** The value, or null when not an S or N of this name. */
    @Nullable AttributeValue value;

    boolean isString;
    byte[] text = new byte[SHORT];
    int textLength;
    long unscaled;
    int scale;
  }

  private final Last[] last = new Last[POSITIONS];

  /** The last item's name at {@code position}, if its bytes were the same. */
  @Nullable String name(int position, byte[] utf8, int offset, int length) {
    if (position >= POSITIONS) {
      return null;
    }
    Last l = last[position];
    return l != null && l.name != null && same(l.nameBytes, l.nameLength, utf8, offset, length)
        ? l.name
        : null;
  }

  /** After {@link #name} found nothing: the name at {@code position} from now on. */
  void rememberName(int position, String name, byte[] utf8, int offset, int length) {
    if (position >= POSITIONS) {
      return;
    }
    Last l = last[position];
    if (l == null) {
      l = new Last();
      last[position] = l;
    }
    l.value = null;
    if (length > MAX_BYTES) {
      l.name = null;
      return;
    }
    l.nameBytes = copy(l.nameBytes, utf8, offset, length);
    l.nameLength = length;
    l.name = name;
  }

  /** The last item's S value at {@code position}, if it had the same name and bytes. */
  @Nullable AttributeValue string(int position, byte[] utf8, int offset, int length) {
    Last l = known(position);
    return l != null
            && l.value != null
            && l.isString
            && same(l.text, l.textLength, utf8, offset, length)
        ? l.value
        : null;
  }

  void rememberString(int position, byte[] utf8, int offset, int length, AttributeValue value) {
    Last l = known(position);
    if (l == null) {
      return;
    }
    if (length > MAX_BYTES) {
      l.value = null;
      return;
    }
    l.text = copy(l.text, utf8, offset, length);
    l.textLength = length;
    l.isString = true;
    l.value = value;
  }

  /** The last item's N value at {@code position}, if it had the same name and number. */
  @Nullable AttributeValue number(int position, long unscaled, int scale) {
    Last l = known(position);
    return l != null && l.value != null && !l.isString && l.unscaled == unscaled && l.scale == scale
        ? l.value
        : null;
  }

  void rememberNumber(int position, long unscaled, int scale, AttributeValue value) {
    Last l = known(position);
    if (l == null) {
      return;
    }
    l.isString = false;
    l.unscaled = unscaled;
    l.scale = scale;
    l.value = value;
  }

  /** What is remembered at {@code position}, if its name is known. */
  private @Nullable Last known(int position) {
    if (position >= POSITIONS) {
      return null;
    }
    Last l = last[position];
    return l != null && l.name != null ? l : null;
  }

  private static boolean same(byte[] kept, int keptLength, byte[] bytes, int offset, int length) {
    if (keptLength != length) {
      return false;
    }
    if (length > SHORT) {
      // compares many bytes at a time
      return Arrays.equals(kept, 0, length, bytes, offset, offset + length);
    }
    if (offset + SHORT <= bytes.length && kept.length >= SHORT) {
      // Two eight-byte loads a side, masked to the length: no loop whose exit the processor has to
      // guess (names and values of a page alternate between lengths). Kept arrays are at least
      // SHORT long; the visited array mostly has SHORT bytes left after a name or value.
      long first = (long) LONGS.get(kept, 0) ^ (long) LONGS.get(bytes, offset);
      long second = (long) LONGS.get(kept, 8) ^ (long) LONGS.get(bytes, offset + 8);
      return ((first & mask(length)) | (second & mask(length - 8))) == 0;
    }
    for (int i = length - 1; i >= 0; i--) {
      if (kept[i] != bytes[offset + i]) {
        return false;
      }
    }
    return true;
  }

  /** The low {@code n} bytes of a little-endian long (none for n ≤ 0, all for n ≥ 8). */
  private static long mask(int n) {
    return n <= 0 ? 0 : n >= 8 ? -1L : (1L << (n << 3)) - 1;
  }

  private static byte[] copy(byte[] into, byte[] bytes, int offset, int length) {
    byte[] target = into.length >= length ? into : new byte[Math.max(length, into.length * 2)];
    System.arraycopy(bytes, offset, target, 0, length);
    return target;
  }
}
