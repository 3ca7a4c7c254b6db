package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code dynakit demo} ends with the key-design advisor's findings on the example table. */
class DemoAdviceTest {
  @Test
  void demo_endsWithTheAdvisorsFindingsOnTheExampleTable() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();

    int exit =
        Main.run(new PrintWriter(out, true), new PrintWriter(err, true), "demo", "--no-serve");

    assertThat(exit).isZero();
    String text = out.toString();
    int advice = text.indexOf("The key-design advisor on examples/specs/cars.json (dynakit lint):");
    assertThat(advice).isPositive();
    String tail = text.substring(advice);
    assertThat(tail)
        .contains("Findings on car-rentals: 5")
        .contains("WARNING [lsi] index byPickup")
        .contains("fix: ");
    assertThat(tail.strip()).endsWith("KEYS_ONLY with an indirect read for large items");
  }
}
