package dev.dynakit.engine.internal.value;

import java.util.Arrays;
import java.util.Base64;

/** An immutable byte string, ordered by unsigned bytes as DynamoDB orders binaries. */
public final class Binary implements Comparable<Binary> {
  private final byte[] bytes;

  private Binary(byte[] bytes) {
    this.bytes = bytes;
  }

  /** Wraps a copy of the given bytes. */
  public static Binary of(byte[] bytes) {
    return new Binary(bytes.clone());
  }

  /** Wraps the given array without copying; the caller must never change it afterwards. */
  public static Binary wrap(byte[] bytes) {
    return new Binary(bytes);
  }

  public static Binary fromBase64(String text) {
    return new Binary(Base64.getDecoder().decode(text));
  }

  public int length() {
    return bytes.length;
  }

  public byte byteAt(int index) {
    return bytes[index];
  }

  /** A copy of the bytes. */
  public byte[] toByteArray() {
    return bytes.clone();
  }

  /** The bytes themselves, for read-only use by encoders. */
  byte[] unsafeBytes() {
    return bytes;
  }

  public String toBase64() {
    return Base64.getEncoder().encodeToString(bytes);
  }

  public boolean startsWith(Binary prefix) {
    return bytes.length >= prefix.bytes.length
        && Arrays.equals(bytes, 0, prefix.bytes.length, prefix.bytes, 0, prefix.bytes.length);
  }

  /** Whether {@code other} occurs as a contiguous run inside this binary. */
  public boolean contains(Binary other) {
    int n = other.bytes.length;
    outer:
    for (int i = 0; i + n <= bytes.length; i++) {
      for (int j = 0; j < n; j++) {
        if (bytes[i + j] != other.bytes[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  @Override
  public int compareTo(Binary other) {
    return Arrays.compareUnsigned(bytes, other.bytes);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Binary b && Arrays.equals(bytes, b.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  @Override
  public String toString() {
    return toBase64();
  }
}
