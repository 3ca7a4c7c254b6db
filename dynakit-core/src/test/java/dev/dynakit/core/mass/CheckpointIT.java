package dev.dynakit.core.mass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Checkpoints: after every slice a resumable operation tells its checkpoint listener the token that
 * resumes right after that slice, and progress reports carry the current token.
 */
class CheckpointIT {
  private static final int CARS = 730;

  private DynakitEngine engine;
  private DynamoDbClient client;
  private Adapter adapter;
  private MassOperations mass;

  @BeforeEach
  void start() {
    engine = DynakitEngine.inMemory();
    client = DynakitClients.inProcess(engine);
    adapter = Fleet.adapter(client);
    mass = MassOperations.builder(adapter, client).tokenKey(new byte[32]).build();
    assertThat(mass.putAll(Fleet.cars("TX", "Dallas", CARS)).processed()).isEqualTo(CARS);
  }

  @AfterEach
  void stop() {
    client.close();
    engine.close();
  }

  private static ListOptions dallas() {
    return ListOptions.builder().example(Fleet.city("TX", "Dallas")).build();
  }

  private int left() {
    return Fleet.census(client, Fleet.TABLE).size();
  }

  @Test
  void checkpoints_comeAfterEverySlice_andEachResumesExactlyAfterIt() {
    List<Progress> checkpoints = new ArrayList<>();
    MassResult result =
        mass.delete(
            dallas(),
            MassOptions.builder().checkpoints(checkpoints::add).maxItems(450).wholeTable().build());

    // delete handles slices of 100: four whole slices and the fifth cut to 50 by the budget
    assertThat(checkpoints)
        .extracting(Progress::done)
        .containsExactly(100L, 200L, 300L, 400L, 450L);
    assertThat(checkpoints).allMatch(p -> p.resumeToken() != null && !p.finished());
    assertThat(left()).isEqualTo(CARS - 450);

    // the third checkpoint's token resumes after 300 items: the 150 deleted since are gone already,
    // so the resumed call deletes exactly the rest, and counts from 300
    List<Progress> resumed = new ArrayList<>();
    MassResult rest =
        mass.delete(
            dallas(),
            MassOptions.builder()
                .resumeToken(checkpoints.get(2).resumeToken())
                .checkpoints(resumed::add)
                .wholeTable()
                .build());
    assertThat(rest.complete()).isTrue();
    assertThat(rest.processed()).isEqualTo(CARS - 450);
    assertThat(left()).isZero();
    assertThat(resumed.get(0).done()).as("counted on from the token").isEqualTo(400);
    assertThat(result.resumeToken()).isEqualTo(checkpoints.get(4).resumeToken());
  }

  @Test
  void progressReports_carryTheToken_andTheLastOneNoneWhenComplete() {
    List<Progress> reports = new ArrayList<>();
    mass.delete(
        dallas(), MassOptions.builder().progress(reports::add).maxItems(200).wholeTable().build());
    Progress stopped = reports.get(reports.size() - 1);
    assertThat(stopped.finished()).isTrue();
    assertThat(stopped.resumeToken()).isNotNull();

    reports.clear();
    MassResult rest =
        mass.delete(
            dallas(),
            MassOptions.builder()
                .progress(reports::add)
                .resumeToken(stopped.resumeToken())
                .wholeTable()
                .build());
    assertThat(rest.processed()).isEqualTo(CARS - 200);
    Progress last = reports.get(reports.size() - 1);
    assertThat(last.finished()).isTrue();
    assertThat(last.resumeToken()).isNull();
    assertThat(last.done()).isEqualTo(CARS);
  }

  @Test
  void aCheckpointListenerThatFails_stopsTheCall_withTheTokenAfterThatSlice() {
    List<Progress> seen = new ArrayList<>();
    MassOptions failing =
        MassOptions.builder()
            .checkpoints(
                progress -> {
                  seen.add(progress);
                  if (progress.done() == 200) {
                    throw new IllegalStateException("disk full");
                  }
                })
            .wholeTable()
            .build();

    assertThatThrownBy(() -> mass.delete(dallas(), failing))
        .isInstanceOfSatisfying(
            MassOperationException.class,
            e -> {
              assertThat(e.getCause()).hasMessage("disk full");
              assertThat(e.resumeToken()).isEqualTo(seen.get(1).resumeToken());
              assertThat(e.partial().processed()).isEqualTo(200);
            });
    assertThat(left()).isEqualTo(CARS - 200);

    MassResult rest =
        mass.delete(
            dallas(),
            MassOptions.builder().resumeToken(seen.get(1).resumeToken()).wholeTable().build());
    assertThat(rest.processed()).isEqualTo(CARS - 200);
    assertThat(left()).isZero();
  }

  @Test
  void subtreeCheckpoints_recordThePhase_soACopyIsNeverClearedAgain() {
    List<Map<String, Object>> stale = Fleet.cars("TX", "Austin", 150);
    assertThat(mass.putAll(stale).processed()).isEqualTo(150);
    List<Progress> checkpoints = new ArrayList<>();
    mass.cloneWithOverwrite(
        Fleet.city("TX", "Dallas"),
        Fleet.city("TX", "Austin"),
        MassOptions.builder().checkpoints(checkpoints::add).maxItems(300).build());
    // clear: 100 + 50, then copy: 100 + 50; the last token is in the copy phase
    assertThat(checkpoints).extracting(Progress::done).containsExactly(100L, 150L, 250L, 300L);

    MassResult rest =
        mass.cloneWithOverwrite(
            Fleet.city("TX", "Dallas"),
            Fleet.city("TX", "Austin"),
            MassOptions.builder().resumeToken(checkpoints.get(3).resumeToken()).build());
    assertThat(rest.processed()).isEqualTo(CARS - 150);
    assertThat(Fleet.census(client, Fleet.TABLE)).hasSize(2 * CARS);
  }
}
