package dev.dynakit.examples.rentals;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README shows code and a declaration that are checked elsewhere; these tests keep the copies
 * identical: the Java quick start is {@code ReadmeQuickStartIT}'s marked block, and the JSON
 * declaration is {@code examples/specs/cars.json}.
 */
class ReadmeTest {
  private static final Path ROOT = Path.of("..");

  private static String read(String path) throws IOException {
    return Files.readString(ROOT.resolve(path), StandardCharsets.UTF_8);
  }

  private static List<String> fencedBlocks(String markdown, String language) {
    Matcher m = Pattern.compile("(?ms)^```" + language + "\\R(.*?)^```$").matcher(markdown);
    List<String> blocks = new ArrayList<>();
    while (m.find()) {
      blocks.add(m.group(1));
    }
    return blocks;
  }

  @Test
  void javaQuickStart_isTheBlockThatReadmeQuickStartItRuns() throws IOException {
    String test =
        read("dynakit-core/src/test/java/dev/dynakit/core/adapter/ReadmeQuickStartIT.java");
    String block =
        test.substring(
            test.indexOf("// ---- README quick start: begin") + 33,
            test.indexOf("    // ---- README quick start: end"));
    StringBuilder unindented = new StringBuilder();
    for (String line : block.strip().lines().toList()) {
      unindented.append(line.startsWith("    ") ? line.substring(4) : line).append('\n');
    }
    assertThat(unindented.toString().trim()).contains("Adapter.builder(spec, client)");
    assertThat(fencedBlocks(read("README.md"), "java")).contains(unindented.toString());
  }

  @Test
  void jsonDeclaration_isTheExampleFile() throws IOException {
    String spec = read("examples/specs/cars.json");
    assertThat(fencedBlocks(read("README.md"), "json")).contains(spec);
  }
}
