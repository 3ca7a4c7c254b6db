package dev.dynakit.core.adapter;

import dev.dynakit.core.InvalidCursorException;
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
 * Opaque, tamper-evident paging cursors. A cursor is {@code payload.mac} in unpadded base64url: the
 * payload is a compact binary form of a {@link CursorPosition}; the mac is HMAC-SHA256 (cut to 128
 * bits) over a <em>scope</em> and the payload. The scope (not stored in the cursor) names what the
 * cursor is for — operation, table and the parameters that shape the read — so a cursor altered,
 * made with another key, or presented to another operation, table or parameter set is refused with
 * {@link InvalidCursorException}. The payload is not encrypted: it holds the key of the last item
 * read, which the caller could read anyway.
 *
 * <p>Each Adapter has one codec ({@link Adapter#cursors()}), by default with a random key, so its
 * cursors are good for the life of the Adapter; configure a key ({@link Adapter.Builder#cursorKey})
 * for cursors that survive restarts or are shared across instances. Thread-safe.
 */
public final class CursorCodec {
  private static final String ALGORITHM = "HmacSHA256";
  private static final int MIN_KEY_BYTES = 16;
  private static final int MAC_BYTES = 16;
  private static final int MAX_TOKEN_CHARS = 16 * 1024;
  private static final byte FORMAT = 1;
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

  private final SecretKeySpec key;

  private CursorCodec(byte[] key) {
    this.key = new SecretKeySpec(key.clone(), ALGORITHM);
  }

  /**
   * A codec with this secret key.
   *
   * @throws IllegalArgumentException when the key is shorter than 16 bytes
   */
  public static CursorCodec withKey(byte[] key) {
    if (key.length < MIN_KEY_BYTES) {
      throw new IllegalArgumentException(
          "a cursor key needs at least " + MIN_KEY_BYTES + " bytes, got " + key.length);
    }
    return new CursorCodec(key);
  }

  /** A codec with a fresh random key. */
  public static CursorCodec random() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return new CursorCodec(key);
  }

  /** The cursor of a position, bound to a scope. */
  public String encode(String scope, CursorPosition position) {
    byte[] payload = write(position);
    return ENCODER.encodeToString(payload) + "." + ENCODER.encodeToString(mac(scope, payload));
  }

  /**
   * The position a cursor holds.
   *
   * @throws InvalidCursorException when the cursor is malformed, altered, or made for another scope
   *     or key
   */
  public CursorPosition decode(String scope, String cursor) {
    int dot = cursor.indexOf('.');
    if (cursor.length() > MAX_TOKEN_CHARS || dot < 0 || dot != cursor.lastIndexOf('.')) {
      throw new InvalidCursorException("malformed cursor");
    }
    byte[] payload;
    byte[] mac;
    try {
      payload = DECODER.decode(cursor.substring(0, dot));
      mac = DECODER.decode(cursor.substring(dot + 1));
    } catch (IllegalArgumentException e) {
      throw new InvalidCursorException("malformed cursor: not base64url");
    }
    // the last character of unpadded base64 may carry unused bits: only the canonical text counts,
    // else a cursor changed in its last character could still be accepted
    if (!(ENCODER.encodeToString(payload) + "." + ENCODER.encodeToString(mac)).equals(cursor)) {
      throw new InvalidCursorException("malformed cursor: not canonical base64url");
    }
    if (!MessageDigest.isEqual(mac, mac(scope, payload))) {
      throw new InvalidCursorException(
          "the cursor was altered, or made for another table, operation or list parameters;"
              + " start from the first page");
    }
    return read(payload);
  }

  private byte[] mac(String scope, byte[] payload) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(key);
      mac.update(scope.getBytes(StandardCharsets.UTF_8));
      mac.update((byte) 0);
      return Arrays.copyOf(mac.doFinal(payload), MAC_BYTES);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is unavailable", e);
    }
  }

  private static byte[] write(CursorPosition position) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(FORMAT);
      out.writeShort(position.lastKey().size());
      for (Map.Entry<String, AttributeValue> entry : position.lastKey().entrySet()) {
        out.writeUTF(entry.getKey());
        writeValue(out, entry.getKey(), entry.getValue());
      }
      out.writeShort(position.notes().size());
      for (Map.Entry<String, String> note : position.notes().entrySet()) {
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
    switch (value.type()) {
      case S:
        out.writeByte('S');
        out.writeUTF(value.s());
        break;
      case N:
        out.writeByte('N');
        out.writeUTF(value.n());
        break;
      case B:
        byte[] binary = value.b().asByteArrayUnsafe();
        out.writeByte('B');
        out.writeInt(binary.length);
        out.write(binary);
        break;
      default:
        throw new IllegalArgumentException(
            "a cursor key holds strings, numbers and binaries; '" + name + "' is " + value.type());
    }
  }

  private static CursorPosition read(byte[] payload) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload))) {
      if (in.readByte() != FORMAT) {
        throw new InvalidCursorException("cursor of an unknown format");
      }
      Map<String, AttributeValue> lastKey = new LinkedHashMap<>();
      int keys = in.readUnsignedShort();
      for (int i = 0; i < keys; i++) {
        String name = in.readUTF();
        lastKey.put(name, readValue(in));
      }
      Map<String, String> notes = new LinkedHashMap<>();
      int count = in.readUnsignedShort();
      for (int i = 0; i < count; i++) {
        notes.put(in.readUTF(), in.readUTF());
      }
      if (in.available() > 0) {
        throw new InvalidCursorException("malformed cursor: trailing bytes");
      }
      return new CursorPosition(lastKey, notes);
    } catch (IOException e) {
      throw new InvalidCursorException("malformed cursor: truncated");
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
          throw new InvalidCursorException("malformed cursor: bad binary length");
        }
        byte[] binary = new byte[length];
        in.readFully(binary);
        return AttributeValue.fromB(SdkBytes.fromByteArray(binary));
      default:
        throw new InvalidCursorException("malformed cursor: unknown value type");
    }
  }
}
