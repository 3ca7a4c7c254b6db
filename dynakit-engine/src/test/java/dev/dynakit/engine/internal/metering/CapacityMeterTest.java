package dev.dynakit.engine.internal.metering;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.ManualClock;
import dev.dynakit.engine.internal.value.AttrValue;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacityMeterTest {
  private static final long START = Instant.parse("2026-12-06T00:00:00Z").getEpochSecond();
  private static final Resource TABLE =
      new Resource("id-1", "T", null, "arn:aws:dynamodb:us-east-1:0:table/T", false, 0, 0, START);

  private final ManualClock clock = new ManualClock(Instant.parse("2026-12-06T00:00:00Z"));

  private static List<Charge> write(String key, double units) {
    return List.of(new Charge(TABLE, List.of(new AttrValue.S(key)), units, 0));
  }

  @Test
  void aKeyTakesAThousandWriteUnitsASecond_thenIsThrottledWithTheKeyRangeReason() {
    CapacityMeter meter = new CapacityMeter(clock, true);
    for (int i = 0; i < 62; i++) {
      assertThat(meter.admit(Access.WRITE, write("hot", 16))).isNull();
    }
    Throttle t = meter.admit(Access.WRITE, write("hot", 16));

    assertThat(t).isNotNull();
    assertThat(t.reasons())
        .containsExactly(
            new Throttle.Reason(
                "TableWriteKeyRangeThroughputExceeded", "arn:aws:dynamodb:us-east-1:0:table/T"));
    // another key of the same table is not affected, and the next second the hot key serves again
    assertThat(meter.admit(Access.WRITE, write("cold", 16))).isNull();
    clock.advance(Duration.ofSeconds(1));
    assertThat(meter.admit(Access.WRITE, write("hot", 16))).isNull();
  }

  @Test
  void readsHaveTheirOwnCeiling() {
    CapacityMeter meter = new CapacityMeter(clock, true);
    meter.admit(Access.WRITE, write("k", 1000));
    assertThat(meter.admit(Access.READ, write("k", 3000))).isNull();
    assertThat(meter.admit(Access.READ, write("k", 0.5)).reasons().get(0).reason())
        .isEqualTo("TableReadKeyRangeThroughputExceeded");
  }

  @Test
  void withoutEnforcement_nothingIsRefused_butEverythingIsMeasured() {
    CapacityMeter meter = new CapacityMeter(clock, false);
    for (int i = 0; i < 100; i++) {
      assertThat(meter.admit(Access.WRITE, write("hot", 16))).isNull();
    }
    List<HotKey> hot = meter.hotKeys("T", null, 60, 10);
    assertThat(hot).hasSize(1);
    assertThat(hot.get(0).figures().peakWrite()).isEqualTo(1600);
    assertThat(hot.get(0).figures().writeShare()).isEqualTo(1.6);
  }

  @Test
  void hotKeys_rankByShareOfTheCeiling_andCountThrottledRequests_overTheWindowOnly() {
    CapacityMeter meter = new CapacityMeter(clock, true);
    meter.admit(Access.WRITE, write("warm", 100));
    meter.admit(Access.WRITE, write("hot", 1000));
    meter.admit(Access.WRITE, write("hot", 1));
    meter.admit(Access.READ, write("reader", 2400));

    List<HotKey> hot = meter.hotKeys("T", null, 60, 10);
    assertThat(hot)
        .extracting(k -> ((AttrValue.S) k.partitionKey().get(0)).value())
        .containsExactly("hot", "reader", "warm");
    assertThat(hot.get(0).figures().throttled()).isEqualTo(1);
    assertThat(hot.get(1).figures().readShare()).isEqualTo(0.8);
    assertThat(meter.hotKeys("T", null, 60, 1)).hasSize(1);

    clock.advance(Duration.ofSeconds(61));
    assertThat(meter.hotKeys("T", null, 60, 10)).isEmpty();
    assertThat(meter.hotKeys("T", null, 300, 10)).hasSize(3);
  }

  @Test
  void provisionedTable_throttlesAtItsUnitsWithTheProvisionedReason() {
    Resource provisioned =
        new Resource("id-2", "P", null, "arn:aws:dynamodb:us-east-1:0:table/P", true, 10, 5, START);
    CapacityMeter meter = new CapacityMeter(clock, true);
    int admitted = 0;
    Throttle last = null;
    for (int i = 0; i < 10; i++) {
      last =
          meter.admit(
              Access.WRITE,
              List.of(new Charge(provisioned, List.of(new AttrValue.S("k" + i)), 1, 0)));
      if (last == null) {
        admitted++;
      }
    }
    assertThat(admitted).isEqualTo(5);
    assertThat(last.reasons().get(0).reason()).isEqualTo("TableWriteProvisionedThroughputExceeded");
    assertThat(last.exception().type().wireName())
        .endsWith("ProvisionedThroughputExceededException");
  }

  @Test
  void onDemandMaximum_isAThrottlingException() {
    Resource capped =
        new Resource("id-3", "M", null, "arn:aws:dynamodb:us-east-1:0:table/M", false, 0, 2, START);
    CapacityMeter meter = new CapacityMeter(clock, true);
    List<Charge> one = List.of(new Charge(capped, List.of(new AttrValue.S("k")), 1, 0));
    meter.admit(Access.WRITE, one);
    meter.admit(Access.WRITE, one);
    Throttle t = meter.admit(Access.WRITE, one);
    assertThat(t.reasons().get(0).reason()).isEqualTo("TableWriteMaxOnDemandThroughputExceeded");
    assertThat(t.exception().type().wireName()).endsWith("#ThrottlingException");
  }

  @Test
  void aTableCreatedAgain_startsWithoutHistory() {
    CapacityMeter meter = new CapacityMeter(clock, true);
    meter.admit(Access.WRITE, write("hot", 1000));
    Resource again = new Resource("id-9", "T", null, TABLE.arn(), false, 0, 0, START);
    assertThat(
            meter.admit(
                Access.WRITE, List.of(new Charge(again, List.of(new AttrValue.S("hot")), 1000, 0))))
        .isNull();
  }

  @Test
  void keysAreBounded_theColdestForgotten() {
    CapacityMeter meter = new CapacityMeter(clock, false);
    for (int i = 0; i < CapacityLimits.MAX_KEYS + 500; i++) {
      meter.admit(Access.WRITE, write("k" + i, 1));
      if (i % 1000 == 0) {
        clock.advance(Duration.ofSeconds(1));
      }
    }
    assertThat(meter.hotKeys("T", null, 300, 1000).size()).isLessThanOrEqualTo(1000);
    assertThat(meter.hotKeys("T", null, 300, 1000))
        .allSatisfy(k -> assertThat(k.figures().writeUnits()).isEqualTo(1));
  }

  @Test
  void idleKeys_areForgottenAfterTheLongestWindow() {
    CapacityMeter meter = new CapacityMeter(clock, false);
    meter.admit(Access.WRITE, write("old", 1));
    clock.advance(Duration.ofSeconds(CapacityLimits.MAX_WINDOW_SECONDS + 1));
    meter.admit(Access.WRITE, write("new", 1));
    assertThat(meter.hotKeys("T", null, 300, 10))
        .extracting(k -> ((AttrValue.S) k.partitionKey().get(0)).value())
        .containsExactly("new");
  }

  @Test
  void sustainedHeavyLoad_splitsThePartition() {
    CapacityMeter meter = new CapacityMeter(clock, false);
    assertThat(meter.partitions("T", null)).isEqualTo(1);
    for (int s = 0; s <= CapacityLimits.HEAT_SPLIT_SECONDS + 1; s++) {
      meter.admit(Access.WRITE, write("busy", 600));
      clock.advance(Duration.ofSeconds(1));
    }
    assertThat(meter.partitions("T", null)).isEqualTo(2);
  }

  @Test
  void tenGigabytes_splitThePartition() {
    CapacityMeter meter = new CapacityMeter(clock, false);
    meter.admit(
        Access.WRITE,
        List.of(
            new Charge(
                TABLE,
                List.of(new AttrValue.S("big")),
                1,
                CapacityLimits.PARTITION_SPLIT_BYTES + 1)));
    assertThat(meter.partitions("T", null)).isEqualTo(2);
  }
}
