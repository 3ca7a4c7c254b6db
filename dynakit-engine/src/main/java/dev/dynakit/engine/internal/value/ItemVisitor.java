package dev.dynakit.engine.internal.value;

import java.math.BigInteger;

/**
 * Receives the parts of an encoded item in order, straight from its bytes ({@link
 * ItemCodec#visit}): no strings, numbers or maps are built, which is what makes writing a stored
 * item out cheap. Names and strings come as UTF-8 runs of the encoded array; the visitor must not
 * keep or change the array.
 *
 * <p>The calls nest as the item does. The item itself, and the value of an M, are {@code
 * startMap(n)}, then {@code n} times a {@code name} followed by one value, then {@code endMap()}. A
 * value is one call for a scalar ({@code stringValue}, {@code numberValue}, {@code binaryValue},
 * {@code boolValue}, {@code nullValue}); {@code startSet(type, n)}, {@code n} element calls of the
 * set's kind and {@code endSet()} for SS, NS and BS; {@code startList(n)}, {@code n} values and
 * {@code endList()} for L; {@code startM()}, a map as above and {@code endM()} for M.
 */
public interface ItemVisitor {
  void startMap(int size);

  void endMap();

  void name(byte[] utf8, int offset, int length);

  /** An S value. */
  void stringValue(byte[] utf8, int offset, int length);

  /**
   * An N value whose unscaled value fits a long: {@code unscaled × 10^-scale}, canonical as stored
   * (no trailing zeros in {@code unscaled}, zero as 0 with scale 0).
   */
  void numberValue(long unscaled, int scale);

  /** An N value whose unscaled value does not fit a long. */
  void numberValue(BigInteger unscaled, int scale);

  /** A B value. */
  void binaryValue(byte[] bytes, int offset, int length);

  void boolValue(boolean value);

  void nullValue();

  /** The start of an SS, NS or BS value ({@code typeName} is its wire type) of {@code size}. */
  void startSet(String typeName, int size);

  void endSet();

  /** An element of an SS. */
  void setString(byte[] utf8, int offset, int length);

  /** An element of an NS, as {@link #numberValue(long, int)}. */
  void setNumber(long unscaled, int scale);

  void setNumber(BigInteger unscaled, int scale);

  /** An element of a BS. */
  void setBinary(byte[] bytes, int offset, int length);

  void startList(int size);

  void endList();

  /** The start of an M value, whose entries follow as a map. */
  void startM();

  void endM();
}
