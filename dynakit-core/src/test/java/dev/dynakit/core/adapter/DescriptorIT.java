package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.batch.ActionKind;
import dev.dynakit.core.batch.Batches;
import dev.dynakit.core.batch.TransactionFailedException;
import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.FieldPath;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Transaction actions built as the single writes build them, composed by the caller. */
@DynakitTest
class DescriptorIT {
  static final Map<String, Object> DALLAS_1 = Rentals.key("TX", "Dallas", 1);
  static final Map<String, Object> DALLAS_2 = Rentals.key("TX", "Dallas", 2);

  DynamoDbClient client;
  Adapter adapter;
  Batches batches;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    adapter = Rentals.adapter(client);
    batches = Batches.builder(client).build();
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 10));
    adapter.post(Rentals.car("TX", "Dallas", 2, "free", 20));
  }

  @Test
  void actions_composeIntoOneTransaction_preparedAsSingleWrites() {
    List<TransactWriteItem> actions =
        List.of(
            adapter.makePost(Rentals.car("TX", "Austin", 3, "free", 30), WriteOptions.defaults()),
            adapter.makePatch(
                DALLAS_1, Patch.of(Map.of("status", "rented")), WriteOptions.expectingVersion(1)),
            adapter.makeDelete(DALLAS_2, WriteOptions.expectingVersion(1)),
            adapter.makeCheck(
                Rentals.key("TX", "Dallas", 9), new Cond.NotExists(FieldPath.of("state"))));

    batches.transactWrite(actions);

    Map<String, Object> posted = adapter.getByKey(Rentals.key("TX", "Austin", 3)).orElseThrow();
    assertThat(posted).containsEntry("_v", BigDecimal.ONE).containsEntry("kind", "car");
    assertThat(adapter.getByKey(DALLAS_1).orElseThrow())
        .containsEntry("status", "rented")
        .containsEntry("_v", new BigDecimal(2));
    assertThat(adapter.getByKey(DALLAS_2)).isEmpty();
    TransactWriteItem post = actions.get(0);
    assertThat(post.put().item())
        .containsKey("_search-name")
        .containsEntry("_sk", AttributeValue.fromS("TX|Austin|00003"));
  }

  @Test
  void aStaleVersion_cancelsTheTransaction_explainedPerAction() {
    adapter.patch(DALLAS_1, Patch.of(Map.of("price", 11)));
    List<TransactWriteItem> actions =
        List.of(
            adapter.makePut(
                Rentals.car("TX", "Dallas", 2, "sold", 20), WriteOptions.expectingVersion(1)),
            adapter.makePatch(
                DALLAS_1, Patch.of(Map.of("status", "rented")), WriteOptions.expectingVersion(1)));

    assertThatThrownBy(() -> batches.transactWrite(actions))
        .isInstanceOfSatisfying(
            TransactionFailedException.class,
            e -> {
              assertThat(e.failures())
                  .singleElement()
                  .satisfies(
                      f -> {
                        assertThat(f.index()).isEqualTo(1);
                        assertThat(f.kind()).isEqualTo(ActionKind.UPDATE);
                        assertThat(f.key())
                            .containsEntry("_sk", AttributeValue.fromS("TX|Dallas|00001"));
                        assertThat(f.item()).containsEntry("_v", AttributeValue.fromN("2"));
                      });
            });
    assertThat(adapter.getByKey(DALLAS_2).orElseThrow()).containsEntry("status", "free");
  }

  @Test
  void validationHooks_runWhenAnActionIsBuilt() {
    Hooks refuse =
        new Hooks() {
          @Override
          public void validateItem(Map<String, Object> item, WriteContext context) {
            if ("sold".equals(item.get("status"))) {
              throw new IllegalArgumentException("no sales here");
            }
          }
        };
    Adapter strict = Adapter.builder(Rentals.spec(), client).hooks(refuse).build();

    assertThatThrownBy(
            () ->
                strict.makePut(
                    Rentals.car("TX", "Dallas", 2, "sold", 20), WriteOptions.overwriting()))
        .hasMessage("no sales here");
    assertThatThrownBy(
            () ->
                strict.makePatch(
                    DALLAS_1, Patch.of(Map.of("status", "sold")), WriteOptions.defaults()))
        .hasMessage("no sales here");
    assertThat(
            strict
                .makePut(
                    Rentals.car("TX", "Dallas", 2, "sold", 20),
                    WriteOptions.builder().overwrite().skipValidation().build())
                .put())
        .isNotNull();
  }

  @Test
  void makeGet_readsInATransaction() {
    List<Map<String, AttributeValue>> items =
        batches.transactGet(
            List.of(
                adapter.makeGet(DALLAS_2, "price"),
                adapter.makeGet(Rentals.key("TX", "Dallas", 7)),
                adapter.makeGet(DALLAS_1)));

    assertThat(items.get(0))
        .containsEntry("price", AttributeValue.fromN("20"))
        .doesNotContainKey("status");
    assertThat(items.get(1)).isNull();
    assertThat(adapter.revive(items.get(2)))
        .containsEntry("status", "free")
        .doesNotContainKey("_sk");
  }
}
