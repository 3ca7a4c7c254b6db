package dev.dynakit.it.mass;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.mass.MassOperations;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import dev.dynakit.it.ChildJvm;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * The process-kill campaign: a child JVM ({@link MassChild}) runs a mass operation against an
 * engine served over HTTP by this JVM (so the data outlives the child), recording every checkpoint
 * token durably; this test kills it with SIGKILL at random points (after one or two new checkpoints
 * and a random delay, so mid-request as well as between slices), starts it again from its last
 * checkpoint, and repeats until the work is done. Then the content shows every item handled exactly
 * once: each copy or moved item carries its counter bumped once and version 1, nothing is in two
 * places or in none, and nothing outside the scope changed.
 *
 * <p>Bounded in the build ({@code kill.items} items and {@code kill.kills} kills per operation);
 * {@code tools/kill-campaign} runs it at full size.
 */
class KillCampaignIT {
  private static final int ITEMS = Integer.getInteger("kill.items", 400);
  private static final int KILLS = Integer.getInteger("kill.kills", 1);
  private static final int OUTSIDE = 20;

  private static DynakitEngine engine;
  private static EngineServer server;
  private static DynamoDbClient client;
  private final Random random = new Random(Long.getLong("kill.seed", 24L));

  @TempDir Path dir;

  @BeforeAll
  static void serve() {
    engine = DynakitEngine.inMemory();
    server = EngineServer.start(engine, "127.0.0.1", 0);
    client = DynakitClients.http(server.endpoint());
  }

  @AfterAll
  static void stop() {
    client.close();
    server.close();
    engine.close();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"delete", "clone", "move", "rename", "cloneWithOverwrite"})
  void killedAtRandomPointsAndResumed_handlesEveryItemExactlyOnce(String operation)
      throws Exception {
    String table = "kill_" + operation;
    TableProvisioner.of(client).ensure(KillFleet.spec(table));
    Adapter adapter = KillFleet.adapter(client, table);
    MassOperations mass = MassOperations.of(adapter, client);
    List<Map<String, Object>> seed = new ArrayList<>(KillFleet.cars(KillFleet.FROM, ITEMS, "m"));
    seed.addAll(KillFleet.cars("Houston", OUTSIDE, "outside"));
    if (operation.equals("cloneWithOverwrite")) {
      // stale destination items: some at keys the copy writes, some at keys it does not
      for (int car = 1; car < ITEMS + 40; car += 3) {
        seed.add(KillFleet.car(KillFleet.TO, car, "stale"));
      }
    }
    assertThat(mass.putAll(seed).processed()).isEqualTo(seed.size());

    int kills = campaign(table, operation);

    System.out.printf(
        "kill campaign: %s of %d items, %d SIGKILLs, resumed each time from the last"
            + " checkpoint: exact%n",
        operation, ITEMS, kills);
    assertThat(kills).isEqualTo(KILLS);
    check(operation, census(adapter));
  }

  /** Runs the child until it reports the work done, killing it {@link #KILLS} times; the kills. */
  private int campaign(String table, String operation) throws Exception {
    Path checkpoint = dir.resolve(operation + ".checkpoint");
    Path log = dir.resolve(operation + ".log");
    int kills = 0;
    for (int run = 0; run < KILLS + 20; run++) {
      Process child = start(table, operation, checkpoint, log);
      if (kills < KILLS && awaitCheckpoints(child, checkpoint, 1 + random.nextInt(2))) {
        LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(random.nextInt(20_000)));
        child.destroyForcibly();
        child.waitFor();
        if (MassChild.DONE.equals(read(checkpoint))) {
          return kills; // the kill came after the work was done: it interrupted nothing
        }
        kills++;
        continue;
      }
      assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("the child finishes").isTrue();
      if (MassChild.DONE.equals(read(checkpoint))) {
        assertThat(child.exitValue()).as("child log:%n%s", Files.readString(log)).isZero();
        return kills;
      }
      assertThat(child.exitValue()).as("child log:%n%s", Files.readString(log)).isZero();
    }
    throw new AssertionError("the operation never finished; child log:\n" + Files.readString(log));
  }

  private Process start(String table, String operation, Path checkpoint, Path log)
      throws IOException {
    return ChildJvm.start(
        MassChild.class,
        log,
        server.endpoint().toString(),
        table,
        operation,
        checkpoint.toString());
  }

  /**
   * Waits until the checkpoint file changed {@code count} times; false when the child exited or
   * reported the work done.
   */
  private static boolean awaitCheckpoints(Process child, Path checkpoint, int count)
      throws IOException {
    String last = read(checkpoint);
    int seen = 0;
    while (seen < count) {
      if (!child.isAlive()) {
        return false;
      }
      String now = read(checkpoint);
      if (now.equals(MassChild.DONE)) {
        return false; // too late to interrupt anything: let it finish
      }
      if (!now.equals(last)) {
        seen++;
        last = now;
      }
      Thread.onSpinWait();
    }
    return child.isAlive();
  }

  private static String read(Path file) throws IOException {
    try {
      return Files.readString(file).strip();
    } catch (NoSuchFileException e) {
      return "";
    }
  }

  /** The table's items by structural key, revived. */
  private static Map<String, Map<String, Object>> census(Adapter adapter) {
    Map<String, Map<String, Object>> items = new TreeMap<>();
    ScanRequest scan = ScanRequest.builder().tableName(adapter.tableName()).build();
    for (Map<String, AttributeValue> stored : client.scanPaginator(scan).items()) {
      Object previous = items.put(stored.get("_sk").s(), adapter.revive(stored));
      assertThat(previous).as("one item per key").isNull();
    }
    return items;
  }

  private static String sk(String city, int car) {
    return "TX|" + city + "|" + String.format("%06d", car);
  }

  private static void check(String operation, Map<String, Map<String, Object>> items) {
    boolean sourceStays = operation.equals("clone") || operation.equals("cloneWithOverwrite");
    boolean copied = !operation.equals("delete");
    for (int car = 0; car < ITEMS; car++) {
      Map<String, Object> source = items.get(sk(KillFleet.FROM, car));
      if (sourceStays) {
        assertThat(source).as("source car %d untouched", car).isNotNull();
        assertThat(source)
            .containsEntry("counter", BigDecimal.valueOf(car * 3L))
            .containsEntry("_v", BigDecimal.ONE);
      } else {
        assertThat(source).as("source car %d gone", car).isNull();
      }
      Map<String, Object> copy = items.get(sk(KillFleet.TO, car));
      if (copied) {
        assertThat(copy).as("car %d at the destination", car).isNotNull();
        assertThat(copy)
            .as("car %d handled exactly once", car)
            .containsEntry("counter", BigDecimal.valueOf(car * 3L + 1))
            .containsEntry("model", "m")
            .containsEntry("_v", BigDecimal.ONE)
            .containsEntry("tags", List.of("a", BigDecimal.valueOf(car % 7)));
      } else {
        assertThat(copy).isNull();
      }
    }
    for (int car = 0; car < OUTSIDE; car++) {
      assertThat(items.get(sk("Houston", car)))
          .as("outside the scope")
          .containsEntry("counter", BigDecimal.valueOf(car * 3L))
          .containsEntry("_v", BigDecimal.ONE);
    }
    int expected = OUTSIDE + (sourceStays ? ITEMS : 0) + (copied ? ITEMS : 0);
    assertThat(items).as("nothing lost, nothing extra (no stale items left)").hasSize(expected);
  }
}
