package dev.dynakit.engine.internal.protocol;

import dev.dynakit.engine.internal.value.ItemVisitor;
import dev.dynakit.engine.internal.value.Numbers;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Writes a stored item from its encoding ({@link
 * dev.dynakit.engine.internal.value.ItemCodec#visit}) in the typed form {@link JsonWriter} writes
 * attribute values in.
 */
final class StoredItemJson implements ItemVisitor {
  private final JsonOutput out;

  StoredItemJson(JsonOutput out) {
    this.out = out;
  }

  @Override
  public void startMap(int size) {
    out.startObject();
  }

  @Override
  public void endMap() {
    out.endObject();
  }

  @Override
  public void name(byte[] utf8, int offset, int length) {
    out.memberName(utf8, offset, length);
  }

  @Override
  public void stringValue(byte[] utf8, int offset, int length) {
    out.stringValue(utf8, offset, length);
  }

  @Override
  public void numberValue(long unscaled, int scale) {
    out.typed(JsonOutput.N_PREFIX);
    out.number(unscaled, scale);
    out.endObject();
  }

  @Override
  public void numberValue(BigInteger unscaled, int scale) {
    out.typed(JsonOutput.N_PREFIX);
    out.asciiString(Numbers.toText(new BigDecimal(unscaled, scale)));
    out.endObject();
  }

  @Override
  public void binaryValue(byte[] bytes, int offset, int length) {
    out.typed(JsonOutput.B_PREFIX);
    out.base64(bytes, offset, length);
    out.endObject();
  }

  @Override
  public void boolValue(boolean value) {
    out.constant(value ? JsonOutput.BOOL_TRUE : JsonOutput.BOOL_FALSE);
  }

  @Override
  public void nullValue() {
    out.constant(JsonOutput.NULL_VALUE);
  }

  @Override
  public void startSet(String typeName, int size) {
    out.typedStart(typeName);
    out.startArray();
  }

  @Override
  public void endSet() {
    out.endArray();
    out.endObject();
  }

  @Override
  public void setString(byte[] utf8, int offset, int length) {
    out.utf8String(utf8, offset, length);
  }

  @Override
  public void setNumber(long unscaled, int scale) {
    out.number(unscaled, scale);
  }

  @Override
  public void setNumber(BigInteger unscaled, int scale) {
    out.asciiString(Numbers.toText(new BigDecimal(unscaled, scale)));
  }

  @Override
  public void setBinary(byte[] bytes, int offset, int length) {
    out.base64(bytes, offset, length);
  }

  @Override
  public void startList(int size) {
    out.typedStart("L");
    out.startArray();
  }

  @Override
  public void endList() {
    out.endArray();
    out.endObject();
  }

  @Override
  public void startM() {
    out.typedStart("M");
  }

  @Override
  public void endM() {
    out.endObject();
  }
}
