package dev.dynakit.engine.internal.table;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Request;
import java.util.List;
import org.junit.jupiter.api.Test;

class ViolationsTest {
  @Test
  void noViolation_throwsNothing() {
    Violations v = new Violations();
    v.name("tableName", "good_name-1.x");
    v.length("p", "abc", 1, 3);
    v.size("l", List.of(1), 1, 1);
    v.oneOf("e", "A", List.of("A", "B"));
    v.atLeast("n", 1L, 1);
    v.atMost("n", 2L, 2);
    assertThatCode(v::throwIfAny).doesNotThrowAnyException();
  }

  @Test
  void oneViolation_usesTheSingularForm() {
    Violations v = new Violations();
    v.atMost("limit", 101L, 100);
    assertThatThrownBy(v::throwIfAny)
        .isInstanceOf(EngineException.class)
        .hasMessage(
            "1 validation error detected: Value '101' at 'limit' failed to satisfy constraint:"
                + " Member must have value less than or equal to 100");
  }

  @Test
  void missingMember_matchesRequestMissing() {
    Violations v = new Violations();
    v.notNull(Violations.path("TableName"), null);
    assertThatThrownBy(v::throwIfAny).hasMessage(Request.missing("TableName").getMessage());
  }

  @Test
  void atMostTenViolations_areReported() {
    Violations v = new Violations();
    for (int i = 0; i < 12; i++) {
      v.notNull("m" + i, null);
    }
    assertThatThrownBy(v::throwIfAny)
        .hasMessageStartingWith("10 validation errors detected: Value null at 'm0'")
        .hasMessageEndingWith(
            "Value null at 'm9' failed to satisfy constraint: Member must not be null");
  }

  @Test
  void lengthsCountCharactersOrUtf8Bytes() {
    Violations chars = new Violations();
    chars.length("k", "\uD83D\uDD11", 2, 5);
    assertThatThrownBy(chars::throwIfAny).hasMessageEndingWith("greater than or equal to 2");
    Violations bytes = new Violations();
    bytes.byteLength("a", "é".repeat(128), 1, 255);
    assertThatThrownBy(bytes::throwIfAny).hasMessageEndingWith("less than or equal to 255");
  }

  @Test
  void paths_followDynamoDbNaming() {
    org.assertj.core.api.Assertions.assertThat(
            Violations.path(Violations.element("globalSecondaryIndexes", 0), "IndexName"))
        .isEqualTo("globalSecondaryIndexes.1.member.indexName");
  }
}
