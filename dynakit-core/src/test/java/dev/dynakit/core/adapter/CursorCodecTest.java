package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.InvalidCursorException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class CursorCodecTest {
  static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes();

  static final CursorPosition POSITION =
      new CursorPosition(
          keyOf(
              "state", AttributeValue.fromS("TX ✓"),
              "n", AttributeValue.fromN("-12.5"),
              "b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, -1, 7}))),
          Map.of("phase", "delete"));

  private static Map<String, AttributeValue> keyOf(Object... pairs) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      key.put((String) pairs[i], (AttributeValue) pairs[i + 1]);
    }
    return key;
  }

  @Test
  void encode_thenDecode_returnsThePosition() {
    CursorCodec codec = CursorCodec.withKey(KEY);
    String cursor = codec.encode("list|rentals", POSITION);
    assertThat(cursor).matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
    assertThat(codec.decode("list|rentals", cursor)).isEqualTo(POSITION);
    assertThat(CursorCodec.withKey(KEY).decode("list|rentals", cursor)).isEqualTo(POSITION);
  }

  @Test
  void decode_otherScope_otherKey_orAlteredPayload_isRefused() {
    CursorCodec codec = CursorCodec.withKey(KEY);
    String cursor = codec.encode("list|rentals", POSITION);
    assertThatThrownBy(() -> codec.decode("list|cars", cursor))
        .isInstanceOf(InvalidCursorException.class);
    assertThatThrownBy(() -> CursorCodec.random().decode("list|rentals", cursor))
        .isInstanceOf(InvalidCursorException.class);
    String payload = cursor.substring(0, cursor.indexOf('.'));
    byte[] bytes = Base64.getUrlDecoder().decode(payload);
    bytes[bytes.length - 1] ^= 1;
    String altered =
        Base64.getUrlEncoder().withoutPadding().encodeToString(bytes)
            + cursor.substring(cursor.indexOf('.'));
    assertThatThrownBy(() -> codec.decode("list|rentals", altered))
        .isInstanceOf(InvalidCursorException.class);
  }

  @Test
  void decode_anyCharacterChanged_isRefused() {
    CursorCodec codec = CursorCodec.withKey(KEY);
    String cursor = codec.encode("list|rentals", POSITION);
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (int i = 0; i < cursor.length(); i++) {
      for (char c : alphabet.toCharArray()) {
        if (c != cursor.charAt(i) && cursor.charAt(i) != '.') {
          String altered = cursor.substring(0, i) + c + cursor.substring(i + 1);
          assertThatThrownBy(() -> codec.decode("list|rentals", altered))
              .as("character %d changed to %s", i, c)
              .isInstanceOf(InvalidCursorException.class);
        }
      }
    }
  }

  @Test
  void decode_malformed_isRefused() {
    CursorCodec codec = CursorCodec.withKey(KEY);
    for (String bad : new String[] {"", "abc", "a.b.c", "!!.??", "x".repeat(20_000) + ".y"}) {
      assertThatThrownBy(() -> codec.decode("s", bad)).isInstanceOf(InvalidCursorException.class);
    }
  }

  @Test
  void keys_mustBeLongEnough_andValuesScalar() {
    assertThatThrownBy(() -> CursorCodec.withKey(new byte[8]))
        .isInstanceOf(IllegalArgumentException.class);
    CursorCodec codec = CursorCodec.random();
    CursorPosition list = CursorPosition.at(Map.of("l", AttributeValue.fromL(java.util.List.of())));
    assertThatThrownBy(() -> codec.encode("s", list)).isInstanceOf(IllegalArgumentException.class);
  }
}
