package dev.dynakit.examples.rentals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressBarTest {
  private final StringWriter text = new StringWriter();
  private final PrintWriter out = new PrintWriter(text);

  @Test
  void plain_printsALineAtEveryQuarter() {
    ProgressBar bar = new ProgressBar(out, false, "items", 311);
    for (int i = 0; i < 311; i++) {
      bar.step();
    }
    assertThat(text.toString().lines())
        .containsExactly(
            "  items [#######.......................]  78/311",
            "  items [###############...............] 156/311",
            "  items [######################........] 234/311",
            "  items [##############################] 311/311");
    assertThat(text.toString()).doesNotContain("\r");
  }

  @Test
  void redraw_rewritesOneLine_andEndsIt() {
    ProgressBar bar = new ProgressBar(out, true, "items", 60);
    for (int i = 0; i < 60; i++) {
      bar.step();
    }
    String written = text.toString();
    assertThat(written).startsWith("\r  items [.....").endsWith("60/60" + System.lineSeparator());
    // one drawing per filled cell (0 to 30), each over the last, and one line in all
    assertThat(written.chars().filter(c -> c == '\r').count()).isEqualTo(31);
    assertThat(written.chars().filter(c -> c == '\n').count()).isEqualTo(1);
  }

  @Test
  void stepsBeyondTheTotal_stayAtTheTotal() {
    ProgressBar bar = new ProgressBar(out, false, "x", 2);
    bar.step();
    bar.step();
    bar.step();
    assertThat(bar.line()).endsWith("2/2");
    assertThat(text.toString().lines()).hasSize(2);
  }

  @Test
  void noWork_isRefused() {
    assertThatThrownBy(() -> new ProgressBar(out, false, "x", 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
