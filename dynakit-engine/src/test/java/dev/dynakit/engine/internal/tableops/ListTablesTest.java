package dev.dynakit.engine.internal.tableops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ListTablesTest {
  private final Wire wire = new Wire();

  @AfterEach
  void close() {
    wire.close();
  }

  @Test
  void listTables_empty() {
    assertThat(wire.call("ListTables", "{}").ok().body())
        .isEqualTo(Map.of("TableNames", List.of()));
  }

  @Test
  void listTables_pagesInNameOrder() {
    for (String n : List.of("ccc", "aaa", "bbb", "ddd")) {
      wire.createSimple(n);
    }
    Map<String, Object> first = wire.call("ListTables", "{'Limit':2}").ok().body();
    assertThat(first)
        .isEqualTo(Map.of("TableNames", List.of("aaa", "bbb"), "LastEvaluatedTableName", "bbb"));
    Map<String, Object> second =
        wire.call("ListTables", "{'Limit':2,'ExclusiveStartTableName':'bbb'}").ok().body();
    // exactly the last names: no LastEvaluatedTableName when nothing remains
    assertThat(second).isEqualTo(Map.of("TableNames", List.of("ccc", "ddd")));
    assertThat(wire.call("ListTables", "{'ExclusiveStartTableName':'abc'}").ok().body())
        .isEqualTo(Map.of("TableNames", List.of("bbb", "ccc", "ddd")));
  }

  @Test
  void listTables_defaultLimitIs100() {
    for (int i = 0; i < 101; i++) {
      wire.createSimple(String.format("t%03d", i));
    }
    Map<String, Object> page = wire.call("ListTables", "{}").ok().body();
    assertThat((List<?>) page.get("TableNames")).hasSize(100);
    assertThat(page.get("LastEvaluatedTableName")).isEqualTo("t099");
  }

  @Test
  void listTables_limitOutOfRange_isValidation() {
    wire.call("ListTables", "{'Limit':0}")
        .invalid(
            "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member"
                + " must have value greater than or equal to 1");
    wire.call("ListTables", "{'Limit':101,'ExclusiveStartTableName':'a'}")
        .invalid(
            "2 validation errors detected: Value 'a' at 'exclusiveStartTableName' failed to satisfy"
                + " constraint: Member must have length greater than or equal to 3; Value '101' at"
                + " 'limit' failed to satisfy constraint: Member must have value less than or equal"
                + " to 100");
  }
}
