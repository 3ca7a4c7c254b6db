package dev.dynakit.cli;

import dev.dynakit.advisor.Advisor;
import dev.dynakit.examples.rentals.RentalsExample;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The demo's last part: the key-design advisor's findings on the example's declaration. */
final class DemoAdvice {
  private DemoAdvice() {}

  static void print(PrintWriter out) {
    out.println();
    out.println("The key-design advisor on examples/specs/cars.json (dynakit lint):");
    out.print(Advisor.of(declaration(), "examples/specs/cars.json").lint().text());
    out.flush();
  }

  private static String declaration() {
    try (InputStream in =
        RentalsExample.class.getClassLoader().getResourceAsStream(RentalsExample.SPEC_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RentalsExample.SPEC_RESOURCE + " is not on the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
