package dev.dynakit.engine.internal.txn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineAccess;
import dev.dynakit.engine.JsonCalls;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A transaction that would grow an LSI item collection past its limit is cancelled whole. */
class TransactCollectionLimitTest {
  private final DynakitEngine engine = DynakitEngine.inMemory();
  private final JsonCalls wire = new JsonCalls(engine);

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void growingACollectionPastTheLimit_cancelsWithItemCollectionSizeLimitExceeded() {
    wire.call(
            "CreateTable",
            "{'TableName':'tab','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
                + "{'AttributeName':'sk','AttributeType':'S'},{'AttributeName':'age','AttributeType':'N'}],"
                + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'},{'AttributeName':'sk','KeyType':'RANGE'}],"
                + "'LocalSecondaryIndexes':[{'IndexName':'byAge','KeySchema':[{'AttributeName':'pk','KeyType':'HASH'},"
                + "{'AttributeName':'age','KeyType':'RANGE'}],'Projection':{'ProjectionType':'ALL'}}],"
                + "'BillingMode':'PAY_PER_REQUEST'}")
        .ok();
    EngineAccess.state(engine).items().indexes().itemCollectionLimitBytes(2_000);
    String big = "x".repeat(1_500);
    var reasons =
        wire.call(
                "TransactWriteItems",
                "{'TransactItems':["
                    + "{'Put':{'TableName':'tab','Item':{'pk':{'S':'other'},'sk':{'S':'1'}}}},"
                    + "{'Put':{'TableName':'tab','Item':{'pk':{'S':'a'},'sk':{'S':'1'},'age':{'N':'1'},"
                    + "'d':{'S':'"
                    + big
                    + "'}}}},"
                    + "{'Put':{'TableName':'tab','Item':{'pk':{'S':'a'},'sk':{'S':'2'},'age':{'N':'2'},"
                    + "'d':{'S':'"
                    + big
                    + "'}}}}]}")
            .cancelled();
    assertThat(reasons).hasSize(3);
    assertThat(reasons.get(1))
        .isEqualTo(
            Map.of(
                "Code", "ItemCollectionSizeLimitExceeded", "Message", "Collection size exceeded."));
    assertThat(reasons.get(2)).isEqualTo(Map.of("Code", "None"));
    assertThat(
            wire.call("GetItem", "{'TableName':'tab','Key':{'pk':{'S':'other'},'sk':{'S':'1'}}}")
                .ok()
                .body())
        .isEmpty();
  }
}
