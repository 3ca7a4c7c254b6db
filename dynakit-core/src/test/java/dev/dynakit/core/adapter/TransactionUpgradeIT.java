package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.ItemExistsException;
import dev.dynakit.core.TransactionLimitExceededException;
import dev.dynakit.core.VersionConflictException;
import dev.dynakit.core.batch.Tables;
import dev.dynakit.core.expr.Cond;
import dev.dynakit.test.DynakitTest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A write whose consistency checks return actions is sent as one TransactWriteItems, checks first;
 * a failed check cancels it, so nothing is written.
 */
@DynakitTest
class TransactionUpgradeIT {
  /** A car may be written only below an existing city. */
  static final Hooks PARENT_EXISTS =
      new Hooks() {
        @Override
        public List<TransactWriteItem> checkConsistency(PlannedWrite write) {
          Map<String, Object> key = write.key();
          if (write.context().kind() == WriteKind.DELETE || !key.containsKey("car")) {
            return List.of();
          }
          return List.of(
              write
                  .context()
                  .adapter()
                  .conditionCheck(
                      Map.of("state", key.get("state"), "city", key.get("city")),
                      Cond.exists("state")));
        }
      };

  DynamoDbClient client;
  Adapter adapter;
  List<RequestEvent> events = new ArrayList<>();

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    adapter =
        TestTables.adapterFor(client, Rentals.spec())
            .hooks(PARENT_EXISTS)
            .listener(events::add)
            .build();
  }

  private List<Map<String, AttributeValue>> stored() {
    return Tables.scan(client, Rentals.TABLE);
  }

  @Test
  void writesWithChecks_areSentAsATransaction() {
    adapter.post(Map.of("state", "TX", "city", "Dallas"));
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThat(adapter.patch(Rentals.key("TX", "Dallas", 1), Patch.of(Map.of("price", 2))))
        .isEmpty();
    assertThat(events)
        .extracting(RequestEvent::operation)
        .containsExactly("PutItem", "TransactWriteItems", "TransactWriteItems");
    assertThat(adapter.getByKey(Rentals.key("TX", "Dallas", 1)).orElseThrow())
        .containsEntry("_v", java.math.BigDecimal.valueOf(2));
  }

  @Test
  void aFailedCheck_cancelsTheWrite_andNothingIsWritten() {
    assertThatThrownBy(() -> adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1)))
        .isInstanceOf(TransactionCanceledException.class);
    assertThat(stored()).isEmpty();
  }

  @Test
  void theWritesOwnFailure_isStillExplained() {
    adapter.post(Map.of("state", "TX", "city", "Dallas"));
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThatThrownBy(() -> adapter.post(Rentals.car("TX", "Dallas", 1, "rented", 1)))
        .isInstanceOf(ItemExistsException.class)
        .hasCauseInstanceOf(TransactionCanceledException.class);
    assertThatThrownBy(
            () ->
                adapter.patch(
                    Rentals.key("TX", "Dallas", 1),
                    Patch.of(Map.of("price", 5)),
                    WriteOptions.expectingVersion(7)))
        .isInstanceOf(VersionConflictException.class);
    assertThat(adapter.getByKey(Rentals.key("TX", "Dallas", 1)).orElseThrow())
        .containsEntry("status", "free");
  }

  @Test
  void tooManyActions_areRefusedBeforeSending() {
    Hooks many =
        new Hooks() {
          @Override
          public List<TransactWriteItem> checkConsistency(PlannedWrite write) {
            TransactWriteItem check =
                write
                    .context()
                    .adapter()
                    .conditionCheck(Map.of("state", "X"), Cond.exists("state"));
            return Collections.nCopies(100, check);
          }
        };
    Adapter adapter = Adapter.builder(Rentals.spec(), client).hooks(many).build();
    assertThatThrownBy(() -> adapter.post(Map.of("state", "TX")))
        .isInstanceOfSatisfying(
            TransactionLimitExceededException.class,
            e -> assertThat(e.actionCount()).isEqualTo(101));
    assertThat(stored()).isEmpty();
  }
}
