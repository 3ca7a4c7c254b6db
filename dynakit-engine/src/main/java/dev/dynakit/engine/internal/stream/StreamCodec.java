package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The stored forms of a stream's header, sequence reservation, shards and records (keys in {@link
 * StreamKeys}). A record keeps what its response is made of (keys and images as items, its event
 * name and id, when it was made, who made it), not the response itself; the stream's view type and
 * region complete it when it is read.
 */
final class StreamCodec {
  private static final String[] EVENTS = {"INSERT", "MODIFY", "REMOVE"};
  // the Streams API's spelling (Lambda's event records spell these type and principalId)
  private static final Map<String, Object> TTL_IDENTITY =
      Map.of("Type", "Service", "PrincipalId", "dynamodb.amazonaws.com");

  /** A stream's header: what it is and whose, with the table's record as it was at its start. */
  record Header(String label, String viewType, Instant createdAt, String tableId, byte[] table) {}

  /**
   * A stream's sequence reservation: every sequence number handed out is below {@code reserved};
   * {@code clean} when the engine closed, and then {@code reserved} is exactly the next one.
   */
  record Reservation(long reserved, boolean clean) {}

  private StreamCodec() {}

  static byte[] header(Header h) {
    return write(
        out -> {
          out.writeUTF(h.label());
          out.writeUTF(h.viewType());
          instant(out, h.createdAt());
          out.writeUTF(h.tableId());
          bytes(out, h.table());
        });
  }

  static Header header(byte[] value) {
    return read(
        value, in -> new Header(in.readUTF(), in.readUTF(), instant(in), in.readUTF(), bytes(in)));
  }

  static byte[] reservation(Reservation r) {
    return write(
        out -> {
          out.writeLong(r.reserved());
          out.writeBoolean(r.clean());
        });
  }

  static Reservation reservation(byte[] value) {
    return read(value, in -> new Reservation(in.readLong(), in.readBoolean()));
  }

  static byte[] shard(Shard s) {
    return write(
        out -> {
          out.writeUTF(s.id());
          out.writeUTF(s.parentId() == null ? "" : s.parentId());
          out.writeLong(s.start());
          instant(out, s.openedAt());
          Instant closedAt = s.closedAt();
          out.writeBoolean(closedAt != null);
          if (closedAt != null) {
            out.writeLong(s.end());
            instant(out, closedAt);
          }
        });
  }

  static Shard shard(byte[] value) {
    return read(
        value,
        in -> {
          String id = in.readUTF();
          String parent = in.readUTF();
          Shard s = new Shard(id, parent.isEmpty() ? null : parent, in.readLong(), instant(in));
          if (in.readBoolean()) {
            long end = in.readLong();
            s.closeAt(end, instant(in));
          }
          return s;
        });
  }

  static byte[] record(
      Instant createdAt,
      boolean byTtl,
      String eventName,
      long sizeBytes,
      Map<String, AttrValue> keys,
      @Nullable Map<String, AttrValue> newImage,
      @Nullable Map<String, AttrValue> oldImage) {
    UUID id = UUID.randomUUID();
    return write(
        out -> {
          instant(out, createdAt);
          out.writeBoolean(byTtl);
          out.writeByte(java.util.Arrays.asList(EVENTS).indexOf(eventName));
          out.writeLong(id.getMostSignificantBits());
          out.writeLong(id.getLeastSignificantBits());
          out.writeLong(sizeBytes);
          bytes(out, ItemCodec.encode(keys));
          bytes(out, newImage == null ? null : ItemCodec.encode(newImage));
          bytes(out, oldImage == null ? null : ItemCodec.encode(oldImage));
        });
  }

  /** When a stored record was made, read without decoding the rest. */
  static Instant createdAt(byte[] value) {
    return read(value, StreamCodec::instant);
  }

  /** A stored record as GetRecords answers it. */
  static StreamRecord record(long sequence, byte[] value, String viewType, String region) {
    return read(
        value,
        in -> {
          Instant createdAt = instant(in);
          boolean byTtl = in.readBoolean();
          String eventName = EVENTS[in.readByte()];
          String eventId = String.format("%016x%016x", in.readLong(), in.readLong());
          long size = in.readLong();
          byte[] keys = bytes(in);
          byte[] newImage = bytes(in);
          byte[] oldImage = bytes(in);
          Map<String, Object> data = new LinkedHashMap<>();
          data.put("ApproximateCreationDateTime", createdAt.getEpochSecond());
          data.put("Keys", ItemCodec.decode(keys));
          if (newImage != null) {
            data.put("NewImage", ItemCodec.decode(newImage));
          }
          if (oldImage != null) {
            data.put("OldImage", ItemCodec.decode(oldImage));
          }
          data.put("SequenceNumber", SequenceNumbers.format(sequence));
          data.put("SizeBytes", size);
          data.put("StreamViewType", viewType);
          Map<String, Object> tree = new LinkedHashMap<>();
          tree.put("eventID", eventId);
          tree.put("eventName", eventName);
          tree.put("eventVersion", "1.1");
          tree.put("eventSource", "aws:dynamodb");
          tree.put("awsRegion", region);
          tree.put("dynamodb", data);
          if (byTtl) {
            tree.put("userIdentity", TTL_IDENTITY);
          }
          return new StreamRecord(sequence, createdAt, tree);
        });
  }

  private interface Writer {
    void write(DataOutputStream out) throws IOException;
  }

  private interface Reader<T> {
    T read(DataInputStream in) throws IOException;
  }

  private static byte[] write(Writer w) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      w.write(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static <T> T read(byte[] value, Reader<T> r) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(value))) {
      return r.read(in);
    } catch (IOException e) {
      throw new UncheckedIOException("a stored stream entry is damaged", e);
    }
  }

  private static void instant(DataOutputStream out, Instant at) throws IOException {
    out.writeLong(at.getEpochSecond());
    out.writeInt(at.getNano());
  }

  private static Instant instant(DataInputStream in) throws IOException {
    return Instant.ofEpochSecond(in.readLong(), in.readInt());
  }

  private static void bytes(DataOutputStream out, byte @Nullable [] b) throws IOException {
    out.writeInt(b == null ? -1 : b.length);
    if (b != null) {
      out.write(b);
    }
  }

  private static byte @Nullable [] bytes(DataInputStream in) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      return null;
    }
    byte[] b = new byte[n];
    in.readFully(b);
    return b;
  }
}
