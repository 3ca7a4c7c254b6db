package dev.dynakit.test;

import dev.dynakit.engine.internal.value.ItemVisitor;
import dev.dynakit.engine.internal.value.Numbers;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds the SDK's attribute map of a stored item straight from its encoding (see {@link
 * ItemVisitor}), without decoding it into the engine's values first. One builder per item.
 */
final class SdkItemBuilder implements ItemVisitor {
  /** What an open map, list or set collects. */
  private static final class Frame {
    final Map<String, AttributeValue> map;
    final List<Object> elements;
    final String setType;
    String name;

    Frame(Map<String, AttributeValue> map, List<Object> elements, String setType) {
      this.map = map;
      this.elements = elements;
      this.setType = setType;
    }
  }

  private final Deque<Frame> open = new ArrayDeque<>();
  private Map<String, AttributeValue> lastMap;

  /** The item built from the last complete walk. */
  Map<String, AttributeValue> item() {
    return lastMap;
  }

  private void add(AttributeValue value) {
    Frame top = open.peek();
    if (top.map != null) {
      top.map.put(top.name, value);
    } else {
      top.elements.add(value);
    }
  }

  @Override
  public void startMap(int size) {
    open.push(new Frame(new LinkedHashMap<>(capacity(size)), null, null));
  }

  @Override
  public void endMap() {
    lastMap = open.pop().map;
  }

  @Override
  public void name(byte[] utf8, int offset, int length) {
    open.peek().name = new String(utf8, offset, length, StandardCharsets.UTF_8);
  }

  @Override
  public void stringValue(byte[] utf8, int offset, int length) {
    add(AttributeValue.fromS(new String(utf8, offset, length, StandardCharsets.UTF_8)));
  }

  @Override
  public void numberValue(long unscaled, int scale) {
    add(AttributeValue.fromN(number(BigDecimal.valueOf(unscaled, scale))));
  }

  @Override
  public void numberValue(BigInteger unscaled, int scale) {
    add(AttributeValue.fromN(number(new BigDecimal(unscaled, scale))));
  }

  @Override
  public void binaryValue(byte[] bytes, int offset, int length) {
    add(AttributeValue.fromB(bytes(bytes, offset, length)));
  }

  @Override
  public void boolValue(boolean value) {
    add(AttributeValue.fromBool(value));
  }

  @Override
  public void nullValue() {
    add(AttributeValue.fromNul(true));
  }

  @Override
  public void startSet(String typeName, int size) {
    open.push(new Frame(null, new ArrayList<>(size), typeName));
  }

  @Override
  @SuppressWarnings("unchecked")
  public void endSet() {
    Frame set = open.pop();
    List<?> elements = set.elements;
    switch (set.setType) {
      case "SS" -> add(AttributeValue.fromSs((List<String>) elements));
      case "NS" -> add(AttributeValue.fromNs((List<String>) elements));
      default -> add(AttributeValue.fromBs((List<SdkBytes>) elements));
    }
  }

  @Override
  public void setString(byte[] utf8, int offset, int length) {
    open.peek().elements.add(new String(utf8, offset, length, StandardCharsets.UTF_8));
  }

  @Override
  public void setNumber(long unscaled, int scale) {
    open.peek().elements.add(number(BigDecimal.valueOf(unscaled, scale)));
  }

  @Override
  public void setNumber(BigInteger unscaled, int scale) {
    open.peek().elements.add(number(new BigDecimal(unscaled, scale)));
  }

  @Override
  public void setBinary(byte[] bytes, int offset, int length) {
    open.peek().elements.add(bytes(bytes, offset, length));
  }

  @Override
  public void startList(int size) {
    open.push(new Frame(null, new ArrayList<>(size), null));
  }

  @Override
  @SuppressWarnings("unchecked")
  public void endList() {
    List<?> elements = open.pop().elements;
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

  private static String number(BigDecimal value) {
    return Numbers.toText(value);
  }

  private static SdkBytes bytes(byte[] bytes, int offset, int length) {
    return SdkBytes.fromByteArrayUnsafe(Arrays.copyOfRange(bytes, offset, offset + length));
  }

  private static int capacity(int size) {
    return (int) (size / 0.75f) + 1;
  }
}
