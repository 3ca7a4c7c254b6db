package dev.dynakit.core.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.InvalidTokenException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Resume tokens of mass operations and the Adapter's paging cursors: one codec, one format. */
class TokenCodecTest {
  private static final byte[] KEY =
      "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8);
  private static final String BASE64URL =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  private final TokenCodec codec = TokenCodec.withKey(KEY);
  private final TokenScope move = new TokenScope("move", "Rentals", "from=TX|Dallas;to=TX|Austin");

  private static ResumePoint point() {
    Map<String, AttributeValue> position = new LinkedHashMap<>();
    position.put("pk", AttributeValue.fromS("TX"));
    position.put("sk", AttributeValue.fromS("TX|Dallas|ü|42"));
    position.put("n", AttributeValue.fromN("-12.5E3"));
    position.put("b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, (byte) 255})));
    return new ResumePoint("copy", position, Map.of("done", "1234"));
  }

  @Test
  void decode_ofEncode_isTheSamePoint() {
    String token = codec.encode(move, point());

    assertThat(codec.decode(move, token)).isEqualTo(point());
    assertThat(TokenCodec.withKey(KEY.clone()).decode(move, token)).isEqualTo(point());
    assertThat(token).matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
  }

  @Test
  void decode_startOfPhase_roundTrips() {
    ResumePoint start = ResumePoint.startOf("self");

    assertThat(codec.decode(move, codec.encode(move, start))).isEqualTo(start);
    assertThat(start.atStart()).isTrue();
  }

  @Test
  void decode_ofACursor_isTheSamePosition() {
    TokenScope list = new TokenScope("list", "rentals", "rentals\u0000byStatus\u0000asc");
    Map<String, AttributeValue> lastKey = new LinkedHashMap<>();
    lastKey.put("state", AttributeValue.fromS("TX ✓"));
    lastKey.put("n", AttributeValue.fromN("-12.5"));
    lastKey.put("b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, -1, 7})));
    ResumePoint cursor = ResumePoint.at(lastKey);

    String token = codec.encode(list, cursor);

    assertThat(codec.decode(list, token)).isEqualTo(cursor);
    assertThat(codec.decode(list, token).phase()).isEmpty();
    assertThatThrownBy(() -> codec.decode(new TokenScope("list", "cars", list.parameters()), token))
        .isInstanceOf(InvalidTokenException.class)
        .hasMessage(
            "the token was made by list on table rentals; it cannot continue list on table cars");
  }

  @Test
  void decode_anyCharacterAltered_isRefused() {
    String token = codec.encode(move, point());
    for (int i = 0; i < token.length(); i++) {
      for (char replacement : (BASE64URL + ".").toCharArray()) {
        if (token.charAt(i) == replacement) {
          continue;
        }
        String altered = token.substring(0, i) + replacement + token.substring(i + 1);
        assertThatThrownBy(() -> codec.decode(move, altered))
            .as("character %d changed to %s", i, replacement)
            .isInstanceOf(InvalidTokenException.class);
      }
    }
  }

  @Test
  void decode_everyOneCharacterChangeOfTheLastCharacter_isRefused() {
    String token = codec.encode(move, point());
    int last = token.length() - 1;
    for (char c : BASE64URL.toCharArray()) {
      if (c != token.charAt(last)) {
        String altered = token.substring(0, last) + c;
        assertThatThrownBy(() -> codec.decode(move, altered))
            .isInstanceOf(InvalidTokenException.class);
      }
    }
  }

  @Test
  void decode_payloadAlteredByOneByte_isRefusedAsAltered() {
    String token = codec.encode(move, point());
    int dot = token.indexOf('.');
    byte[] payload = java.util.Base64.getUrlDecoder().decode(token.substring(0, dot));
    for (int i = 0; i < payload.length; i++) {
      byte[] copy = payload.clone();
      copy[i] ^= 1;
      String altered =
          java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(copy)
              + token.substring(dot);
      assertThatThrownBy(() -> codec.decode(move, altered))
          .isInstanceOf(InvalidTokenException.class)
          .hasMessageContaining("altered");
    }
  }

  @Test
  void decode_forAnotherOperation_namesWhatMadeIt() {
    String token = codec.encode(move, point());
    TokenScope delete = new TokenScope("delete", "Rentals", move.parameters());

    assertThatThrownBy(() -> codec.decode(delete, token))
        .isInstanceOf(InvalidTokenException.class)
        .hasMessage(
            "the token was made by move on table Rentals; it cannot continue delete on table"
                + " Rentals");
  }

  @Test
  void decode_forAnotherTable_isRefused() {
    String token = codec.encode(move, point());

    assertThatThrownBy(
            () -> codec.decode(new TokenScope("move", "Other", move.parameters()), token))
        .isInstanceOf(InvalidTokenException.class)
        .hasMessageContaining("cannot continue move on table Other");
  }

  @Test
  void decode_withOtherParameters_isRefused() {
    String token = codec.encode(move, point());

    assertThatThrownBy(
            () -> codec.decode(new TokenScope("move", "Rentals", "from=TX|Dallas;to=CA"), token))
        .isInstanceOf(InvalidTokenException.class)
        .hasMessageContaining("with other parameters");
  }

  @Test
  void decode_madeWithAnotherKey_isRefused() {
    String token = TokenCodec.random().encode(move, point());

    assertThatThrownBy(() -> codec.decode(move, token))
        .isInstanceOf(InvalidTokenException.class)
        .hasMessageContaining("altered or made with another key");
  }

  @Test
  void decode_garbage_isRefusedAsMalformed() {
    for (String garbage :
        new String[] {
          "", "abc", "a.b.c", "!!.??", "." + "A".repeat(20000), "x".repeat(20_000) + ".y"
        }) {
      assertThatThrownBy(() -> codec.decode(move, garbage))
          .isInstanceOf(InvalidTokenException.class)
          .hasMessageContaining("malformed");
    }
  }

  @Test
  void withKey_short_isRefused() {
    assertThatThrownBy(() -> TokenCodec.withKey(new byte[15]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void encode_aPositionOfNonKeyValues_isRefused() {
    ResumePoint list = ResumePoint.at(Map.of("l", AttributeValue.fromL(List.of())));

    assertThatThrownBy(() -> codec.encode(move, list))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'l' is L");
  }
}
