package dev.dynakit.core.mass;

import dev.dynakit.core.InvalidTokenException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Opaque, tamper-evident tokens for resuming mass operations and for paging cursors. A token is
 * {@code payload.mac} in unpadded base64url. The payload names the operation and table that made
 * it, a digest of their parameters, and the {@link ResumePoint}; the mac is HMAC-SHA256 (cut to 128
 * bits) over the payload. A token that was altered (by even one character), made with another key,
 * or presented to another operation, table or parameter set is refused with an {@link
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
  private static final int DIGEST_BYTES = 16;
  private static final int MAX_TOKEN_CHARS = 16 * 1024;
  private static final byte FORMAT = 2;
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

  /** The token of a point, bound to a scope. */
  public String encode(TokenScope scope, ResumePoint point) {
    byte[] payload = write(scope, point);
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
    return read(scope, payload);
  }

  private static byte[] base64(String text) {
    byte[] bytes;
    try {
      bytes = DECODER.decode(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidTokenException("malformed token: not base64url");
    }
    // the last character of unpadded base64 may carry unused bits; only the canonical text counts
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

  private static byte[] digest(String parameters) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return Arrays.copyOf(sha.digest(parameters.getBytes(StandardCharsets.UTF_8)), DIGEST_BYTES);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is unavailable", e);
    }
  }

  private static byte[] write(TokenScope scope, ResumePoint point) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(96);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(FORMAT);
      out.writeUTF(scope.operation());
      out.writeUTF(scope.table());
      out.write(digest(scope.parameters()));
      out.writeUTF(point.phase());
      out.writeShort(point.position().size());
      for (Map.Entry<String, AttributeValue> entry : point.position().entrySet()) {
        out.writeUTF(entry.getKey());
        writeValue(out, entry.getKey(), entry.getValue());
      }
      out.writeShort(point.notes().size());
      for (Map.Entry<String, String> note : point.notes().entrySet()) {
        out.writeUTF(note.getKey());
        out.writeUTF(note.getValue());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static void writeValue(DataOutputStream out, String name, AttributeValue value)
      throws IOException {
    if (value.s() != null) {
      out.writeByte('S');
      out.writeUTF(value.s());
    } else if (value.n() != null) {
      out.writeByte('N');
      out.writeUTF(value.n());
    } else if (value.b() != null) {
      byte[] binary = value.b().asByteArrayUnsafe();
      out.writeByte('B');
      out.writeInt(binary.length);
      out.write(binary);
    } else {
      throw new IllegalArgumentException(
          "a token position holds strings, numbers and binaries; '" + name + "' is " + value);
    }
  }

  private static ResumePoint read(TokenScope scope, byte[] payload) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload))) {
      if (in.readByte() != FORMAT) {
        throw new InvalidTokenException("token of an unknown format");
      }
      String operation = in.readUTF();
      String table = in.readUTF();
      if (!operation.equals(scope.operation()) || !table.equals(scope.table())) {
        throw new InvalidTokenException(
            "the token was made by "
                + operation
                + " on table "
                + table
                + "; it cannot continue "
                + scope.operation()
                + " on table "
                + scope.table());
      }
      byte[] parameters = new byte[DIGEST_BYTES];
      in.readFully(parameters);
      if (!MessageDigest.isEqual(parameters, digest(scope.parameters()))) {
        throw new InvalidTokenException(
            "the token was made by "
                + operation
                + " on table "
                + table
                + " with other parameters (scope, destination or options); resume with the"
                + " parameters that made it, or start again without a token");
      }
      String phase = in.readUTF();
      Map<String, AttributeValue> position = new LinkedHashMap<>();
      int keys = in.readUnsignedShort();
      for (int i = 0; i < keys; i++) {
        String name = in.readUTF();
        position.put(name, readValue(in));
      }
      Map<String, String> notes = new LinkedHashMap<>();
      int count = in.readUnsignedShort();
      for (int i = 0; i < count; i++) {
        notes.put(in.readUTF(), in.readUTF());
      }
      if (in.available() > 0) {
        throw new InvalidTokenException("malformed token: trailing bytes");
      }
      return new ResumePoint(phase, position, notes);
    } catch (IOException e) {
      throw new InvalidTokenException("malformed token: truncated");
    }
  }

  private static AttributeValue readValue(DataInputStream in) throws IOException {
    int type = in.readByte();
    switch (type) {
      case 'S':
        return AttributeValue.fromS(in.readUTF());
      case 'N':
        return AttributeValue.fromN(in.readUTF());
      case 'B':
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
          throw new InvalidTokenException("malformed token: bad binary length");
        }
        byte[] binary = new byte[length];
        in.readFully(binary);
        return AttributeValue.fromB(SdkBytes.fromByteArray(binary));
      default:
        throw new InvalidTokenException("malformed token: unknown value type");
    }
  }
}
