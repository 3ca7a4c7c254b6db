package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.key;
import static dev.dynakit.it.engine.Items.n;
import static dev.dynakit.it.engine.Items.s;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * Expiry through the SDK: UpdateTimeToLive, then sweeps deleting items. The engine's clock is one
 * the test moves, and the test sweeps when it wants, so what expires does not depend on timing.
 */
@ParameterizedClass
@EnumSource(EngineSetup.class)
class TimeToLiveIT {
  private static final Instant NOW = Instant.parse("2026-03-04T05:06:07Z");
  private static final long NOW_S = NOW.getEpochSecond();

  /** Background sweeps that never come during a test: the test's own sweeps are the only ones. */
  private static final Duration NO_BACKGROUND_SWEEP = Duration.ofDays(1);

  @Parameter EngineSetup setup;
  private final MovableClock clock = new MovableClock(NOW);
  EngineFixture fx;

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private void start(Duration sweepInterval) {
    fx =
        new EngineFixture(
            setup, DynakitEngine.builder().clock(clock).ttlSweepInterval(sweepInterval));
    fx.createTable("sessions");
    fx.client.updateTimeToLive(
        b ->
            b.tableName("sessions")
                .timeToLiveSpecification(t -> t.enabled(true).attributeName("expires")));
  }

  private boolean exists(String pk) {
    return fx.client
        .getItem(b -> b.tableName("sessions").key(key(pk)).consistentRead(true))
        .hasItem();
  }

  @Test
  void expiredItems_vanish_othersStay() {
    start(NO_BACKGROUND_SWEEP);
    fx.client.putItem(b -> b.tableName("sessions").item(item("pk", "old", "expires", NOW_S - 10)));
    fx.client.putItem(
        b -> b.tableName("sessions").item(item("pk", "later", "expires", NOW_S + 3600)));
    fx.client.putItem(
        b ->
            b.tableName("sessions")
                .item(item("pk", "text", "expires", s(Long.toString(NOW_S - 10)))));
    fx.client.putItem(
        b ->
            b.tableName("sessions")
                .item(item("pk", "ancient", "expires", NOW_S - 6L * 365 * 24 * 3600)));
    fx.client.putItem(b -> b.tableName("sessions").item(item("pk", "forever")));

    assertThat(fx.engine.sweepExpiredItems()).isEqualTo(1);
    assertThat(exists("old")).isFalse();
    assertThat(fx.engine.sweepExpiredItems()).as("a second sweep finds nothing more").isZero();
    for (String kept : List.of("later", "text", "ancient", "forever")) {
      assertThat(exists(kept)).as(kept).isTrue();
    }

    clock.advance(Duration.ofSeconds(3600));
    assertThat(fx.engine.sweepExpiredItems()).as("not yet: expiry is strictly before now").isZero();
    clock.advance(Duration.ofSeconds(1));
    assertThat(fx.engine.sweepExpiredItems()).isEqualTo(1);
    assertThat(exists("later")).isFalse();
    assertThat(
            fx.client
                .describeTimeToLive(b -> b.tableName("sessions"))
                .timeToLiveDescription()
                .timeToLiveStatus())
        .isEqualTo(TimeToLiveStatus.ENABLED);
  }

  @Test
  void theBackgroundSweeper_deletesExpiredItemsUnasked() throws Exception {
    start(Duration.ofMillis(20));
    fx.client.putItem(
        b -> b.tableName("sessions").item(item("pk", "soon", "expires", n(Long.toString(NOW_S)))));
    assertThat(exists("soon")).as("expiry is strictly before now").isTrue();

    clock.advance(Duration.ofSeconds(1));
    // waits for the background thread, however slow the machine: no fixed delay decides
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (exists("soon")) {
      assertThat(System.nanoTime()).as("the sweeper never deleted the item").isLessThan(deadline);
      Thread.onSpinWait();
    }
  }
}
