package dev.dynakit.advisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.advisor.Finding.Severity;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The example declarations lint as docs/advisor.md says, and the exit code and {@code --ignore}
 * follow the findings.
 */
class ExampleDeclarationsTest {
  private static final Path SPECS = Path.of("..", "examples", "specs");

  private static List<String> rules(Report report, Severity severity) {
    return report.findings().stream()
        .filter(f -> f.severity() == severity)
        .map(Finding::rule)
        .sorted()
        .toList();
  }

  @Test
  void shop_lintsWithNotesOnly() {
    Report report = Advisor.of(SPECS.resolve("shop.json")).lint();

    assertThat(rules(report, Severity.ERROR)).isEmpty();
    assertThat(rules(report, Severity.WARNING)).isEmpty();
    assertThat(rules(report, Severity.INFO))
        .containsExactly(
            "constant-key",
            "gsi-write-amplification",
            "gsi-write-amplification",
            "pk-low-cardinality");
    assertThat(report.exitCode()).isZero();
  }

  @Test
  void cars_lintsWithThreeWarnings() {
    Report report = Advisor.of(SPECS.resolve("cars.json")).lint();

    assertThat(rules(report, Severity.ERROR)).isEmpty();
    assertThat(rules(report, Severity.WARNING))
        .containsExactly("lsi", "sparse-without-predicate", "technical-unprefixed");
    assertThat(report.findings("technical-unprefixed"))
        .singleElement()
        .satisfies(f -> assertThat(f.subject()).isEqualTo("typeField kind"));
    assertThat(report.exitCode()).isEqualTo(1);
  }

  @Test
  void ignoringTheWarnings_leavesExitCodeZero() {
    Report report =
        Advisor.of(SPECS.resolve("cars.json"))
            .ignore(List.of("lsi", "sparse-without-predicate", "technical-unprefixed"))
            .lint();

    assertThat(report.findings()).allMatch(f -> f.severity() == Severity.INFO);
    assertThat(report.exitCode()).isZero();
  }

  @Test
  void anUnknownRuleId_isRefusedNamingTheRules() {
    assertThatThrownBy(() -> Advisor.of(SPECS.resolve("cars.json")).ignore(List.of("lsl")))
        .isInstanceOf(AdvisorException.class)
        .hasMessageContaining("unknown rule 'lsl'")
        .hasMessageContaining("lsi");
  }

  @Test
  void everyRule_hasAStableIdAndADescription() {
    assertThat(Advisor.rules())
        .hasSize(19)
        .allSatisfy((id, what) -> assertThat(id).matches("[a-z0-9]+(-[a-z0-9]+)*"));
  }

  @Test
  void anInvalidDeclaration_isRefusedWithCoresProblems() {
    assertThatThrownBy(() -> Advisor.of("{\"table\": \"x\"}", "bad.json"))
        .isInstanceOf(AdvisorException.class)
        .hasMessageStartingWith("bad.json: ");
  }
}
