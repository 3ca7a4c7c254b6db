package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.key;
import static dev.dynakit.it.engine.Items.n;
import static dev.dynakit.it.engine.Items.s;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.embedded.Transport;
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

/** Expiry through the SDK: UpdateTimeToLive, then the background sweeper deleting items. */
@ParameterizedClass
@EnumSource(Transport.class)
class TimeToLiveIT {
  @Parameter Transport transport;
  EngineFixture fx;

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private void start(DynakitEngine engine) {
    fx = new EngineFixture(transport, engine);
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

  /** Waits until the item is gone; false if it is still there after {@code timeout}. */
  private boolean vanishes(String pk, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!exists(pk)) {
        return true;
      }
      Thread.sleep(50);
    }
    return !exists(pk);
  }

  @Test
  void expiredItems_vanish_othersStay() throws Exception {
    start(DynakitEngine.builder().ttlSweepInterval(Duration.ofMillis(100)).build());
    long now = Instant.now().getEpochSecond();
    fx.client.putItem(b -> b.tableName("sessions").item(item("pk", "old", "expires", now - 10)));
    fx.client.putItem(
        b -> b.tableName("sessions").item(item("pk", "later", "expires", now + 3600)));
    fx.client.putItem(
        b ->
            b.tableName("sessions")
                .item(item("pk", "text", "expires", s(Long.toString(now - 10)))));
    fx.client.putItem(
        b ->
            b.tableName("sessions")
                .item(item("pk", "ancient", "expires", now - 6L * 365 * 24 * 3600)));
    fx.client.putItem(b -> b.tableName("sessions").item(item("pk", "forever")));

    assertThat(vanishes("old", Duration.ofSeconds(5))).isTrue();
    // Several more sweeps pass; none of the others may go.
    Thread.sleep(400);
    for (String kept : List.of("later", "text", "ancient", "forever")) {
      assertThat(exists(kept)).as(kept).isTrue();
    }
    assertThat(
            fx.client
                .describeTimeToLive(b -> b.tableName("sessions"))
                .timeToLiveDescription()
                .timeToLiveStatus())
        .isEqualTo(TimeToLiveStatus.ENABLED);
  }

  @Test
  void defaultInterval_expiresWithinAFewSeconds() throws Exception {
    start(DynakitEngine.inMemory());
    long soon = Instant.now().getEpochSecond() + 1;
    fx.client.putItem(
        b -> b.tableName("sessions").item(item("pk", "soon", "expires", n(Long.toString(soon)))));
    assertThat(exists("soon")).isTrue();
    assertThat(vanishes("soon", Duration.ofSeconds(5))).isTrue();
  }
}
