package dev.dynakit.test;

import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.internal.value.ItemVisitor;
import dev.dynakit.engine.internal.value.Numbers;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds the SDK's attribute maps of stored items straight from their encoding (see {@link
 * ItemVisitor}), without decoding them into the engine's values first. One builder serves the items
 * of one response, one after the other, on one thread.
 *
 * <p>Cheap where a page of items repeats itself: a name, or an S or N value, the same as the
 * previous item's at the same place is taken again ({@link Repeats}: a Query page repeats its
 * partition key in every item); other names come from the shared {@link NameTable}; the SDK's
 * immutable true, false and null values are shared; numbers are written without a BigDecimal; maps
 * are handed over as {@link ArrayItemMap}s, since the SDK copies them anyway.
 */
final class SdkItemBuilder implements ItemVisitor {
  // the SDK's values are immutable: these three are all there is of their kinds
  private static final AttributeValue TRUE = AttributeValue.fromBool(true);
  private static final AttributeValue FALSE = AttributeValue.fromBool(false);
  static final AttributeValue NULL = AttributeValue.fromNul(true);

  /** What an open map, list or set collects; reused for every map or list at its depth. */
  private static final class Frame {
    String[] names;
    AttributeValue[] values;
    int count;
    List<Object> elements;
    String setType;
  }

  private final NameTable nameTable;
  private final Repeats repeats = new Repeats();
  // A builder may build again after being changed; the value built keeps what was set then. One per
  // kind spares the S and N values a builder each (setting one member clears no other).
  private final AttributeValue.Builder strings = AttributeValue.builder();
  private final AttributeValue.Builder numbers = AttributeValue.builder();
  private Frame[] open = new Frame[4];
  private int depth;
  private Map<String, AttributeValue> lastMap;

  SdkItemBuilder() {
    this(NameTable.SHARED);
  }

  SdkItemBuilder(NameTable nameTable) {
    this.nameTable = nameTable;
  }

  /** The SDK's attribute map of the item encoded in {@code stored}. */
  Map<String, AttributeValue> item(byte[] stored) {
    depth = 0;
    ItemCodec.visit(stored, this);
    return lastMap;
  }

  private Frame push() {
    if (depth == open.length) {
      open = Arrays.copyOf(open, depth * 2);
    }
    Frame frame = open[depth];
    if (frame == null) {
      frame = new Frame();
      open[depth] = frame;
    }
    depth++;
    return frame;
  }

  private Frame top() {
    return open[depth - 1];
  }

  private void add(AttributeValue value) {
    Frame top = open[depth - 1];
    if (top.values != null) {
      top.values[top.count++] = value;
    } else {
      top.elements.add(value);
    }
  }

  @Override
  public void startMap(int size) {
    Frame frame = push();
    frame.names = new String[size];
    frame.values = new AttributeValue[size];
    frame.count = 0;
    frame.elements = null;
  }

  @Override
  public void endMap() {
    Frame frame = open[--depth];
    lastMap = new ArrayItemMap(frame.names, frame.values);
    frame.names = null;
    frame.values = null;
  }

  @Override
  public void name(byte[] utf8, int offset, int length) {
    Frame top = top();
    String name;
    if (depth == 1) {
      name = repeats.name(top.count, utf8, offset, length);
      if (name == null) {
        name = nameTable.name(utf8, offset, length);
        repeats.rememberName(top.count, name, utf8, offset, length);
      }
    } else {
      name = nameTable.name(utf8, offset, length);
    }
    top.names[top.count] = name;
  }

  @Override
  public void stringValue(byte[] utf8, int offset, int length) {
    if (depth == 1) {
      int position = open[0].count;
      AttributeValue same = repeats.string(position, utf8, offset, length);
      if (same == null) {
        same = string(utf8, offset, length);
        repeats.rememberString(position, utf8, offset, length, same);
      }
      add(same);
    } else {
      add(string(utf8, offset, length));
    }
  }

  private AttributeValue string(byte[] utf8, int offset, int length) {
    return strings.s(new String(utf8, offset, length, StandardCharsets.UTF_8)).build();
  }

  @Override
  public void numberValue(long unscaled, int scale) {
    if (depth == 1) {
      int position = open[0].count;
      AttributeValue same = repeats.number(position, unscaled, scale);
      if (same == null) {
        same = numbers.n(NumberText.of(unscaled, scale)).build();
        repeats.rememberNumber(position, unscaled, scale, same);
      }
      add(same);
    } else {
      add(numbers.n(NumberText.of(unscaled, scale)).build());
    }
  }

  @Override
  public void numberValue(BigInteger unscaled, int scale) {
    add(numbers.n(number(unscaled, scale)).build());
  }

  @Override
  public void binaryValue(byte[] bytes, int offset, int length) {
    add(AttributeValue.fromB(bytes(bytes, offset, length)));
  }

  @Override
  public void boolValue(boolean value) {
    add(bool(value));
  }

  static AttributeValue bool(boolean value) {
    return value ? TRUE : FALSE;
  }

  @Override
  public void nullValue() {
    add(NULL);
  }

  @Override
  public void startSet(String typeName, int size) {
    Frame frame = push();
    frame.values = null;
    frame.elements = new ArrayList<>(size);
    frame.setType = typeName;
  }

  @Override
  @SuppressWarnings("unchecked")
  public void endSet() {
    Frame set = open[--depth];
    List<?> elements = set.elements;
    set.elements = null;
    switch (set.setType) {
      case "SS" -> add(AttributeValue.fromSs((List<String>) elements));
      case "NS" -> add(AttributeValue.fromNs((List<String>) elements));
      default -> add(AttributeValue.fromBs((List<SdkBytes>) elements));
    }
  }

  @Override
  public void setString(byte[] utf8, int offset, int length) {
    top().elements.add(new String(utf8, offset, length, StandardCharsets.UTF_8));
  }

  @Override
  public void setNumber(long unscaled, int scale) {
    top().elements.add(NumberText.of(unscaled, scale));
  }

  @Override
  public void setNumber(BigInteger unscaled, int scale) {
    top().elements.add(number(unscaled, scale));
  }

  @Override
  public void setBinary(byte[] bytes, int offset, int length) {
    top().elements.add(bytes(bytes, offset, length));
  }

  @Override
  public void startList(int size) {
    Frame frame = push();
    frame.values = null;
    frame.elements = new ArrayList<>(size);
  }

  @Override
  @SuppressWarnings("unchecked")
  public void endList() {
    Frame list = open[--depth];
    List<?> elements = list.elements;
    list.elements = null;
    add(AttributeValue.fromL((List<AttributeValue>) elements));
  }

  @Override
  public void startM() {
    // the entries follow as a map (startMap … endMap)
  }

  @Override
  public void endM() {
    add(AttributeValue.fromM(lastMap));
  }

  private static String number(BigInteger unscaled, int scale) {
    return Numbers.toText(new BigDecimal(unscaled, scale));
  }

  private static SdkBytes bytes(byte[] bytes, int offset, int length) {
    return SdkBytes.fromByteArrayUnsafe(Arrays.copyOfRange(bytes, offset, offset + length));
  }
}
