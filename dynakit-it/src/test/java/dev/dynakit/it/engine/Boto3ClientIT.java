package dev.dynakit.it.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An unmodified client in another language (Python, boto3) against the engine over HTTP. */
class Boto3ClientIT {

  @Test
  void boto3_exercisesItemAndTableOperations() throws Exception {
    assumeTrue(boto3Available(), "python3 with boto3 is not installed");
    Path script = Files.createTempFile("boto3_smoke", ".py");
    try (InputStream in = getClass().getResourceAsStream("/clients/boto3_smoke.py")) {
      Files.write(script, in.readAllBytes());
    }
    try (DynakitEngine engine = DynakitEngine.inMemory();
        EngineServer server = EngineServer.start(engine, "127.0.0.1", 0)) {
      Process p =
          new ProcessBuilder("python3", script.toString(), server.endpoint().toString())
              .redirectErrorStream(true)
              .start();
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.exitValue()).as(output).isZero();
      assertThat(output).contains("ALL OK");
    } finally {
      Files.deleteIfExists(script);
    }
  }

  private static boolean boto3Available() {
    try {
      Process p =
          new ProcessBuilder("python3", "-c", "import boto3").redirectErrorStream(true).start();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (Exception e) {
      return false;
    }
  }
}
