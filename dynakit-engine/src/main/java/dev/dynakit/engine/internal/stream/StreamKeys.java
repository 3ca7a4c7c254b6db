package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.internal.table.CatalogJournal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Where streams live in the store: under the metadata prefix, kind {@code S}, then a sub-kind. A
 * stream's header ({@code A} + ARN), its sequence reservation ({@code N} + ARN), its shards ({@code
 * H} + ARN + 0 + starting sequence number) and its records ({@code R} + ARN + 0 + sequence number).
 * An ARN never holds a zero byte, so the zero ends it; numbers are big-endian, so one stream's
 * shards and records sort by sequence number, and a shard's records (its sequence range) lie
 * together, shard after shard.
 */
final class StreamKeys {
  private static final byte KIND = 'S';
  private static final byte HEADER = 'A';
  private static final byte RESERVATION = 'N';
  private static final byte SHARD = 'H';
  private static final byte RECORD = 'R';

  private StreamKeys() {}

  static byte[] header(String arn) {
    return CatalogJournal.key(KIND, withArn(HEADER, arn, 0));
  }

  /** The first key of every stream header. */
  static byte[] headersFrom() {
    return CatalogJournal.key(KIND, new byte[] {HEADER});
  }

  /** Past the last key of every stream header. */
  static byte[] headersTo() {
    return CatalogJournal.key(KIND, new byte[] {HEADER + 1});
  }

  /** The ARN a header key names. */
  static String arnOfHeader(byte[] key) {
    int from = CatalogJournal.META.length + 2;
    return new String(key, from, key.length - from, StandardCharsets.UTF_8);
  }

  static byte[] reservation(String arn) {
    return CatalogJournal.key(KIND, withArn(RESERVATION, arn, 0));
  }

  static byte[] shard(String arn, long start) {
    return numbered(SHARD, arn, start);
  }

  static byte[] record(String arn, long sequence) {
    return numbered(RECORD, arn, sequence);
  }

  /** The number (starting or record sequence number) a shard or record key ends with. */
  static long number(byte[] key) {
    return ByteBuffer.wrap(key, key.length - Long.BYTES, Long.BYTES).getLong();
  }

  private static byte[] numbered(byte sub, String arn, long number) {
    byte[] name = withArn(sub, arn, 1 + Long.BYTES);
    ByteBuffer.wrap(name, name.length - Long.BYTES, Long.BYTES).putLong(number);
    return CatalogJournal.key(KIND, name);
  }

  private static byte[] withArn(byte sub, String arn, int extra) {
    byte[] a = arn.getBytes(StandardCharsets.UTF_8);
    byte[] name = new byte[1 + a.length + extra];
    name[0] = sub;
    System.arraycopy(a, 0, name, 1, a.length);
    // the byte after the ARN (when extra) stays zero: the ARN's end
    return name;
  }
}
