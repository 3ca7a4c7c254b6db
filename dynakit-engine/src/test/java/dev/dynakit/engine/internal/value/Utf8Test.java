package dev.dynakit.engine.internal.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class Utf8Test {

  @Test
  void compare_supplementaryCharsSharingAHighSurrogate_orderByCodePoint() {
    // U+10FC00 and U+10FFFF share the high surrogate U+DBFF; they must not compare equal.
    String low = new String(Character.toChars(0x10FC00));
    String high = new String(Character.toChars(0x10FFFF));
    assertThat(Utf8.compare(low, high)).isNegative();
    assertThat(Utf8.compare(high, low)).isPositive();
    assertThat(Utf8.compare("x" + low, "x" + high)).isNegative();
  }

  @Test
  void compare_followsUtf8ByteOrder_whereUtf16OrderDiffers() {
    String bmpHigh = "\uffff";
    String supplementary = new String(Character.toChars(0x10000));
    assertThat(Utf8.compare(bmpHigh, supplementary)).isNegative();
    assertThat(
            Arrays.compareUnsigned(
                bmpHigh.getBytes(StandardCharsets.UTF_8),
                supplementary.getBytes(StandardCharsets.UTF_8)))
        .isNegative();
  }
}
