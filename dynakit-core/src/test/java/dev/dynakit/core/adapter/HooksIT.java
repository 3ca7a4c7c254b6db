package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.batch.Tables;
import dev.dynakit.core.expr.Cond;
import dev.dynakit.test.DynakitTest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Hooks: where each runs, what it sees, chaining, and that they modify by returning. */
@DynakitTest
class HooksIT {
  DynamoDbClient client;
  List<String> calls = new ArrayList<>();

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    TestTables.create(client, Rentals.spec());
  }

  private Adapter adapter(Hooks... hooks) {
    return Adapter.builder(Rentals.spec(), client).hooks(hooks).build();
  }

  private List<Map<String, AttributeValue>> stored() {
    return Tables.scan(client, Rentals.TABLE);
  }

  /** Records every call; changes nothing. */
  final class Recorder implements Hooks {
    @Override
    public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
      calls.add(
          "prepare " + context.kind() + " patch=" + context.patch() + " sk=" + item.get("_sk"));
      return item;
    }

    @Override
    public Map<String, Object> prepareKey(Map<String, Object> key, @Nullable String indexName) {
      calls.add("prepareKey " + key.get("_sk"));
      return key;
    }

    @Override
    public void validateItem(Map<String, Object> item, WriteContext context) {
      calls.add("validate " + context.kind() + " " + item.containsKey("_sk"));
    }

    @Override
    public TransactWriteItem updateInput(TransactWriteItem action, WriteContext context) {
      calls.add(
          "updateInput "
              + (action.put() != null ? "put" : action.update() != null ? "update" : "delete"));
      return action;
    }

    @Override
    public List<TransactWriteItem> checkConsistency(PlannedWrite write) {
      calls.add("checkConsistency " + write.key());
      return List.of();
    }

    @Override
    public @Nullable Map<String, Object> revive(
        Map<String, Object> item, @Nullable List<String> fields) {
      calls.add("revive " + item.containsKey("_sk") + " " + fields);
      return item;
    }
  }

  @Test
  void fullWrite_runsValidateThenBuiltInsThenPrepareThenUpdateInputThenChecks() {
    Adapter adapter = adapter(new Recorder());
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThat(calls)
        .containsExactly(
            "validate POST false",
            "prepare POST patch=false sk=TX|Dallas|00001",
            "updateInput put",
            "checkConsistency {state=TX, city=Dallas, car=1}",
            "revive true null");
  }

  @Test
  void patch_andReads_runTheirHooks() {
    Adapter adapter = adapter(new Recorder());
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    calls.clear();
    adapter.patch(Rentals.key("TX", "Dallas", 1), Patch.of(Map.of("status", "x")));
    assertThat(calls)
        .containsExactly(
            "validate PATCH false",
            "prepare PATCH patch=true sk=null",
            "prepareKey null",
            "updateInput update",
            "checkConsistency {state=TX, city=Dallas, car=1}",
            "revive true null");
    calls.clear();
    adapter.getByKey(
        Rentals.key("TX", "Dallas", 1), ReadOptions.builder().fields("status").build());
    assertThat(calls).containsExactly("prepareKey null", "revive false [status]");
  }

  @Test
  void hooks_receiveUnmodifiableItems_andTheirResultsReplaceThem() {
    Hooks mutating =
        new Hooks() {
          @Override
          public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
            item.put("x", 1);
            return item;
          }
        };
    assertThatThrownBy(() -> adapter(mutating).post(Rentals.car("TX", "Dallas", 1, "free", 1)))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(stored()).isEmpty();
    Hooks returning =
        new Hooks() {
          @Override
          public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
            Map<String, Object> copy = new LinkedHashMap<>(item);
            copy.put("_audit", context.kind().name());
            return copy;
          }
        };
    adapter(returning).post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThat(stored().get(0).get("_audit").s()).isEqualTo("POST");
  }

  @Test
  void hooks_chainInOrder() {
    Hooks first =
        new Hooks() {
          @Override
          public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
            Map<String, Object> copy = new LinkedHashMap<>(item);
            copy.put("trail", "first");
            return copy;
          }
        };
    Hooks second =
        new Hooks() {
          @Override
          public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
            Map<String, Object> copy = new LinkedHashMap<>(item);
            copy.put("trail", item.get("trail") + ",second");
            return copy;
          }
        };
    adapter(first, second).post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThat(stored().get(0).get("trail").s()).isEqualTo("first,second");
  }

  @Test
  void prepare_changingAKeyField_keepsTheStructuralKeyRight() {
    Hooks upper =
        new Hooks() {
          @Override
          public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
            Map<String, Object> copy = new LinkedHashMap<>(item);
            copy.put("city", item.get("city").toString().toUpperCase(java.util.Locale.ROOT));
            return copy;
          }
        };
    adapter(upper).post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThat(stored().get(0).get("_sk").s()).isEqualTo("TX|DALLAS|00001");
  }

  @Test
  void validateItem_refuses_andNothingIsWritten_unlessTheCallOptsOut() {
    Hooks strict =
        new Hooks() {
          @Override
          public void validateItem(Map<String, Object> item, WriteContext context) {
            if (!item.containsKey("status")) {
              throw new IllegalArgumentException("status is required");
            }
          }
        };
    Adapter adapter = adapter(strict);
    assertThatThrownBy(() -> adapter.post(Rentals.key("TX", "Dallas", 1)))
        .hasMessage("status is required");
    assertThat(stored()).isEmpty();
    adapter.post(Rentals.key("TX", "Dallas", 1), WriteOptions.builder().skipValidation().build());
    assertThat(stored()).hasSize(1);
    assertThatThrownBy(
            () -> adapter.patch(Rentals.key("TX", "Dallas", 1), Patch.of(Map.of("price", 1))))
        .hasMessage("status is required");
    assertThat(stored().get(0)).doesNotContainKey("price");
  }

  @Test
  void prepareKey_canFillInKeyFields() {
    Hooks tenant =
        new Hooks() {
          @Override
          public Map<String, Object> prepareKey(
              Map<String, Object> key, @Nullable String indexName) {
            return key;
          }
        };
    Adapter adapter = adapter(tenant);
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThat(adapter.getByKey(Rentals.key("TX", "Dallas", 1))).isPresent();
  }

  @Test
  void revive_canHideItems() {
    Hooks hideRented =
        new Hooks() {
          @Override
          public @Nullable Map<String, Object> revive(
              Map<String, Object> item, @Nullable List<String> fields) {
            return "rented".equals(item.get("status")) ? null : item;
          }
        };
    Adapter adapter = adapter(hideRented);
    adapter.post(Rentals.car("TX", "Dallas", 1, "rented", 1));
    adapter.post(Rentals.car("TX", "Dallas", 2, "free", 1));
    assertThat(adapter.getByKey(Rentals.key("TX", "Dallas", 1))).isEmpty();
    assertThat(
            adapter
                .listUnder(Map.of("state", "TX", "city", "Dallas"), ListOptions.defaults())
                .items())
        .hasSize(1);
  }

  @Test
  void prepareListInput_shapesListsFromTheExample() {
    Hooks byState =
        new Hooks() {
          @Override
          public ListInput prepareListInput(ListInput input, Map<String, Object> example) {
            Object state = example.get("state");
            ListInput shaped = input.andFilter(Cond.ne("status", "lost"));
            return state == null
                ? shaped
                : shaped.withKeyCondition(
                    dev.dynakit.core.expr.KeyConditions.forTable(Rentals.spec())
                        .children(Map.of("state", state)));
          }
        };
    Adapter adapter = adapter(byState);
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    adapter.post(Rentals.car("TX", "Dallas", 2, "lost", 1));
    adapter.post(Rentals.car("CA", "Fresno", 3, "free", 1));
    OffsetPage page = adapter.list(ListOptions.builder().example(Map.of("state", "TX")).build());
    assertThat(page.items()).extracting(item -> item.get("status")).containsExactly("free");
    assertThat(page.total()).isEqualTo(1);
  }

  @Test
  void updateInput_canChangeTheRequest() {
    Hooks tagging =
        new Hooks() {
          @Override
          public TransactWriteItem updateInput(TransactWriteItem action, WriteContext context) {
            if (action.put() == null) {
              return action;
            }
            Map<String, AttributeValue> item = new LinkedHashMap<>(action.put().item());
            item.put("_tag", AttributeValue.fromS("set by updateInput"));
            return action.toBuilder().put(action.put().toBuilder().item(item).build()).build();
          }
        };
    adapter(tagging).post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThat(stored().get(0).get("_tag").s()).isEqualTo("set by updateInput");
  }
}
