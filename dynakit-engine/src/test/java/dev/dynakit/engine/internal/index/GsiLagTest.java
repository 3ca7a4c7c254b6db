package dev.dynakit.engine.internal.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import dev.dynakit.engine.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Eventually consistent GSIs ({@code DynakitEngine.Builder.gsiLag}) under a manual clock. */
class GsiLagTest {
  private static final Duration LAG = Duration.ofMillis(500);

  private final ManualClock clock = new ManualClock(Instant.parse("2026-01-01T00:00:00Z"));
  private DynakitEngine engine = DynakitEngine.builder().clock(clock).gsiLag(LAG).build();
  private JsonCalls calls = new JsonCalls(engine);

  @AfterEach
  void close() {
    engine.close();
  }

  private void put(String pk, String g, String v) {
    calls
        .call(
            "PutItem",
            "{'TableName':'tab','Item':{'pk':{'S':'"
                + pk
                + "'},'g':{'S':'"
                + g
                + "'},'v':{'S':'"
                + v
                + "'}}}")
        .ok();
  }

  /** The items the GSI byG shows for {@code g}, as "pk=v". */
  @SuppressWarnings("unchecked")
  private List<String> byG(String g) {
    Map<String, Object> body =
        calls
            .call(
                "Query",
                "{'TableName':'tab','IndexName':'byG','KeyConditionExpression':'g = :g',"
                    + "'ExpressionAttributeValues':{':g':{'S':'"
                    + g
                    + "'}}}")
            .ok()
            .body();
    List<String> out = new ArrayList<>();
    for (Object o : (List<Object>) body.get("Items")) {
      Map<String, Map<String, Object>> item = (Map<String, Map<String, Object>>) o;
      out.add(item.get("pk").get("S") + "=" + item.get("v").get("S"));
    }
    out.sort(null);
    return out;
  }

  @Test
  void put_thenQueryAtOnce_doesNotSeeTheItem_afterTheLagItDoes() {
    calls.createTableWithIndex("tab");
    put("a", "x", "1");

    assertThat(byG("x")).isEmpty();
    clock.advance(LAG.minusMillis(1));
    assertThat(byG("x")).isEmpty();
    clock.advance(Duration.ofMillis(1));
    assertThat(byG("x")).containsExactly("a=1");
  }

  @Test
  void theBaseTableStaysStronglyConsistent() {
    calls.createTableWithIndex("tab");
    put("a", "x", "1");

    Map<String, Object> got =
        calls.call("GetItem", "{'TableName':'tab','Key':{'pk':{'S':'a'}}}").ok().body();
    assertThat(got).containsKey("Item");
    Map<String, Object> scanned = calls.call("Scan", "{'TableName':'tab'}").ok().body();
    assertThat(scanned.get("Count")).isEqualTo(1L);
  }

  @Test
  void anLsi_staysStronglyConsistent() {
    calls
        .call(
            "CreateTable",
            "{'TableName':'tab','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':["
                + "{'AttributeName':'pk','AttributeType':'S'},{'AttributeName':'sk','AttributeType':'S'},"
                + "{'AttributeName':'l','AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'}],"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'},"
                + "{'AttributeName':'sk','KeyType':'RANGE'}],"
                + "'LocalSecondaryIndexes':[{'IndexName':'byL','KeySchema':["
                + "{'AttributeName':'pk','KeyType':'HASH'},{'AttributeName':'l','KeyType':'RANGE'}],"
                + "'Projection':{'ProjectionType':'ALL'}}],"
                + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':["
                + "{'AttributeName':'g','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}]}")
        .ok();
    calls
        .call(
            "PutItem",
            "{'TableName':'tab','Item':{'pk':{'S':'a'},'sk':{'S':'1'},'l':{'S':'x'},"
                + "'g':{'S':'x'},'v':{'S':'1'}}}")
        .ok();

    Map<String, Object> local =
        calls
            .call(
                "Query",
                "{'TableName':'tab','IndexName':'byL','ConsistentRead':true,"
                    + "'KeyConditionExpression':'pk = :p AND l = :l','ExpressionAttributeValues':"
                    + "{':p':{'S':'a'},':l':{'S':'x'}}}")
            .ok()
            .body();
    assertThat(local).containsEntry("Count", 1L);
    assertThat(byG("x")).isEmpty();
  }

  @Test
  void aConsistentReadOnTheGsi_staysRefused() {
    calls.createTableWithIndex("tab");
    calls
        .call(
            "Query",
            "{'TableName':'tab','IndexName':'byG','ConsistentRead':true,"
                + "'KeyConditionExpression':'g = :g','ExpressionAttributeValues':{':g':{'S':'x'}}}")
        .invalid("Consistent reads are not supported on global secondary indexes");
  }

  @Test
  void anOverwrite_showsTheOldEntryUntilTheLag_thenOnlyTheNewOne() {
    calls.createTableWithIndex("tab");
    put("a", "x", "1");
    clock.advance(LAG);
    put("a", "y", "2");

    assertThat(byG("x")).containsExactly("a=1");
    assertThat(byG("y")).isEmpty();
    clock.advance(LAG);
    assertThat(byG("x")).isEmpty();
    assertThat(byG("y")).containsExactly("a=2");
  }

  @Test
  void aDelete_leavesTheEntryUntilTheLag() {
    calls.createTableWithIndex("tab");
    put("a", "x", "1");
    clock.advance(LAG);
    calls.call("DeleteItem", "{'TableName':'tab','Key':{'pk':{'S':'a'}}}").ok();

    assertThat(byG("x")).containsExactly("a=1");
    clock.advance(LAG);
    assertThat(byG("x")).isEmpty();
  }

  @Test
  void aScanOfTheGsi_lagsToo() {
    calls.createTableWithIndex("tab");
    put("a", "x", "1");

    assertThat(calls.call("Scan", "{'TableName':'tab','IndexName':'byG'}").ok().body())
        .containsEntry("Count", 0L);
    clock.advance(LAG);
    assertThat(calls.call("Scan", "{'TableName':'tab','IndexName':'byG'}").ok().body())
        .containsEntry("Count", 1L);
  }

  @Test
  void aRandomDelay_stillShowsAnItemsWritesInWriteOrder() {
    engine.close();
    engine =
        DynakitEngine.builder()
            .clock(clock)
            .gsiLag(Duration.ofMillis(1), Duration.ofSeconds(10))
            .build();
    calls = new JsonCalls(engine);
    calls.createTableWithIndex("tab");
    int last = -1;
    for (int step = 0; step < 250; step++) {
      if (step < 50) {
        put("a", "x", Integer.toString(step));
      }
      clock.advance(Duration.ofMillis(step < 50 ? 1 : 50));
      // whatever the delays drawn, the entry only ever moves forward through the writes
      List<String> seen = byG("x");
      if (!seen.isEmpty()) {
        int shown = Integer.parseInt(seen.get(0).substring("a=".length()));
        assertThat(shown).isGreaterThanOrEqualTo(last);
        last = shown;
      }
    }
    assertThat(byG("x")).containsExactly("a=49");
  }

  @Test
  void aGsiAddedByUpdateTable_isBackfilledAndThenLags() {
    calls
        .call(
            "CreateTable",
            "{'TableName':'tab','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':"
                + "[{'AttributeName':'pk','AttributeType':'S'}],"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}]}")
        .ok();
    calls
        .call(
            "UpdateTable",
            "{'TableName':'tab','AttributeDefinitions':[{'AttributeName':'g','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'byG','KeySchema':"
                + "[{'AttributeName':'g','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}}]}")
        .ok();
    put("a", "x", "1");

    assertThat(byG("x")).isEmpty();
    clock.advance(LAG);
    assertThat(byG("x")).containsExactly("a=1");
  }

  @Test
  void pendingChangesOfADeletedGsi_neverReachANewIndexOfTheSameName() {
    calls.createTableWithIndex("tab");
    put("a", "x", "1");
    calls
        .call(
            "UpdateTable",
            "{'TableName':'tab','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'byG'}}]}")
        .ok();
    calls
        .call(
            "UpdateTable",
            "{'TableName':'tab','AttributeDefinitions':[{'AttributeName':'g','AttributeType':'S'}],"
                + "'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'byG','KeySchema':"
                + "[{'AttributeName':'g','KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}}]}")
        .ok();
    awaitActive();
    clock.advance(LAG);

    // the backfill wrote the item's entry once; the old index's pending put is not applied again
    assertThat(byG("x")).containsExactly("a=1");
    @SuppressWarnings("unchecked")
    Map<String, Object> gsi =
        ((List<Map<String, Object>>)
                ((Map<String, Object>)
                        calls.call("DescribeTable", "{'TableName':'tab'}").ok().body().get("Table"))
                    .get("GlobalSecondaryIndexes"))
            .get(0);
    assertThat(gsi).containsEntry("ItemCount", 1L);
  }

  @Test
  void aLagThatIsNotPositive_isRefused() {
    assertThatThrownBy(() -> DynakitEngine.builder().gsiLag(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("gsiLag must be positive");
    assertThatThrownBy(
            () -> DynakitEngine.builder().gsiLag(Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("less than its minimum");
  }

  /** Waits for the backfill of a populated table's new GSI, which runs on its own thread. */
  @SuppressWarnings("unchecked")
  private void awaitActive() {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (System.nanoTime() < deadline) {
      Map<String, Object> table =
          (Map<String, Object>)
              calls.call("DescribeTable", "{'TableName':'tab'}").ok().body().get("Table");
      List<Map<String, Object>> gsis =
          (List<Map<String, Object>>) table.get("GlobalSecondaryIndexes");
      if (gsis.stream().allMatch(g -> "ACTIVE".equals(g.get("IndexStatus")))) {
        return;
      }
      Thread.onSpinWait();
    }
    throw new AssertionError("the GSI did not become ACTIVE");
  }
}
