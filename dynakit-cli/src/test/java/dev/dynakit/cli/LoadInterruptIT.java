package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code dynakit load} as a real process, interrupted while it writes: it prints a resume token,
 * and the load resumed from it ends with every line loaded. The signal is SIGTERM, which runs the
 * same shutdown hooks as Ctrl-C's SIGINT; SIGINT itself cannot be relied on here, since a process
 * started in the background (a build run by a script) inherits it ignored.
 */
class LoadInterruptIT {
  private static final int ITEMS = 6000;

  @TempDir Path dir;

  @Test
  @Timeout(300)
  void interrupted_printsAResumeToken_thatFinishesTheLoad() throws Exception {
    Path spec = dir.resolve("things.json");
    Files.writeString(spec, Lines.SPEC);
    Path file = dir.resolve("items.jsonl");
    Random random = new Random(7);
    List<String> lines = new ArrayList<>();
    for (int n = 0; n < ITEMS; n++) {
      lines.add(ItemJson.write(Lines.item(n, random)));
    }
    Files.write(file, lines);
    Path home = dir.resolve("home");
    try (DynakitEngine engine = DynakitEngine.inMemory();
        EngineServer server = EngineServer.start(engine, "127.0.0.1", 0);
        DynamoDbClient client = DynakitClients.http(server.endpoint())) {
      TableSpec declaration = TableSpec.fromJson(spec);
      TableProvisioner.of(client).ensure(declaration);
      String endpoint = server.endpoint().toString();

      Path errors = dir.resolve("stderr.txt");
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process process =
          new ProcessBuilder(
                  java,
                  "-Ddynakit.home=" + home,
                  "-cp",
                  System.getProperty("java.class.path"),
                  Main.class.getName(),
                  "load",
                  spec.toString(),
                  file.toString(),
                  "--endpoint",
                  endpoint,
                  "--batch",
                  "25",
                  "--progress",
                  "lines")
              .redirectError(errors.toFile())
              .redirectOutput(dir.resolve("stdout.txt").toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      try {
        // wait until a tenth is loaded, then interrupt
        while (!read(errors).contains("loaded ") && process.isAlive()) {
          Thread.onSpinWait();
        }
        assertThat(process.isAlive()).as("still loading: %s", read(errors)).isTrue();
        process.toHandle().destroy(); // SIGTERM
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(143); // 128 + SIGTERM, after the shutdown hooks
      } finally {
        process.destroyForcibly();
      }
      String printed = read(errors);
      assertThat(printed).contains("dynakit: load interrupted");
      Matcher token = Pattern.compile("--resume (\\S+)").matcher(printed);
      assertThat(token.find()).as(printed).isTrue();
      int before = Lines.count(client);
      assertThat(before).as("interrupted part-way").isBetween(ITEMS / 10, ITEMS - 1);

      String previousHome = System.getProperty("dynakit.home");
      System.setProperty("dynakit.home", home.toString());
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int code;
      try {
        code =
            Main.run(
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                "load",
                spec.toString(),
                file.toString(),
                "--endpoint",
                endpoint,
                "--resume",
                token.group(1));
      } finally {
        if (previousHome == null) {
          System.clearProperty("dynakit.home");
        } else {
          System.setProperty("dynakit.home", previousHome);
        }
      }
      assertThat(code).as(err.toString()).isZero();
      assertThat(out.toString()).contains("Loaded " + ITEMS + " items");
      assertThat(Lines.count(client)).isEqualTo(ITEMS);
      Adapter adapter = Adapter.builder(declaration, client).build();
      Map<String, Object> last =
          adapter.getByKey(Map.of("group", "g" + (ITEMS - 1) % 7, "n", ITEMS - 1)).orElseThrow();
      assertThat(last.get("n")).isEqualTo(BigDecimal.valueOf(ITEMS - 1));
    }
  }

  private static String read(Path file) throws Exception {
    try {
      return Files.readString(file);
    } catch (NoSuchFileException e) {
      return "";
    }
  }
}
