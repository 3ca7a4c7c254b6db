package dev.dynakit.engine.internal.ttl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineAccess;
import dev.dynakit.engine.EngineResponse;
import dev.dynakit.engine.ManualClock;
import dev.dynakit.engine.internal.EngineState;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TtlSweeperTest {
  private static final Instant NOW = Instant.parse("2026-03-04T05:06:07Z");
  private static final long NOW_S = NOW.getEpochSecond();

  private final ManualClock clock = new ManualClock(NOW);
  // Background sweeps far apart, so that only the test's own sweeps run.
  private final DynakitEngine engine =
      DynakitEngine.builder().clock(clock).ttlSweepInterval(Duration.ofHours(1)).build();
  private final EngineState state = EngineAccess.state(engine);
  private final TtlSweeper sweeper = TtlSweeper.manual(state);

  @AfterEach
  void close() {
    engine.close();
  }

  private String call(String operation, String json) {
    return call(engine, operation, json);
  }

  private static String call(DynakitEngine on, String operation, String json) {
    EngineResponse r =
        on.handle(operation, json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    String body = new String(r.body(), StandardCharsets.UTF_8);
    assertThat(r.status()).as(body).isEqualTo(200);
    return body;
  }

  private void createTable(String name, boolean ttl) {
    call(
        "CreateTable",
        "{'TableName':'"
            + name
            + "','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}],"
            + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
            + "'BillingMode':'PAY_PER_REQUEST'}");
    if (ttl) {
      call(
          "UpdateTimeToLive",
          "{'TableName':'"
              + name
              + "','TimeToLiveSpecification':{'Enabled':true,'AttributeName':'exp'}}");
    }
  }

  private void put(String table, String pk, String expiry) {
    call(
        "PutItem",
        "{'TableName':'" + table + "','Item':{'pk':{'S':'" + pk + "'},'exp':" + expiry + "}}");
  }

  private boolean exists(String table, String pk) {
    return call("GetItem", "{'TableName':'" + table + "','Key':{'pk':{'S':'" + pk + "'}}}")
        .contains("Item");
  }

  private static String n(long v) {
    return "{'N':'" + v + "'}";
  }

  @Test
  void sweep_deletesOnlyNumbersInThePastWithinFiveYears() {
    createTable("tab", true);
    put("tab", "past", n(NOW_S - 1));
    put("tab", "fraction", "{'N':'" + (NOW_S - 1) + ".5'}");
    put("tab", "now", n(NOW_S));
    put("tab", "future", n(NOW_S + 60));
    put("tab", "fourYears", n(NOW_S - 4L * 365 * 86400));
    put("tab", "sixYears", n(NOW_S - 6L * 365 * 86400));
    put("tab", "string", "{'S':'" + (NOW_S - 10) + "'}");
    put("tab", "set", "{'NS':['" + (NOW_S - 10) + "']}");
    call("PutItem", "{'TableName':'tab','Item':{'pk':{'S':'none'}}}");

    assertThat(sweeper.sweep()).isEqualTo(3);
    assertThat(exists("tab", "past")).isFalse();
    assertThat(exists("tab", "fraction")).isFalse();
    assertThat(exists("tab", "fourYears")).isFalse();
    for (String kept : new String[] {"now", "future", "sixYears", "string", "set", "none"}) {
      assertThat(exists("tab", kept)).as(kept).isTrue();
    }
    assertThat(state.catalog().require("tab").itemCount().get()).isEqualTo(6);

    clock.set(NOW.plusSeconds(61));
    assertThat(sweeper.sweep()).isEqualTo(2);
    assertThat(exists("tab", "now")).isFalse();
    assertThat(exists("tab", "future")).isFalse();
    assertThat(sweeper.sweep()).isZero();
  }

  @Test
  void sweep_leavesTablesWithoutTimeToLiveAlone() {
    createTable("plain", false);
    createTable("ttl", true);
    put("plain", "a", n(NOW_S - 100));
    put("ttl", "a", n(NOW_S - 100));
    assertThat(sweeper.sweep()).isEqualTo(1);
    assertThat(exists("plain", "a")).isTrue();
    assertThat(exists("ttl", "a")).isFalse();

    put("ttl", "b", n(NOW_S - 100));
    // DynamoDB refuses another switch within the hour after one
    clock.advance(Duration.ofHours(1));
    call(
        "UpdateTimeToLive",
        "{'TableName':'ttl','TimeToLiveSpecification':{'Enabled':false,'AttributeName':'exp'}}");
    assertThat(sweeper.sweep()).isZero();
    assertThat(exists("ttl", "b")).isTrue();
  }

  @Test
  void engine_closeStopsItsSweeperThread() throws Exception {
    // Other engines in this JVM may own sweeper threads too: follow only the new one.
    Set<Thread> before = sweeperThreads();
    CountDownLatch sweeps = new CountDownLatch(2);
    DynakitEngine other =
        DynakitEngine.builder()
            .clock(new SweepCountingClock(sweeps))
            .ttlSweepInterval(Duration.ofMillis(20))
            .build();
    Set<Thread> started = sweeperThreads();
    started.removeAll(before);
    assertThat(started).hasSize(1);
    Thread sweeperThread = started.iterator().next();
    // an item the sweeps must read the clock for, so that the test sees them run
    call(
        other,
        "CreateTable",
        "{'TableName':'tab','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}],"
            + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
            + "'BillingMode':'PAY_PER_REQUEST'}");
    call(
        other,
        "UpdateTimeToLive",
        "{'TableName':'tab','TimeToLiveSpecification':{'Enabled':true,'AttributeName':'exp'}}");
    call(
        other,
        "PutItem",
        "{'TableName':'tab','Item':{'pk':{'S':'a'},'exp':" + n(NOW_S + 60) + "}}");
    // a few sweeps have run, so close interrupts a live schedule
    assertThat(sweeps.await(30, TimeUnit.SECONDS)).as("the sweeper never ran").isTrue();
    other.close();
    assertThat(sweeperThread.isAlive()).isFalse();
  }

  /** The test's time, counting the reads the sweeper thread makes (one per item it looks at). */
  private static final class SweepCountingClock extends Clock {
    private final CountDownLatch reads;

    SweepCountingClock(CountDownLatch reads) {
      this.reads = reads;
    }

    @Override
    public Instant instant() {
      if (Thread.currentThread().getName().equals("dynakit-ttl-sweeper")) {
        reads.countDown();
      }
      return NOW;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }
  }

  private static Set<Thread> sweeperThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("dynakit-ttl-sweeper") && t.isAlive())
        .collect(Collectors.toCollection(HashSet::new));
  }
}
