package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.KeyFieldChangedException;
import dev.dynakit.core.batch.Tables;
import dev.dynakit.test.DynakitTest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/** Edit: read, map, write the difference. */
@DynakitTest
class EditIT {
  static final Map<String, Object> KEY = Rentals.key("TX", "Dallas", 42);

  DynamoDbClient client;
  Adapter adapter;
  List<UpdateItemRequest> updates = new ArrayList<>();

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    TestTables.create(client, Rentals.spec());
    DynamoDbClient watched =
        new ForwardingClient(client) {
          @Override
          public UpdateItemResponse updateItem(UpdateItemRequest request) {
            updates.add(request);
            return super.updateItem(request);
          }
        };
    this.adapter = Adapter.builder(Rentals.spec(), watched).build();
    Map<String, Object> car =
        new java.util.LinkedHashMap<>(Rentals.car("TX", "Dallas", 42, "free", 30));
    car.put("notes", "scratched");
    adapter.post(car);
  }

  private Map<String, AttributeValue> stored() {
    return Tables.scan(client, Rentals.TABLE).get(0);
  }

  @Test
  void edit_writesOnlyTheDifference() {
    Map<String, Object> after =
        adapter
            .edit(
                KEY,
                item -> {
                  item.put("status", "rented");
                  item.remove("notes");
                  return item;
                })
            .orElseThrow();
    assertThat(after)
        .containsEntry("status", "rented")
        .containsEntry("_v", new BigDecimal(2))
        .doesNotContainKey("notes");
    assertThat(updates)
        .singleElement()
        .satisfies(
            update -> {
              assertThat(update.expressionAttributeNames().values())
                  .containsExactlyInAnyOrder("status", "notes", "_v");
            });
    assertThat(stored().get("status").s()).isEqualTo("rented");
    assertThat(stored()).doesNotContainKey("notes").containsKeys("_sk", "_search-name");
  }

  @Test
  void edit_changingASearchableField_rewritesItsMirror() {
    adapter.edit(
        KEY,
        item -> {
          item.put("name", "Red Van");
          return item;
        });
    assertThat(stored().get("_search-name").s()).isEqualTo("red van");
  }

  @Test
  void edit_removingASearchableField_removesItsMirror() {
    adapter.edit(
        KEY,
        item -> {
          item.remove("name");
          return item;
        });
    assertThat(stored()).doesNotContainKey("_search-name").doesNotContainKey("name");
    ListOptions search = ListOptions.builder().search("car 42").build();
    assertThat(adapter.list(search).items()).isEmpty();
  }

  @Test
  void edit_withoutChanges_writesNothing() {
    assertThat(adapter.edit(KEY, item -> item).orElseThrow()).containsEntry("status", "free");
    assertThat(updates).isEmpty();
  }

  @Test
  void edit_missingItemOrNullMapping_isEmpty() {
    assertThat(adapter.edit(Rentals.key("TX", "Dallas", 1), item -> item)).isEmpty();
    assertThat(adapter.edit(KEY, item -> null)).isEmpty();
    assertThat(updates).isEmpty();
  }

  @Test
  void edit_changingAKeyField_isRefusedUnlessAllowed() {
    assertThatThrownBy(
            () ->
                adapter.edit(
                    KEY,
                    item -> {
                      item.put("car", 43);
                      return item;
                    }))
        .isInstanceOfSatisfying(
            KeyFieldChangedException.class, e -> assertThat(e.fields()).containsExactly("car"));
    assertThat(stored().get("_sk").s()).isEqualTo("TX|Dallas|00042");
  }

  @Test
  void edit_keepsTechnicalFieldsTheCallerNeverSaw() {
    Adapter stamping =
        Adapter.builder(Rentals.spec(), client)
            .hooks(CannedHooks.createdAt("_createdAt", TimeFormat.ISO))
            .build();
    client.updateItem(
        b ->
            b.tableName(Rentals.TABLE)
                .key(
                    Map.of(
                        "state",
                        AttributeValue.fromS("TX"),
                        "_sk",
                        AttributeValue.fromS("TX|Dallas|00042")))
                .updateExpression("SET #m = :m")
                .expressionAttributeNames(Map.of("#m", "_marker"))
                .expressionAttributeValues(Map.of(":m", AttributeValue.fromS("kept"))));
    stamping.edit(
        KEY,
        item -> {
          item.put("price", 31);
          return item;
        });
    assertThat(stored().get("_marker").s()).isEqualTo("kept");
    assertThat(stored().get("price").n()).isEqualTo("31");
    assertThat(stored()).containsKey("_createdAt");
    assertThat(stamping.getByKey(KEY).orElseThrow()).containsEntry("price", new BigDecimal(31));
  }
}
