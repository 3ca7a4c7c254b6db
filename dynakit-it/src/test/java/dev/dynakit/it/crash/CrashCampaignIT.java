package dev.dynakit.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.it.ChildJvm;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash campaign: cycle after cycle, a child JVM ({@link CrashLoad}) opens the on-disk engine
 * on one data directory and runs a mixed write load while a new GSI backfills; this test SIGKILLs
 * it at a random moment, then opens the directory as a restart would and checks it ({@link
 * CrashVerifier}): every acknowledged write present, no unanswered or cancelled request half
 * applied, every index the projection of its table, the table's stream a record of exactly the
 * stored changes.
 *
 * <p>Bounded in the build ({@code crash.cycles}, 3 by default); {@code tools/crash-campaign} runs
 * it at full size.
 */
class CrashCampaignIT {
  private static final int CYCLES = Integer.getInteger("crash.cycles", 3);

  @TempDir Path dir;

  @Test
  void killedAtRandomMoments_everyRestartHoldsExactlyTheAcknowledgedWrites() throws Exception {
    long seed = Long.getLong("crash.seed", 26L);
    Random random = new Random(seed);
    Path data = dir.resolve("data");
    Path log = dir.resolve("events.log");
    Path childLog = dir.resolve("child.log");
    long started = System.nanoTime();
    int applied = 0;
    int notApplied = 0;
    int backfills = 0;
    CrashVerifier.Result last = null;
    for (int cycle = 0; cycle < CYCLES; cycle++) {
      Process child =
          ChildJvm.start(
              CrashLoad.class,
              childLog,
              data.toString(),
              log.toString(),
              Integer.toString(cycle),
              Long.toString(seed + cycle));
      // the first cycle fills the table, so that later cycles' GSIs have a backfill to interrupt
      awaitAcknowledgements(child, log, childLog, cycle, cycle == 0 ? 120 : 1 + random.nextInt(60));
      LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(random.nextInt(300_000)));
      assertThat(child.isAlive()).as("the load runs until killed; %s", read(childLog)).isTrue();
      child.destroyForcibly();
      assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
      last = CrashVerifier.verify(data, log);
      applied += last.inFlightApplied();
      notApplied += last.inFlightNotApplied();
      backfills += last.backfillInterrupted() ? 1 : 0;
    }
    System.out.printf(
        "crash campaign: %d cycles (seed %d), %d SIGKILLs, %d acknowledged writes and %d cancelled"
            + " transactions all as logged, %d unanswered requests applied whole and %d not at all,"
            + " %d kills during a GSI backfill, %d items and %d GSIs equal to their projection"
            + " after the last restart, a stream of %d records in %d shards that replays to the"
            + " table, %d s: exact%n",
        CYCLES,
        seed,
        CYCLES,
        last.acknowledged(),
        last.cancelled(),
        applied,
        notApplied,
        backfills,
        last.items(),
        last.indexes(),
        last.streamRecords(),
        last.shards(),
        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
    assertThat(last.acknowledged()).isPositive();
  }

  /**
   * Waits until the cycle's load started and acknowledged {@code count} requests, reading only what
   * the event log gained since the cycle began.
   */
  private static void awaitAcknowledgements(
      Process child, Path log, Path childLog, int cycle, int count) throws Exception {
    long from = Files.exists(log) ? Files.size(log) : 0;
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    String started = "S " + cycle + "\n";
    while (true) {
      String added = "";
      if (Files.exists(log)) {
        try (FileChannel channel = FileChannel.open(log, StandardOpenOption.READ)) {
          ByteBuffer buffer = ByteBuffer.allocate((int) Math.max(0, channel.size() - from));
          channel.read(buffer, from);
          added = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
        }
      }
      int start = added.indexOf(started);
      if (start >= 0 && added.substring(start).split("\nA ", -1).length - 1 >= count) {
        return;
      }
      assertThat(child.isAlive()).as("the load died: %s", read(childLog)).isTrue();
      assertThat(System.nanoTime()).as("the load never started").isLessThan(deadline);
      // polling the log the child writes: a millisecond between looks leaves the cores to it
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }

  private static String read(Path file) throws java.io.IOException {
    return Files.exists(file) ? Files.readString(file) : "";
  }
}
