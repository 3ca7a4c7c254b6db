package dev.dynakit.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/using-dynakit.md shows the newcomer project that the build runs (src/it/newcomer-junit5,
 * through the Maven Invoker plugin): its POM and its test, word for word, so that what a user
 * copies from the page is what was seen to pass.
 */
class NewcomerDocsTest {
  private static final Path DOC = Path.of("..", "docs", "using-dynakit.md");
  private static final Path PROJECT = Path.of("src", "it", "newcomer-junit5");
  private static final Pattern VERSION =
      Pattern.compile("<dynakit.version>[^<]*</dynakit.version>");

  @Test
  void theDocsTest_isTheNewcomerProjectsTest() throws IOException {
    String test =
        Files.readString(PROJECT.resolve("src/test/java/com/example/rentals/RentalsTest.java"));
    assertThat(blocks("java")).contains(test);
  }

  @Test
  void theDocsPom_isTheNewcomerProjectsPom() throws IOException {
    String pom = Files.readString(PROJECT.resolve("pom.xml"));
    String shown = blocks("xml").get(0);
    // the page names a version; the build's copy takes this build's own
    assertThat(unversioned(pom)).contains(unversioned(shown));
  }

  private static List<String> blocks(String language) throws IOException {
    Matcher m = Pattern.compile("```" + language + "\n(.*?)```", Pattern.DOTALL).matcher(read());
    List<String> blocks = new ArrayList<>();
    while (m.find()) {
      blocks.add(m.group(1));
    }
    return blocks;
  }

  private static String read() throws IOException {
    return Files.readString(DOC);
  }

  private static String unversioned(String text) {
    return VERSION.matcher(text).replaceAll("<dynakit.version/>");
  }
}
