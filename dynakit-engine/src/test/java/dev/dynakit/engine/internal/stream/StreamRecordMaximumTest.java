package dev.dynakit.engine.internal.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.CountingStore;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineAccess;
import dev.dynakit.engine.ManualClock;
import dev.dynakit.engine.internal.item.ItemStore;
import dev.dynakit.engine.internal.item.KeyFactory;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.storage.StoreCursor;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A stream at its record maximum trims its oldest record with every append: without reading the
 * store for it, and, when the append's batch fails, without leaving the record in the store behind
 * the stream's trim horizon.
 */
class StreamRecordMaximumTest {
  private static final int MAX_RECORDS = 10;

  private final ManualClock clock = new ManualClock(Instant.parse("2026-03-04T05:06:07Z"));
  private final DynakitEngine engine = DynakitEngine.builder().clock(clock).build();
  private final Table table = createTable();
  private final FailingStore failing = new FailingStore();
  private final CountingStore store = new CountingStore(failing);
  private final Streams streams =
      new Streams(
          clock,
          "us-east-1",
          new StreamSettings(
              100_000,
              Duration.ofHours(4),
              Duration.ofHours(24),
              MAX_RECORDS,
              Duration.ofMinutes(15)),
          store);
  private final ItemStore items = new ItemStore(store, null, streams);

  @AfterEach
  void close() {
    engine.close();
  }

  private Table createTable() {
    String json =
        "{'TableName':'orders','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}],"
            + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],'BillingMode':"
            + "'PAY_PER_REQUEST','StreamSpecification':{'StreamEnabled':true,"
            + "'StreamViewType':'KEYS_ONLY'}}";
    assertThat(
            engine
                .handle(
                    DynakitEngine.TARGET_PREFIX + "CreateTable",
                    json.replace('\'', '"').getBytes(StandardCharsets.UTF_8))
                .status())
        .isEqualTo(200);
    return EngineAccess.state(engine).catalog().find("orders");
  }

  private void put(String pk) {
    Map<String, AttrValue> item = Map.of("pk", new AttrValue.S(pk));
    items.write(table, KeyFactory.fromItem(table, item), null, item);
  }

  private TableStream stream() {
    return streams.all(t -> true).get(0);
  }

  /** The sequence numbers the stream reads, along its shards from their trim horizons. */
  private List<Long> readable() {
    TableStream s = stream();
    List<Long> out = new ArrayList<>();
    for (Shard shard : s.shards(clock.instant(), true)) {
      for (StreamRecord r : s.read(shard, shard.firstRetained(), 1_000).records()) {
        out.add(r.sequence());
      }
    }
    return out;
  }

  /** The sequence numbers of the records in the store. */
  private List<Long> stored() {
    List<Long> out = new ArrayList<>();
    String arn = stream().arn();
    try (StoreCursor c =
        failing.scan(StreamKeys.record(arn, 0), StreamKeys.record(arn, Long.MAX_VALUE), false)) {
      while (c.hasNext()) {
        out.add(StreamKeys.number(c.next().key()));
      }
    }
    return out;
  }

  @Test
  void atTheRecordMaximum_anAppendTrimsItsOldestRecordWithoutReadingTheStore() {
    for (int i = 0; i < MAX_RECORDS; i++) {
      put("a" + i);
    }
    store.reset();
    for (int i = 0; i < 100; i++) {
      put("b" + i);
    }
    assertThat(store.cursorEntries() + store.pointReads())
        .as("store entries read by 100 appends at the maximum")
        .isLessThan(10);
    assertThat(stored()).hasSize(MAX_RECORDS).isEqualTo(readable());

    // the time a trim by count keeps is a lower bound: retention still trims every record
    clock.advance(Duration.ofHours(24).plusSeconds(1));
    put("late");
    assertThat(stored()).hasSize(1).isEqualTo(readable());
  }

  @Test
  void aFailedAppendBatch_leavesItsTrimToTheNextAppend_andTheStoreHoldsWhatTheStreamReads() {
    for (int i = 0; i < MAX_RECORDS; i++) {
      put("a" + i);
    }
    String arn = stream().arn();
    byte[] records = StreamKeys.record(arn, 0);
    failing.failNext(
        FailingStore.touching(java.util.Arrays.copyOf(records, records.length - Long.BYTES)));
    assertThatThrownBy(() -> put("failed")).isInstanceOf(IllegalStateException.class);
    put("b");
    put("c");
    assertThat(stored()).isEqualTo(readable());
    // the failed append's number is a gap: the stream holds MAX_RECORDS numbers, one of them empty
    assertThat(stored()).hasSize(MAX_RECORDS - 1);
  }
}
