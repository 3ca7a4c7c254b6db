package dev.dynakit.core.token;

import dev.dynakit.core.InvalidTokenException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Opaque, tamper-evident tokens: the Adapter's paging cursors and the resume tokens of mass
 * operations. A token is {@code payload.mac} in unpadded base64url. The payload ({@link
 * TokenPayload}) names the operation and table that made it, a digest of their parameters, and the
 * {@link ResumePoint}; the mac is HMAC-SHA256 (cut to 128 bits) over the payload. A token that was
 * altered (by even one character, non-canonical base64 included), made with another key, or
 * presented to another operation, table or parameter set is refused with an {@link
 * InvalidTokenException} that says which. The payload is not encrypted: it holds a key of the
 * table, which the caller could read anyway.
 *
 * <p>Tokens outlive a process only if every process uses the same key ({@link #withKey}); a codec
 * with a {@link #random()} key makes tokens good for its own life. Thread-safe.
 */
public final class TokenCodec {
  private static final String ALGORITHM = "HmacSHA256";
  private static final int MIN_KEY_BYTES = 16;
  private static final int MAC_BYTES = 16;
  private static final int MAX_TOKEN_CHARS = 16 * 1024;
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

  private final SecretKeySpec key;

  private TokenCodec(byte[] key) {
    this.key = new SecretKeySpec(key.clone(), ALGORITHM);
  }

  /**
   * A codec with this secret key.
   *
   * @throws IllegalArgumentException when the key is shorter than 16 bytes
   */
  public static TokenCodec withKey(byte[] key) {
    if (key.length < MIN_KEY_BYTES) {
      throw new IllegalArgumentException(
          "a token key needs at least " + MIN_KEY_BYTES + " bytes, got " + key.length);
    }
    return new TokenCodec(key);
  }

  /** A codec with a fresh random key. */
  public static TokenCodec random() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return new TokenCodec(key);
  }

  /**
   * The token of a point, bound to a scope.
   *
   * @throws IllegalArgumentException when the position holds a value other than a string, number or
   *     binary
   */
  public String encode(TokenScope scope, ResumePoint point) {
    byte[] payload = TokenPayload.write(scope, point);
    return ENCODER.encodeToString(payload) + "." + ENCODER.encodeToString(mac(payload));
  }

  /**
   * The point a token holds.
   *
   * @throws InvalidTokenException when the token is malformed, altered, made with another key, or
   *     made for another operation, table or parameters
   */
  public ResumePoint decode(TokenScope scope, String token) {
    int dot = token.indexOf('.');
    if (token.length() > MAX_TOKEN_CHARS || dot < 0 || dot != token.lastIndexOf('.')) {
      throw new InvalidTokenException("malformed token: not a Dynakit token");
    }
    byte[] payload = base64(token.substring(0, dot));
    byte[] mac = base64(token.substring(dot + 1));
    if (!MessageDigest.isEqual(mac, mac(payload))) {
      throw new InvalidTokenException(
          "the token was altered or made with another key; start "
              + scope.operation()
              + " again without a token");
    }
    TokenPayload read = TokenPayload.read(payload);
    if (!read.operation().equals(scope.operation()) || !read.table().equals(scope.table())) {
      throw new InvalidTokenException(
          "the token was made by "
              + read.operation()
              + " on table "
              + read.table()
              + "; it cannot continue "
              + scope.operation()
              + " on table "
              + scope.table());
    }
    if (!read.madeWith(scope.parameters())) {
      throw new InvalidTokenException(
          "the token was made by "
              + read.operation()
              + " on table "
              + read.table()
              + " with other parameters (scope, destination or options); resume with the"
              + " parameters that made it, or start again without a token");
    }
    return read.point();
  }

  private static byte[] base64(String text) {
    byte[] bytes;
    try {
      bytes = DECODER.decode(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidTokenException("malformed token: not base64url");
    }
    // the last character of unpadded base64 may carry unused bits: only the canonical text counts,
    // else a token changed in its last character could still be accepted
    if (!ENCODER.encodeToString(bytes).equals(text)) {
      throw new InvalidTokenException("malformed token: not canonical base64url");
    }
    return bytes;
  }

  private byte[] mac(byte[] payload) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(key);
      return Arrays.copyOf(mac.doFinal(payload), MAC_BYTES);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is unavailable", e);
    }
  }
}
