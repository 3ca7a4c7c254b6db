package dev.dynakit.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

class BuilderFieldsTest {

  @Test
  void aPagesItemsGoInWithoutTheSettersCopy() {
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("Items", List.of(Map.of("pk", new AttrValue.S("a")), Map.of("n", number("7"))));
    result.put("Count", 2L);

    QueryResponse response =
        (QueryResponse) ModelTrees.fill(QueryResponse.builder().build(), result);

    assertThat(response.items())
        .containsExactly(
            Map.of("pk", AttributeValue.fromS("a")), Map.of("n", AttributeValue.fromN("7")));
    assertThat(response.count()).isEqualTo(2);
    assertThat(BuilderFields.shortcut(field(response, "Items"))).isTrue();
    // the setter would have wrapped each map in an unmodifiable copy; these are ModelTrees' own
    assertThat(response.items().get(0)).isInstanceOf(LinkedHashMap.class);
    assertThatThrownBy(() -> response.items().add(Map.of()))
        .isInstanceOf(UnsupportedOperationException.class);
    // what the caller finally gets, after the SDK's own toBuilder(), is the SDK's copy
    QueryResponse copied = response.toBuilder().build();
    assertThat(copied.items()).isEqualTo(response.items());
    assertThat(copied.items().get(0)).isNotInstanceOf(LinkedHashMap.class);
  }

  @Test
  void aMapOfPagesGoesInWithoutTheSettersCopy() {
    Map<String, Object> result =
        Map.of("Responses", Map.of("t", List.of(Map.of("pk", new AttrValue.S("a")))));

    BatchGetItemResponse response =
        (BatchGetItemResponse) ModelTrees.fill(BatchGetItemResponse.builder().build(), result);

    assertThat(response.responses())
        .isEqualTo(Map.of("t", List.of(Map.of("pk", AttributeValue.fromS("a")))));
    assertThat(BuilderFields.shortcut(field(response, "Responses"))).isTrue();
    assertThat(response.responses().get("t")).isInstanceOf(ArrayList.class);
  }

  @Test
  void aBuiltModelWithoutTheViewTurnsTheShortcutOff() {
    // a class no other test of this JVM fills, since the switch is for good
    ListTablesResponse.Builder builder = ListTablesResponse.builder();
    var tableNames = field(ListTablesResponse.builder().build(), "TableNames");
    Object view = BuilderFields.set((SdkPojo) builder, tableNames, new ArrayList<>(List.of("a")));
    assertThat(view).isNotNull();
    ListTablesResponse built = builder.build();
    assertThat(built.tableNames()).isSameAs(view);
    assertThat(BuilderFields.check(built, tableNames, view)).isTrue();

    assertThat(BuilderFields.check(built, tableNames, List.of("a"))).isFalse();

    assertThat(BuilderFields.shortcut(tableNames)).isFalse();
    assertThat(BuilderFields.set((SdkPojo) ListTablesResponse.builder(), tableNames, List.of("b")))
        .isNull();
    // ModelTrees then goes through the setter, with the same result
    ListTablesResponse filled =
        (ListTablesResponse)
            ModelTrees.fill(
                ListTablesResponse.builder().build(), Map.of("TableNames", List.of("x")));
    assertThat(filled.tableNames()).containsExactly("x");
  }

  private static AttrValue number(String text) {
    return AttrValue.N.parse(text);
  }

  private static software.amazon.awssdk.core.SdkField<?> field(SdkPojo pojo, String member) {
    return pojo.sdkFields().stream()
        .filter(f -> f.memberName().equals(member))
        .findFirst()
        .orElseThrow();
  }
}
