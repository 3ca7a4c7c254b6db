package dev.dynakit.engine.internal.table;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The capacity changes of a table or a global secondary index that DynamoDB reports
 * (NumberOfDecreasesToday, LastIncreaseDateTime, LastDecreaseDateTime) and limits: four
 * provisioned-throughput decreases at any time in a UTC day, then one more whenever there was none
 * in the hour before; and, for a table, four switches to on demand in 24 hours.
 */
public final class ThroughputHistory {
  static final int FREE_DECREASES = 4;
  static final Duration SPACING = Duration.ofHours(1);
  static final int SWITCHES_PER_DAY = 4;

  private @Nullable LocalDate day;
  private int decreasesThatDay;
  private @Nullable Instant lastDecrease;
  private @Nullable Instant lastIncrease;
  // the switches to on demand within the last day, oldest first
  private final ArrayDeque<Instant> switchesToOnDemand = new ArrayDeque<>();

  /**
   * Refuses a change from {@code from} to {@code to} at {@code now} that would exceed the day's
   * decreases, with DynamoDB's LimitExceededException; changes nothing.
   */
  public synchronized void check(Throughput from, Throughput to, Instant now, String what) {
    if (!decreases(from, to)) {
      return;
    }
    int today = decreasesOn(today(now));
    if (today >= FREE_DECREASES
        && lastDecrease != null
        && now.isBefore(lastDecrease.plus(SPACING))) {
      throw new EngineException(
          ErrorType.LIMIT_EXCEEDED,
          "Subscriber limit exceeded: Provisioned throughput decreases are limited within a given"
              + " UTC day. After the first "
              + FREE_DECREASES
              + " decreases, each subsequent decrease in the same UTC day can be performed at most"
              + " once every 3600 seconds. Number of decreases today: "
              + today
              + ". Last decrease at "
              + lastDecrease
              + ". Next decrease of "
              + what
              + " can be made at "
              + lastDecrease.plus(SPACING));
    }
  }

  /** Records a change checked by {@link #check}. */
  public synchronized void record(Throughput from, Throughput to, Instant now) {
    if (decreases(from, to)) {
      LocalDate today = today(now);
      decreasesThatDay = decreasesOn(today) + 1;
      day = today;
      lastDecrease = now;
    }
    if (to.readCapacityUnits() > from.readCapacityUnits()
        || to.writeCapacityUnits() > from.writeCapacityUnits()) {
      lastIncrease = now;
    }
  }

  /**
   * Refuses a switch to on demand when the table made {@value #SWITCHES_PER_DAY} in the last 24
   * hours, with DynamoDB's LimitExceededException; changes nothing.
   */
  public synchronized void checkSwitchToOnDemand(Instant now) {
    while (!switchesToOnDemand.isEmpty()
        && !now.isBefore(switchesToOnDemand.peekFirst().plus(Duration.ofDays(1)))) {
      switchesToOnDemand.removeFirst();
    }
    if (switchesToOnDemand.size() >= SWITCHES_PER_DAY) {
      throw new EngineException(
          ErrorType.LIMIT_EXCEEDED,
          "Subscriber limit exceeded: Update to PayPerRequest mode are limited to "
              + SWITCHES_PER_DAY
              + " times in 1 day(s). Last update at "
              + switchesToOnDemand.peekLast()
              + ". Next update can be made at "
              + switchesToOnDemand.peekFirst().plus(Duration.ofDays(1)));
    }
  }

  /** Records a switch to on demand checked by {@link #checkSwitchToOnDemand}. */
  public synchronized void recordSwitchToOnDemand(Instant now) {
    switchesToOnDemand.addLast(now);
  }

  /** Puts the history into a ProvisionedThroughput description. */
  synchronized void describe(Map<String, Object> description, Instant now) {
    if (lastIncrease != null) {
      description.put("LastIncreaseDateTime", TableDescriber.epochSeconds(lastIncrease));
    }
    if (lastDecrease != null) {
      description.put("LastDecreaseDateTime", TableDescriber.epochSeconds(lastDecrease));
    }
    description.put("NumberOfDecreasesToday", (long) decreasesOn(today(now)));
  }

  private int decreasesOn(LocalDate date) {
    return date.equals(day) ? decreasesThatDay : 0;
  }

  private static boolean decreases(Throughput from, Throughput to) {
    return to.readCapacityUnits() < from.readCapacityUnits()
        || to.writeCapacityUnits() < from.writeCapacityUnits();
  }

  private static LocalDate today(Instant now) {
    return LocalDate.ofInstant(now, ZoneOffset.UTC);
  }

  /** The history as a tree the catalog stores. */
  synchronized Map<String, Object> state() {
    Map<String, Object> m = new LinkedHashMap<>();
    if (day != null) {
      m.put("day", day.toString());
    }
    m.put("decreasesThatDay", (long) decreasesThatDay);
    if (lastDecrease != null) {
      m.put("lastDecrease", lastDecrease.toString());
    }
    if (lastIncrease != null) {
      m.put("lastIncrease", lastIncrease.toString());
    }
    List<Object> switches = new ArrayList<>();
    for (Instant at : switchesToOnDemand) {
      switches.add(at.toString());
    }
    m.put("switchesToOnDemand", switches);
    return m;
  }

  /** Restores a history from {@link #state}. */
  synchronized void restore(Map<String, Object> m) {
    day = m.get("day") == null ? null : LocalDate.parse((String) m.get("day"));
    decreasesThatDay = ((Number) m.get("decreasesThatDay")).intValue();
    lastDecrease = TableRecord.instant(m.get("lastDecrease"));
    lastIncrease = TableRecord.instant(m.get("lastIncrease"));
    switchesToOnDemand.clear();
    for (Object at : (List<?>) m.get("switchesToOnDemand")) {
      switchesToOnDemand.addLast(Instant.parse((String) at));
    }
  }
}
