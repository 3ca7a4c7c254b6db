package dev.dynakit.engine.internal.table;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The control-plane latency of an engine: how long CreateTable, UpdateTable and DeleteTable keep a
 * table CREATING, UPDATING or DELETING before the change completes, as DynamoDB's do. Off ({@link
 * #NONE}) by default, when every change completes within its request.
 *
 * <p>A change that takes time is a step due at a time of the engine's clock: no thread waits for
 * it. Every request first {@link #settle settles} the steps that are due (see {@link
 * TableStateGate}), so a test that moves a manual clock past the latency sees the table ACTIVE at
 * its next request, and a client polling DescribeTable against the system clock sees it once the
 * time has passed. A table's steps complete in the order they were scheduled.
 */
public final class TableTransitions {
  /** No latency: tables are ACTIVE within the request that changes them. */
  public static final TableTransitions NONE =
      new TableTransitions(Clock.systemUTC(), Duration.ZERO);

  private final Clock clock;
  private final Duration latency;
  // guarded by this; a table's steps in the order they are due
  private final Map<Table, ArrayDeque<Step>> pending = new LinkedHashMap<>();
  // taken while steps run, so that two settling requests never run one table's steps out of order
  private final Object running = new Object();

  private record Step(Instant due, Runnable change) {}

  /**
   * Transitions that take {@code latency} by {@code clock}.
   *
   * @throws IllegalArgumentException if the latency is negative
   */
  public TableTransitions(Clock clock, Duration latency) {
    this.clock = Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(latency, "latency");
    if (latency.isNegative()) {
      throw new IllegalArgumentException("table latency must not be negative: " + latency);
    }
    this.latency = latency;
  }

  /** Whether changes take time at all. */
  public boolean enabled() {
    return !latency.isZero();
  }

  /**
   * Schedules {@code change} to run once the latency has passed from now, and after every step
   * scheduled for the table before.
   */
  public synchronized void after(Table table, Runnable change) {
    ArrayDeque<Step> steps = pending.computeIfAbsent(table, t -> new ArrayDeque<>());
    Instant due = clock.instant().plus(latency);
    if (!steps.isEmpty() && steps.peekLast().due().isAfter(due)) {
      due = steps.peekLast().due();
    }
    steps.addLast(new Step(due, change));
  }

  /** Runs every step whose time has come, each table's in order. */
  public void settle() {
    if (!enabled()) {
      return;
    }
    synchronized (running) {
      for (Runnable change : due(clock.instant())) {
        change.run();
      }
    }
  }

  private synchronized List<Runnable> due(Instant now) {
    if (pending.isEmpty()) {
      return List.of();
    }
    List<Runnable> out = new ArrayList<>();
    for (Iterator<ArrayDeque<Step>> it = pending.values().iterator(); it.hasNext(); ) {
      ArrayDeque<Step> steps = it.next();
      while (!steps.isEmpty() && !steps.peekFirst().due().isAfter(now)) {
        out.add(steps.pollFirst().change());
      }
      if (steps.isEmpty()) {
        it.remove();
      }
    }
    return out;
  }
}
