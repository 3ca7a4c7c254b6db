package dev.dynakit.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class RepeatsProperties {
  /**
   * A name or string is taken again exactly when its bytes equal the remembered ones, whatever the
   * lengths (the masked eight-byte compare up to 16, the array compare beyond) and wherever the
   * bytes sit in the visited array (near its end the compare falls back to a loop).
   */
  @Property(tries = 3000)
  void takenAgain_exactlyWhenTheBytesAreEqual(
      @ForAll @Size(max = 40) byte[] remembered,
      @ForAll @IntRange(min = 0, max = 8) int before,
      @ForAll @IntRange(min = 0, max = 20) int after,
      @ForAll @IntRange(min = -1, max = 40) int flipAt,
      @ForAll @IntRange(min = -1, max = 1) int lengthChange,
      @ForAll byte filler) {
    int length = Math.max(0, remembered.length + lengthChange);
    byte[] visited = new byte[before + length + after];
    Arrays.fill(visited, filler);
    System.arraycopy(remembered, 0, visited, before, Math.min(length, remembered.length));
    if (flipAt >= 0 && flipAt < length) {
      visited[before + flipAt] ^= 0x5A;
    }
    boolean equal =
        Arrays.equals(remembered, 0, remembered.length, visited, before, before + length);

    Repeats repeats = new Repeats();
    byte[] first = new byte[remembered.length + 3];
    System.arraycopy(remembered, 0, first, 2, remembered.length);
    repeats.rememberName(0, "name", first, 2, remembered.length);
    AttributeValue value = AttributeValue.fromS("value");
    repeats.rememberString(0, first, 2, remembered.length, value);

    assertThat(repeats.name(0, visited, before, length)).isEqualTo(equal ? "name" : null);
    assertThat(repeats.string(0, visited, before, length)).isEqualTo(equal ? value : null);
  }
}
