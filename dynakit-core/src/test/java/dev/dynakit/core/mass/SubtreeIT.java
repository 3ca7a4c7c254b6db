package dev.dynakit.core.mass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.CascadeNotDeclaredException;
import dev.dynakit.core.InvalidTokenException;
import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Hooks;
import dev.dynakit.core.adapter.WriteContext;
import dev.dynakit.test.DynakitTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Subtree macros and cascades: scope, gating, validation, tokens. */
@DynakitTest
class SubtreeIT {
  /** Refuses any car whose model is "bad". */
  private static final Hooks NO_BAD_MODELS =
      new Hooks() {
        @Override
        public void validateItem(Map<String, Object> item, WriteContext context) {
          if ("bad".equals(item.get("model"))) {
            throw new IllegalArgumentException("bad model");
          }
        }
      };

  private DynamoDbClient client;
  private Adapter adapter;
  private MassOperations mass;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    adapter = Fleet.adapter(client, NO_BAD_MODELS);
    mass = MassOperations.of(adapter, client);
    List<Map<String, Object>> items = new ArrayList<>(Fleet.cars("TX", "Dallas", 40));
    items.add(Fleet.cityRow("TX", "Dallas"));
    mass.putAll(items);
  }

  private Map<String, Integer> census() {
    return Fleet.census(client, Fleet.TABLE);
  }

  @Test
  void cascades_needDeclaredRelationships() {
    Adapter plain =
        Fleet.adapter(client, Fleet.spec("plain").structuralRelationships(false).build());
    MassOperations other = MassOperations.of(plain, client);

    assertThatThrownBy(
            () -> other.deleteAllUnder(Fleet.city("TX", "Dallas"), MassOptions.defaults()))
        .isInstanceOf(CascadeNotDeclaredException.class)
        .hasMessageContaining(
            "deleteAllUnder needs table 'plain' to declare structural relationships");
    assertThat(
            other
                .rename(Fleet.city("TX", "A"), Fleet.city("TX", "B"), MassOptions.defaults())
                .complete())
        .isTrue();
  }

  @Test
  void overlappingSubtrees_areRefused() {
    assertThatThrownBy(
            () ->
                mass.moveAllUnder(
                    Fleet.city("TX", "Dallas"),
                    Fleet.key("TX", "Dallas", 3),
                    MassOptions.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("name other key fields");
    assertThatThrownBy(
            () ->
                mass.cloneAllUnder(
                    Map.of("state", "TX"), Fleet.city("TX", "Dallas"), MassOptions.defaults()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                mass.rename(
                    Fleet.city("TX", "Dallas"), Fleet.city("TX", "Dallas"), MassOptions.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("overlap");
  }

  @Test
  void validationHooks_runOnEveryWritePath() {
    mass.putAll(
        List.of(badCar("TX", "Dallas", 100)), MassOptions.builder().skipValidation().build());
    MassResult put = mass.putAll(List.of(badCar("TX", "Dallas", 101)));
    assertThat(put.failed())
        .singleElement()
        .satisfies(f -> assertThat(f.reason()).isEqualTo("InvalidItem"));

    MassResult clone =
        mass.cloneAllUnder(
            Fleet.city("TX", "Dallas"), Fleet.city("TX", "Austin"), MassOptions.defaults());
    assertThat(clone.processed()).isEqualTo(41);
    assertThat(clone.failed())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.key().get("_sk").s()).isEqualTo("TX|Dallas|00100");
              assertThat(f.message()).contains("bad model");
            });

    MassResult move =
        mass.moveAllUnder(
            Fleet.city("TX", "Dallas"), Fleet.city("TX", "Waco"), MassOptions.defaults());
    assertThat(move.processed()).isEqualTo(41);
    assertThat(move.failed()).hasSize(1);
    assertThat(census()).containsKey("TX|Dallas|00100").doesNotContainKey("TX|Waco|00100");

    MassResult forced =
        mass.rename(
            Fleet.city("TX", "Dallas"),
            Fleet.city("TX", "Waco"),
            MassOptions.builder().skipValidation().build());
    assertThat(forced.processed()).isEqualTo(1);
    assertThat(census()).containsKey("TX|Waco|00100");
  }

  @Test
  void cloneAllUnder_stoppedOnItsBudget_resumesWithTheChildren() {
    MassResult first =
        mass.cloneAllUnder(
            Fleet.city("TX", "Dallas"),
            Fleet.city("TX", "Austin"),
            MassOptions.builder().maxItems(5).build());
    assertThat(first.processed()).isEqualTo(5);
    assertThat(census()).containsKey("TX|Austin").hasSize(41 + 5);

    MassResult rest =
        mass.cloneAllUnder(
            Fleet.city("TX", "Dallas"),
            Fleet.city("TX", "Austin"),
            MassOptions.builder().resumeToken(first.resumeToken()).build());
    assertThat(rest.processed()).isEqualTo(36);
    assertThat(rest.complete()).isTrue();
    assertThat(census()).hasSize(82);
  }

  @Test
  void tokens_alteredOrForAnotherOperationOrTable_areRefused() {
    MassResult first =
        mass.moveAllUnder(
            Fleet.city("TX", "Dallas"),
            Fleet.city("TX", "Austin"),
            MassOptions.builder().maxItems(3).build());
    String token = first.resumeToken();
    assertThat(token).isNotNull();

    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      String altered = token.substring(0, i) + (c == 'A' ? 'B' : 'A') + token.substring(i + 1);
      assertThatThrownBy(
              () ->
                  mass.moveAllUnder(
                      Fleet.city("TX", "Dallas"),
                      Fleet.city("TX", "Austin"),
                      MassOptions.builder().resumeToken(altered).build()))
          .isInstanceOf(InvalidTokenException.class);
    }
    assertThatThrownBy(
            () ->
                mass.deleteAllUnder(
                    Fleet.city("TX", "Dallas"), MassOptions.builder().resumeToken(token).build()))
        .isInstanceOf(InvalidTokenException.class)
        .hasMessage(
            "the token was made by moveAllUnder on table fleet; it cannot continue deleteAllUnder on table fleet");
    assertThatThrownBy(
            () ->
                mass.moveAllUnder(
                    Fleet.city("TX", "Dallas"),
                    Fleet.city("TX", "Waco"),
                    MassOptions.builder().resumeToken(token).build()))
        .isInstanceOf(InvalidTokenException.class)
        .hasMessageContaining("with other parameters");
    Adapter elsewhere = Fleet.adapter(client, Fleet.spec("fleet2").build());
    MassOperations sameKey = MassOperations.builder(elsewhere, client).build();
    assertThatThrownBy(
            () ->
                sameKey.moveAllUnder(
                    Fleet.city("TX", "Dallas"),
                    Fleet.city("TX", "Austin"),
                    MassOptions.builder().resumeToken(token).build()))
        .isInstanceOf(InvalidTokenException.class);
    assertThat(census()).hasSize(41);
  }

  @Test
  void tokens_withASharedKey_workAcrossInstances_andNameTheTable() {
    byte[] secret =
        "a secret of at least sixteen bytes".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    MassOperations one = MassOperations.builder(adapter, client).tokenKey(secret).build();
    MassOperations two = MassOperations.builder(adapter, client).tokenKey(secret).build();
    Adapter elsewhere = Fleet.adapter(client, Fleet.spec("fleet2").build());
    MassOperations three = MassOperations.builder(elsewhere, client).tokenKey(secret).build();

    MassResult first =
        one.deleteAllUnder(Fleet.city("TX", "Dallas"), MassOptions.builder().maxItems(10).build());

    assertThatThrownBy(
            () ->
                three.deleteAllUnder(
                    Fleet.city("TX", "Dallas"),
                    MassOptions.builder().resumeToken(first.resumeToken()).build()))
        .isInstanceOf(InvalidTokenException.class)
        .hasMessage(
            "the token was made by deleteAllUnder on table fleet; it cannot continue deleteAllUnder on table fleet2");
    MassResult rest =
        two.deleteAllUnder(
            Fleet.city("TX", "Dallas"),
            MassOptions.builder().resumeToken(first.resumeToken()).build());
    assertThat(first.processed() + rest.processed()).isEqualTo(41);
    assertThat(census()).isEmpty();
  }

  private static Map<String, Object> badCar(String state, String city, int car) {
    Map<String, Object> item = Fleet.car(state, city, car);
    item.put("model", "bad");
    return item;
  }
}
