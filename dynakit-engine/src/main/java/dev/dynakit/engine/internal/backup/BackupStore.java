package dev.dynakit.engine.internal.backup;

import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import dev.dynakit.engine.storage.WriteBatch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The backups in the engine's store, under the metadata prefix (store id 0, which no table has:
 * table store ids start at 1) and the kind byte {@code 'B'}: {@code [0 x 8]'B''D'ARN} holds a
 * backup's {@link BackupRecord}, {@code [0 x 8]'B''I'ARN 0x00 KEY} each item it holds, by the
 * item's storage key without the table's store id. An ARN never holds a 0 byte, so one backup's
 * items never run into another's.
 *
 * <p>A backup's items are written before its record, and its record is deleted before its items:
 * whatever a crash leaves, a listed backup is whole.
 */
final class BackupStore {
  static final int BATCH_SIZE = 1000;
  private static final int STORE_ID_LENGTH = Long.BYTES;
  private static final byte KIND = 'B';
  private static final byte RECORD = 'D';
  private static final byte ITEM = 'I';

  private final OrderedStore store;

  BackupStore(OrderedStore store) {
    this.store = store;
  }

  /** Collects items into bounded batches under one backup's prefix; {@link #finish} ends it. */
  final class ItemWriter {
    private final byte[] prefix;
    private WriteBatch batch = new WriteBatch();
    private int inBatch;

    private ItemWriter(String arn) {
      this.prefix = itemPrefix(arn);
    }

    /** Adds an item under its table storage key (whose first 8 bytes, the store id, are left). */
    void add(byte[] tableKey, byte[] value) {
      byte[] key = Arrays.copyOf(prefix, prefix.length + tableKey.length - STORE_ID_LENGTH);
      System.arraycopy(
          tableKey, STORE_ID_LENGTH, key, prefix.length, tableKey.length - STORE_ID_LENGTH);
      batch.put(key, value);
      if (++inBatch == BATCH_SIZE) {
        store.apply(batch);
        batch = new WriteBatch();
        inBatch = 0;
      }
    }

    /** Writes the last items, then the record that makes the backup visible. */
    void finish(BackupRecord record) {
      batch.put(recordKey(record.arn()), record.write());
      store.apply(batch);
    }
  }

  ItemWriter writer(String arn) {
    return new ItemWriter(arn);
  }

  void save(BackupRecord record) {
    store.apply(new WriteBatch().put(recordKey(record.arn()), record.write()));
  }

  @Nullable BackupRecord find(String arn) {
    byte[] bytes = store.get(recordKey(arn));
    return bytes == null ? null : BackupRecord.read(bytes);
  }

  /** Every backup, in ARN order. */
  List<BackupRecord> all() {
    byte[] from = key(RECORD, new byte[0]);
    byte[] to = key((byte) (RECORD + 1), new byte[0]);
    List<BackupRecord> out = new ArrayList<>();
    try (StoreCursor cursor = store.scan(from, to, false)) {
      while (cursor.hasNext()) {
        out.add(BackupRecord.read(cursor.next().value()));
      }
    }
    return out;
  }

  /** Hands each stored item of the backup, encoded as the store keeps items, to {@code sink}. */
  void items(String arn, Consumer<byte[]> sink) {
    byte[] from = itemPrefix(arn);
    byte[] to = Arrays.copyOf(from, from.length);
    to[to.length - 1]++;
    try (StoreCursor cursor = store.scan(from, to, false)) {
      while (cursor.hasNext()) {
        StoreEntry e = cursor.next();
        sink.accept(e.value());
      }
    }
  }

  /** Deletes the backup: its record first, then its items in bounded batches. */
  void delete(String arn) {
    store.apply(new WriteBatch().delete(recordKey(arn)));
    byte[] from = itemPrefix(arn);
    byte[] to = Arrays.copyOf(from, from.length);
    to[to.length - 1]++;
    WriteBatch batch = new WriteBatch();
    int inBatch = 0;
    try (StoreCursor cursor = store.scan(from, to, false)) {
      while (cursor.hasNext()) {
        batch.delete(cursor.next().key().clone());
        if (++inBatch == BATCH_SIZE) {
          store.apply(batch);
          batch = new WriteBatch();
          inBatch = 0;
        }
      }
    }
    if (inBatch > 0) {
      store.apply(batch);
    }
  }

  private static byte[] recordKey(String arn) {
    return key(RECORD, arn.getBytes(StandardCharsets.UTF_8));
  }

  /** The prefix of a backup's items: ends with the 0 byte after the ARN. */
  private static byte[] itemPrefix(String arn) {
    byte[] name = arn.getBytes(StandardCharsets.UTF_8);
    return key(ITEM, Arrays.copyOf(name, name.length + 1));
  }

  private static byte[] key(byte part, byte[] name) {
    byte[] key = new byte[STORE_ID_LENGTH + 2 + name.length];
    key[STORE_ID_LENGTH] = KIND;
    key[STORE_ID_LENGTH + 1] = part;
    System.arraycopy(name, 0, key, STORE_ID_LENGTH + 2, name.length);
    return key;
  }
}
