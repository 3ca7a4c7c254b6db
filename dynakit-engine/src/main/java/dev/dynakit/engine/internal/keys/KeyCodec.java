package dev.dynakit.engine.internal.keys;

import dev.dynakit.engine.internal.value.AttrValue;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The storage keys of tables and indices, and the key ranges that reads walk.
 *
 * <p>Every key of a table is {@code [8-byte big-endian storeId][1-byte index number: 0 = base
 * table, 1..255 = secondary indices][8-byte big-endian partition hash][partition-key values]
 * [sort-key values][index entries only: base-table key values]}, each value encoded by an
 * order-preserving, self-delimiting encoding (see {@link ValueEncoding}): comparing two keys as
 * unsigned bytes compares store, index, hash, then the values one by one in DynamoDB's order
 * (strings and binaries by unsigned bytes, numbers by value). So a Query is one range read inside a
 * partition, a Scan walks partitions in hash order as DynamoDB does, and parallel-scan segments are
 * slices of the unsigned hash space.
 *
 * <p>Ranges are {@code byte[2]} arrays {@code {fromInclusive, toExclusive}}, as {@link
 * dev.dynakit.engine.storage.OrderedStore#scan} takes them; both bounds are always non-null. Store
 * ids are non-negative. This is a storage format: on-disk stores keep these bytes.
 */
public final class KeyCodec {
  /** Bytes before the first key value: store id, index number, partition hash. */
  public static final int HEADER_LENGTH = 17;

  private static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final BigInteger HASH_SPACE = BigInteger.ONE.shiftLeft(64);
  private static final int STORE_PREFIX_LENGTH = 9;

  private KeyCodec() {}

  /**
   * A well-spread 64-bit hash of a whole storage key, eight bytes at a step: for spreading keys in
   * memory (item lock stripes, the memory store's hash index), never stored.
   */
  public static long keyHash(byte[] storageKey) {
    return KeyHash.hash(storageKey, 0, storageKey.length);
  }

  /** The 64-bit hash of a partition key, the order in which Scan visits partitions. */
  public static long partitionHash(List<AttrValue> partitionValues) {
    byte[] buf = new byte[ValueEncoding.sizeAll(partitionValues)];
    ValueEncoding.writeAll(partitionValues, buf, 0);
    return KeyHash.hash(buf, 0, buf.length);
  }

  /**
   * The storage key of a base-table item ({@code indexNo} 0, {@code baseKeySuffix} empty) or of an
   * index entry (the index's key values, then the base table's key values that make the entry
   * unique).
   */
  public static byte[] itemKey(
      long storeId,
      int indexNo,
      List<AttrValue> partitionValues,
      List<AttrValue> sortValues,
      List<AttrValue> baseKeySuffix) {
    int partitionSize = ValueEncoding.sizeAll(partitionValues);
    byte[] key =
        new byte
            [HEADER_LENGTH
                + partitionSize
                + ValueEncoding.sizeAll(sortValues)
                + ValueEncoding.sizeAll(baseKeySuffix)];
    int offset = writeHeader(storeId, indexNo, partitionValues, key);
    offset = ValueEncoding.writeAll(sortValues, key, offset);
    ValueEncoding.writeAll(baseKeySuffix, key, offset);
    return key;
  }

  /**
   * The storage key of a base-table item: {@link #itemKey(long, int, List, List, List)} for a table
   * keyed by one partition-key value and at most one sort-key value, the commonest key, without the
   * lists.
   */
  public static byte[] itemKey(
      long storeId, AttrValue partitionValue, @Nullable AttrValue sortValue) {
    int partitionSize = ValueEncoding.size(partitionValue);
    byte[] key =
        new byte
            [HEADER_LENGTH
                + partitionSize
                + (sortValue == null ? 0 : ValueEncoding.size(sortValue))];
    LONG_BE.set(key, 0, checkStoreId(storeId));
    int end = ValueEncoding.write(partitionValue, key, HEADER_LENGTH);
    LONG_BE.set(key, STORE_PREFIX_LENGTH, KeyHash.hash(key, HEADER_LENGTH, end - HEADER_LENGTH));
    if (sortValue != null) {
      ValueEncoding.write(sortValue, key, end);
    }
    return key;
  }

  /** Every key of one partition (item collection) of the table or an index. */
  public static byte[][] partitionRange(
      long storeId, int indexNo, List<AttrValue> partitionValues) {
    byte[] prefix = new byte[HEADER_LENGTH + ValueEncoding.sizeAll(partitionValues)];
    writeHeader(storeId, indexNo, partitionValues, prefix);
    return new byte[][] {prefix, prefixEnd(prefix)};
  }

  /**
   * The keys of one partition whose sort key meets a condition.
   *
   * <p>{@code sortPrefix} holds the values of leading sort-key attributes fixed by equality (for
   * multi-attribute GSI sort keys; empty otherwise); {@code op} applies to the next sort-key
   * attribute. For {@link SortOp#BETWEEN} {@code upper} is the inclusive upper bound (the caller
   * refuses {@code operand > upper}; such a range comes back empty); for other operators it is
   * ignored. {@link SortOp#BEGINS_WITH} needs an S or B operand.
   */
  public static byte[][] sortRange(
      long storeId,
      int indexNo,
      List<AttrValue> partitionValues,
      List<AttrValue> sortPrefix,
      SortOp op,
      AttrValue operand,
      @Nullable AttrValue upper) {
    int baseLength =
        HEADER_LENGTH + ValueEncoding.sizeAll(partitionValues) + ValueEncoding.sizeAll(sortPrefix);
    boolean prefixOnly = op == SortOp.BEGINS_WITH;
    int operandSize = prefixOnly ? ValueEncoding.prefixSize(operand) : ValueEncoding.size(operand);
    byte[] key = new byte[baseLength + operandSize];
    int offset = writeHeader(storeId, indexNo, partitionValues, key);
    offset = ValueEncoding.writeAll(sortPrefix, key, offset);
    if (prefixOnly) {
      ValueEncoding.writePrefix(operand, key, offset);
    } else {
      ValueEncoding.write(operand, key, offset);
    }
    switch (op) {
      case EQ:
      case BEGINS_WITH:
        return new byte[][] {key, prefixEnd(key)};
      case LT:
        return new byte[][] {Arrays.copyOf(key, baseLength), key};
      case LE:
        return new byte[][] {Arrays.copyOf(key, baseLength), prefixEnd(key)};
      case GT:
        return new byte[][] {prefixEnd(key), prefixEnd(key, baseLength)};
      case GE:
        return new byte[][] {key, prefixEnd(key, baseLength)};
      case BETWEEN:
        if (upper == null) {
          throw new IllegalArgumentException("BETWEEN needs an upper bound");
        }
        byte[] high = Arrays.copyOf(key, baseLength + ValueEncoding.size(upper));
        ValueEncoding.write(upper, high, baseLength);
        return new byte[][] {key, prefixEnd(high)};
      default:
        throw new IllegalArgumentException("unknown sort condition " + op);
    }
  }

  /** Every key of a store: the base table and all its indices. */
  public static byte[][] tableRange(long storeId) {
    byte[] prefix = new byte[8];
    LONG_BE.set(prefix, 0, checkStoreId(storeId));
    return new byte[][] {prefix, prefixEnd(prefix)};
  }

  /** Every key of the base table ({@code indexNo} 0) or of one index. */
  public static byte[][] indexRange(long storeId, int indexNo) {
    byte[] prefix = storePrefix(storeId, indexNo, STORE_PREFIX_LENGTH);
    return new byte[][] {prefix, prefixEnd(prefix)};
  }

  /**
   * One segment of a parallel scan: the keys whose partition hash falls in the {@code segment}-th
   * of {@code totalSegments} equal slices of the unsigned 64-bit hash space. The segments of an
   * index tile its {@link #indexRange} exactly.
   */
  public static byte[][] segmentRange(long storeId, int indexNo, int segment, int totalSegments) {
    if (totalSegments < 1 || segment < 0 || segment >= totalSegments) {
      throw new IllegalArgumentException(
          "segment " + segment + " of " + totalSegments + " does not exist");
    }
    byte[] from = storePrefix(storeId, indexNo, STORE_PREFIX_LENGTH + 8);
    LONG_BE.set(from, STORE_PREFIX_LENGTH, segmentStart(segment, totalSegments));
    byte[] to;
    if (segment == totalSegments - 1) {
      to = prefixEnd(from, STORE_PREFIX_LENGTH);
    } else {
      to = Arrays.copyOf(from, from.length);
      LONG_BE.set(to, STORE_PREFIX_LENGTH, segmentStart(segment + 1, totalSegments));
    }
    return new byte[][] {from, to};
  }

  /**
   * The smallest key after {@code key}: where a forward read resumes after it (an
   * ExclusiveStartKey). A backward read resumes with {@code key} itself as its exclusive end.
   */
  public static byte[] keyAfter(byte[] key) {
    return Arrays.copyOf(key, key.length + 1);
  }

  /**
   * Reads a key back. The type lists give the declared types ({@code "S"}, {@code "N"}, {@code
   * "B"}) of the partition, sort and (for index entries) base-table key values the key holds.
   *
   * @throws IllegalArgumentException when the key does not hold exactly those values
   */
  public static DecodedKey decode(
      byte[] key, List<String> partitionTypes, List<String> sortTypes, List<String> baseTypes) {
    if (key.length < HEADER_LENGTH) {
      throw new IllegalArgumentException("key shorter than its header: " + key.length);
    }
    KeyReader reader = new KeyReader(key, HEADER_LENGTH);
    List<AttrValue> partition = reader.readAll(partitionTypes);
    List<AttrValue> sort = reader.readAll(sortTypes);
    List<AttrValue> base = reader.readAll(baseTypes);
    if (!reader.atEnd()) {
      throw new IllegalArgumentException(
          "key has " + (key.length - reader.position()) + " bytes after its values");
    }
    return new DecodedKey(
        (long) LONG_BE.get(key, 0),
        key[8] & 0xFF,
        (long) LONG_BE.get(key, STORE_PREFIX_LENGTH),
        partition,
        sort,
        base);
  }

  /** Writes store id, index number, hash and partition values; returns the offset after them. */
  private static int writeHeader(
      long storeId, int indexNo, List<AttrValue> partitionValues, byte[] out) {
    LONG_BE.set(out, 0, checkStoreId(storeId));
    out[8] = (byte) checkIndexNo(indexNo);
    int end = ValueEncoding.writeAll(partitionValues, out, HEADER_LENGTH);
    LONG_BE.set(out, STORE_PREFIX_LENGTH, KeyHash.hash(out, HEADER_LENGTH, end - HEADER_LENGTH));
    return end;
  }

  private static byte[] storePrefix(long storeId, int indexNo, int length) {
    byte[] prefix = new byte[length];
    LONG_BE.set(prefix, 0, checkStoreId(storeId));
    prefix[8] = (byte) checkIndexNo(indexNo);
    return prefix;
  }

  /**
   * The first hash of a segment, ceil(segment * 2^64 / totalSegments) as unsigned bits, so that a
   * hash {@code h} falls in segment floor(h * totalSegments / 2^64).
   */
  private static long segmentStart(int segment, int totalSegments) {
    BigInteger[] qr =
        BigInteger.valueOf(segment)
            .multiply(HASH_SPACE)
            .divideAndRemainder(BigInteger.valueOf(totalSegments));
    return qr[1].signum() == 0 ? qr[0].longValue() : qr[0].longValue() + 1;
  }

  /**
   * The smallest byte string greater than every string that starts with {@code prefix}. It exists
   * for every prefix here: the first byte is a non-negative store id's top byte, never 0xFF.
   */
  private static byte[] prefixEnd(byte[] prefix) {
    return prefixEnd(prefix, prefix.length);
  }

  /** {@link #prefixEnd(byte[])} of the first {@code length} bytes of {@code bytes}. */
  private static byte[] prefixEnd(byte[] bytes, int length) {
    int last = length - 1;
    while (bytes[last] == (byte) 0xFF) {
      last--;
    }
    byte[] end = Arrays.copyOf(bytes, last + 1);
    end[last]++;
    return end;
  }

  private static long checkStoreId(long storeId) {
    if (storeId < 0) {
      throw new IllegalArgumentException("store ids are non-negative: " + storeId);
    }
    return storeId;
  }

  private static int checkIndexNo(int indexNo) {
    if (indexNo < 0 || indexNo > 255) {
      throw new IllegalArgumentException("index numbers are 0..255: " + indexNo);
    }
    return indexNo;
  }
}
