package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code dynakit serve} as a real process: started, used, and stopped with SIGTERM. */
class ServeProcessIT {
  @TempDir Path dir;

  @Test
  @Timeout(60)
  void sigterm_stopsTheServerCleanly_andExitsWithZero() throws Exception {
    Path errors = dir.resolve("stderr.txt");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process =
        new ProcessBuilder(
                List.of(
                    java,
                    "-cp",
                    System.getProperty("java.class.path"),
                    Main.class.getName(),
                    "serve",
                    "--port",
                    "0"))
            .redirectError(errors.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .start();
    try {
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      String line = out.readLine();
      assertThat(line).startsWith("Dynakit engine listening on http://127.0.0.1:");
      // the endpoint, then what the storage is: "(in memory: ...)" or "(data in DIR, ...)"
      URI endpoint = URI.create(line.substring(line.indexOf("http://")).split(" ", 2)[0]);

      int status =
          HttpClient.newHttpClient()
              .send(HttpRequest.newBuilder(endpoint).build(), BodyHandlers.discarding())
              .statusCode();
      assertThat(status).isEqualTo(200);

      process.toHandle().destroy(); // SIGTERM (Process.destroy would also close our end of stdout)
      assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
      assertThat(process.exitValue()).as("the exit code of a clean stop").isZero();
      assertThat(out.readLine()).isNull();
      // nothing on standard error: no SLF4J warning either
      assertThat(Files.readString(errors)).isEmpty();
    } finally {
      process.destroyForcibly();
    }
  }
}
