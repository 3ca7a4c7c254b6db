package dev.dynakit.core.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.InvalidTokenException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Any point round-trips through its scope; any one-character change, any truncation and any other
 * scope is refused (the mac covers every byte, and only canonical base64url is read).
 */
class TokenProperties {
  private static final String TOKEN_CHARACTERS =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.";

  private final TokenCodec codec =
      TokenCodec.withKey("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8));

  @Property(tries = 200)
  void decode_ofEncode_isThePoint(
      @ForAll("scopes") TokenScope scope, @ForAll("points") ResumePoint point) {
    assertThat(codec.decode(scope, codec.encode(scope, point))).isEqualTo(point);
  }

  @Property(tries = 300)
  void decode_oneCharacterChanged_isRefused(
      @ForAll("points") ResumePoint point,
      @ForAll @IntRange(min = 0, max = 10_000) int where,
      @ForAll @IntRange(min = 1, max = 64) int shift) {
    TokenScope scope = new TokenScope("move", "Rentals", "from=TX;to=CA");
    String token = codec.encode(scope, point);
    String altered = changed(token, where % token.length(), shift);

    assertThatThrownBy(() -> codec.decode(scope, altered))
        .isInstanceOf(InvalidTokenException.class);
  }

  /** The last character of unpadded base64 may carry unused bits: another spelling is refused. */
  @Property(tries = 200)
  void decode_lastCharacterOfAPartChanged_isRefused(
      @ForAll("points") ResumePoint point,
      @ForAll boolean inPayload,
      @ForAll @IntRange(min = 1, max = 64) int shift) {
    TokenScope scope = new TokenScope("list", "rentals", "asc");
    String token = codec.encode(scope, point);
    String altered = changed(token, inPayload ? token.indexOf('.') - 1 : token.length() - 1, shift);

    assertThatThrownBy(() -> codec.decode(scope, altered))
        .isInstanceOf(InvalidTokenException.class);
  }

  @Property(tries = 200)
  void decode_truncatedOrExtended_isRefused(
      @ForAll("points") ResumePoint point,
      @ForAll @IntRange(min = 1, max = 10_000) int cut,
      @ForAll @IntRange(min = 0, max = 64) int extra) {
    TokenScope scope = new TokenScope("list", "rentals", "asc");
    String token = codec.encode(scope, point);
    String truncated = token.substring(0, token.length() - 1 - cut % token.length());
    String extended = token + TOKEN_CHARACTERS.charAt(extra);

    assertThatThrownBy(() -> codec.decode(scope, truncated))
        .isInstanceOf(InvalidTokenException.class);
    assertThatThrownBy(() -> codec.decode(scope, extended))
        .isInstanceOf(InvalidTokenException.class);
  }

  @Property(tries = 200)
  void decode_inAnotherScope_isRefused(
      @ForAll("scopes") TokenScope made,
      @ForAll("scopes") TokenScope asked,
      @ForAll("points") ResumePoint point) {
    String token = codec.encode(made, point);
    if (made.equals(asked)) {
      assertThat(codec.decode(asked, token)).isEqualTo(point);
    } else {
      assertThatThrownBy(() -> codec.decode(asked, token))
          .isInstanceOf(InvalidTokenException.class)
          .hasMessageContaining("the token was made by " + made.operation());
    }
  }

  @Property(tries = 50)
  void decode_madeWithAnotherKey_isRefused(@ForAll("points") ResumePoint point) {
    TokenScope scope = new TokenScope("list", "rentals", "");
    String token = TokenCodec.random().encode(scope, point);

    assertThatThrownBy(() -> codec.decode(scope, token))
        .isInstanceOf(InvalidTokenException.class)
        .hasMessageContaining("altered or made with another key");
  }

  /** The token with character {@code i} replaced by another one of the token alphabet. */
  private static String changed(String token, int i, int shift) {
    int was = TOKEN_CHARACTERS.indexOf(token.charAt(i));
    char replacement = TOKEN_CHARACTERS.charAt((was + shift) % TOKEN_CHARACTERS.length());
    return token.substring(0, i) + replacement + token.substring(i + 1);
  }

  @Provide
  Arbitrary<TokenScope> scopes() {
    return Combinators.combine(
            Arbitraries.of("list", "move", "deleteAll", "moveAllUnder"),
            Arbitraries.of("rentals", "cars", "Rentals"),
            Arbitraries.of("", "asc", "desc", "from=TX;to=CA", "ü\u0000x"))
        .as(TokenScope::new);
  }

  @Provide
  Arbitrary<ResumePoint> points() {
    Arbitrary<Map<String, AttributeValue>> position =
        Arbitraries.maps(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(8), values())
            .ofMaxSize(4)
            .map(LinkedHashMap::new);
    Arbitrary<Map<String, String>> notes =
        Arbitraries.maps(
                Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6),
                Arbitraries.strings().ofMaxLength(10))
            .ofMaxSize(2);
    return Combinators.combine(Arbitraries.of("", "copy", "delete"), position, notes)
        .as(ResumePoint::new);
  }

  private static Arbitrary<AttributeValue> values() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(20).map(AttributeValue::fromS),
        Arbitraries.bigDecimals()
            .between(new java.math.BigDecimal("-1e6"), new java.math.BigDecimal("1e6"))
            .map(n -> AttributeValue.fromN(n.toPlainString())),
        Arbitraries.bytes()
            .array(byte[].class)
            .ofMaxSize(12)
            .map(b -> AttributeValue.fromB(SdkBytes.fromByteArray(b))));
  }
}
