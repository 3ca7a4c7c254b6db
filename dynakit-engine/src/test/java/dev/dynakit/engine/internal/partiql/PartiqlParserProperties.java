package dev.dynakit.engine.internal.partiql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The parser answers any text with a statement or a ValidationException, never another failure:
 * random text, and valid statements cut short or with a character changed.
 */
class PartiqlParserProperties {
  private static final String[] VALID = {
    "SELECT a, b.c[2] FROM \"t\".\"i\" WHERE pk = ? AND sk BETWEEN 1 AND 5 ORDER BY sk DESC",
    "INSERT INTO t VALUE {'a': [1, 'x', <<'s'>>], 'b': {'c': TRUE, 'd': NULL}}",
    "UPDATE t SET a = a + 1, b = set_add(b, <<1, 2>>) REMOVE c[0] WHERE pk = 'x' RETURNING ALL NEW *",
    "DELETE FROM t WHERE pk = 'x' AND (a IN [1, 2] OR NOT begins_with(b, 'y')) RETURNING ALL OLD *"
  };

  @Property(tries = 2000)
  void anyText_parsesOrIsAValidationError(@ForAll("statements") String text) {
    try {
      assertThat(Parser.parse(text)).isNotNull();
    } catch (EngineException e) {
      assertThat(e.type()).isEqualTo(ErrorType.VALIDATION);
    }
  }

  @Property(tries = 50)
  void theValidStatements_parse(@ForAll("valid") String text) {
    assertThat(Parser.parse(text)).isNotNull();
  }

  @Provide
  Arbitrary<String> valid() {
    return Arbitraries.of(VALID);
  }

  @Provide
  Arbitrary<String> statements() {
    Arbitrary<String> cut =
        Arbitraries.of(VALID)
            .flatMap(
                s -> Arbitraries.integers().between(0, s.length()).map(n -> s.substring(0, n)));
    Arbitrary<String> changed =
        Arbitraries.of(VALID)
            .flatMap(
                s ->
                    Arbitraries.integers()
                        .between(0, s.length() - 1)
                        .flatMap(
                            at ->
                                Arbitraries.of(
                                        '\'', '"', '(', ')', '[', ']', '<', '>', '?', ',', '.', ' ',
                                        'x', '1', '{', '}')
                                    .map(c -> s.substring(0, at) + c + s.substring(at + 1))));
    Arbitrary<String> random = Arbitraries.strings().ofMaxLength(60);
    return Arbitraries.oneOf(cut, changed, random);
  }
}
