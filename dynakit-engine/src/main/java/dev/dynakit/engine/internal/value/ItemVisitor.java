package dev.dynakit.engine.internal.value;

import java.math.BigInteger;

/**
 * Receives the parts of an encoded item in order, straight from its bytes ({@link
 * ItemCodec#visit}): no strings, numbers or maps are built, which is what makes writing a stored
 * item out cheap. Names and strings come as UTF-8 runs of the encoded array; the visitor must not
 * keep or change the array.
 *
 * <p>The calls nest as the item does. The item itself, and the entries of an M value, are {@code
 * startMap(n)}, then {@code n} times a {@code name} followed by one value, then {@code endMap()}.
 * Every value is {@code startValue(type)} (its wire type name: {@code "S"}, {@code "N"}, …), its
 * payload, then {@code endValue()}. The payload of S, N, B, BOOL and NULL is one {@code string},
 * {@code number}, {@code binary}, {@code bool} or {@code nul} call; SS, NS and BS are {@code
 * startList(n)}, {@code n} element calls of the scalar kind, {@code endList()}; L is {@code
 * startList(n)}, {@code n} values, {@code endList()}; M is a map as above.
 */
public interface ItemVisitor {
  void startMap(int size);

  void endMap();

  void name(byte[] utf8, int offset, int length);

  void startValue(String typeName);

  void endValue();

  void startList(int size);

  void endList();

  void string(byte[] utf8, int offset, int length);

  /**
   * A number whose unscaled value fits a long: {@code unscaled × 10^-scale}, canonical as stored
   * (no trailing zeros in {@code unscaled}, zero as 0 with scale 0).
   */
  void number(long unscaled, int scale);

  /** A number whose unscaled value does not fit a long. */
  void number(BigInteger unscaled, int scale);

  void binary(byte[] bytes, int offset, int length);

  void bool(boolean value);

  /** The payload of a NULL value. */
  void nul();
}
