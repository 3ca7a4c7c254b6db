package dev.dynakit.it.setup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A user's tests depend on {@code dynakit-test} alone, as this module does: the AWS SDK they run
 * logs through SLF4J, which would print a "no SLF4J binding" warning on standard error; {@code
 * dynakit-test} brings a silent binding. Run in a fresh JVM, where SLF4J starts up.
 */
class QuietLoggingIT {
  /** What a user's first test does: an engine, an SDK client on it, a request. */
  public static void main(String[] args) {
    try (DynakitEngine engine = DynakitEngine.inMemory();
        DynamoDbClient client = DynakitClients.inProcess(engine)) {
      System.out.println("tables: " + client.listTables().tableNames());
    }
  }

  @Test
  @Timeout(60)
  void anSdkClientInAUsersTests_printsNoSlf4jWarning() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process =
        new ProcessBuilder(
                List.of(
                    java,
                    "-cp",
                    System.getProperty("java.class.path"),
                    QuietLoggingIT.class.getName()))
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(50, TimeUnit.SECONDS)).isTrue();

    assertThat(process.exitValue()).as(err).isZero();
    assertThat(out).isEqualTo("tables: []" + System.lineSeparator());
    assertThat(err).as("standard error").isEmpty();
  }
}
