package dev.dynakit.core.token;

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
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The signed body of a token, in a compact binary form: a format byte, the operation and table that
 * made it, a 128-bit SHA-256 digest of their parameters, then the {@link ResumePoint} (phase,
 * position of string, number and binary values, notes). Read only after the mac has been checked,
 * so a malformed body is a token of an unknown format or a forgery that happened to pass.
 */
final class TokenPayload {
  private static final byte FORMAT = 2;
  private static final int DIGEST_BYTES = 16;

  private final String operation;
  private final String table;
  private final byte[] parameters;
  private final ResumePoint point;

  private TokenPayload(String operation, String table, byte[] parameters, ResumePoint point) {
    this.operation = operation;
    this.table = table;
    this.parameters = parameters;
    this.point = point;
  }

  String operation() {
    return operation;
  }

  String table() {
    return table;
  }

  ResumePoint point() {
    return point;
  }

  /** Whether the token was made with these parameters (compared by digest). */
  boolean madeWith(String parameters) {
    return MessageDigest.isEqual(this.parameters, digest(parameters));
  }

  static byte[] write(TokenScope scope, ResumePoint point) {
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

  static TokenPayload read(byte[] payload) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload))) {
      if (in.readByte() != FORMAT) {
        throw new InvalidTokenException("token of an unknown format");
      }
      String operation = in.readUTF();
      String table = in.readUTF();
      byte[] parameters = new byte[DIGEST_BYTES];
      in.readFully(parameters);
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
      return new TokenPayload(
          operation, table, parameters, new ResumePoint(phase, position, notes));
    } catch (IOException e) {
      throw new InvalidTokenException("malformed token: truncated");
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
            "a token position holds strings, numbers and binaries; '"
                + name
                + "' is "
                + value.type());
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
