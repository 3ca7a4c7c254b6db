package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code dynakit load} and {@code dynakit export} against an engine served over HTTP. */
class LoadExportCommandsTest {
  private static final Pattern TOKEN = Pattern.compile("--resume (\\S+)");

  /** Items of the round trip: few in the build, 100,000 from tools/load-export-roundtrip. */
  private static final int ROUND_TRIP = Integer.getInteger("roundtrip.items", 1500);

  @TempDir Path dir;
  private Path spec;
  private DynakitEngine engine;
  private EngineServer server;
  private DynamoDbClient client;
  private Adapter adapter;
  private String endpoint;
  private StringWriter out;
  private StringWriter err;
  private String previousHome;

  @BeforeEach
  void start() throws Exception {
    previousHome = System.getProperty("dynakit.home");
    System.setProperty("dynakit.home", dir.resolve("home").toString());
    spec = dir.resolve("things.json");
    Files.writeString(spec, Lines.SPEC);
    engine = DynakitEngine.inMemory();
    server = EngineServer.start(engine, "127.0.0.1", 0);
    endpoint = server.endpoint().toString();
    client = DynakitClients.http(server.endpoint());
    TableSpec declaration = TableSpec.fromJson(spec);
    TableProvisioner.of(client).ensure(declaration);
    adapter = Adapter.builder(declaration, client).build();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
    engine.close();
    if (previousHome == null) {
      System.clearProperty("dynakit.home");
    } else {
      System.setProperty("dynakit.home", previousHome);
    }
  }

  private int run(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
  }

  private Path file(List<String> lines) throws Exception {
    Path file = dir.resolve("items.jsonl");
    Files.write(file, lines);
    return file;
  }

  private static List<String> lines(int count) {
    Random random = new Random(count);
    List<String> lines = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      lines.add(ItemJson.write(Lines.item(n, random)));
    }
    return lines;
  }

  private int stored() {
    return Lines.count(client);
  }

  private String token() {
    Matcher m = TOKEN.matcher(err.toString());
    assertThat(m.find()).as("a resume token in: %s", err).isTrue();
    return m.group(1);
  }

  @Test
  void loadThenExport_givesBackTheSameItemsWithTheSameTypes() throws Exception {
    List<String> lines = lines(ROUND_TRIP);
    Path file = file(lines);

    long start = System.nanoTime();
    int loaded = run("load", spec.toString(), file.toString(), "--endpoint", endpoint);
    double loadSeconds = (System.nanoTime() - start) / 1e9;
    assertThat(loaded).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("Loaded " + ROUND_TRIP + " items from " + file + " into table things.");
    // through the Adapter: the structural key was composed from the key fields
    assertThat(adapter.getByKey(Map.of("group", "g3", "n", 3))).isPresent();

    Path export = dir.resolve("export.jsonl");
    start = System.nanoTime();
    int exported =
        run("export", spec.toString(), "--endpoint", endpoint, "--out", export.toString());
    double exportSeconds = (System.nanoTime() - start) / 1e9;
    assertThat(exported).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("Exported " + ROUND_TRIP + " items of table things to " + export);

    Map<Object, Object> expected = new HashMap<>();
    for (String line : lines) {
      Map<String, Object> item = ItemJson.read(line);
      expected.put(Lines.canonical(item.get("n")), Lines.canonical(item));
    }
    Map<Object, Object> actual = new HashMap<>();
    for (String line : Files.readAllLines(export)) {
      Map<String, Object> item = ItemJson.read(line);
      assertThat(actual.put(Lines.canonical(item.get("n")), Lines.canonical(item))).isNull();
    }
    assertThat(actual).isEqualTo(expected);
    System.out.printf(
        "load/export round trip: %d items (every type), loaded in %.1f s, exported in %.1f s:"
            + " the same items with the same types%n",
        ROUND_TRIP, loadSeconds, exportSeconds);
    String first = Files.readAllLines(export).get(0);
    assertThat(first)
        .contains("\"big\":-12345678901234567890123456789012345678")
        .contains("\"tags\":{\"$SS\":[")
        .contains("\"scores\":{\"$NS\":[")
        .contains("\"blob\":{\"$B\":\"")
        .contains("\"lookalike\":{\"$M\":{\"$SS\":[\"a map whose only key is a tag\"]}}")
        .doesNotContain("_sk");
  }

  @Test
  void exportToStandardOutput_writesOneItemPerLine_andTheSummaryOnStandardError() throws Exception {
    assertThat(run("load", spec.toString(), file(lines(30)).toString(), "--endpoint", endpoint))
        .isZero();
    assertThat(run("export", spec.toString(), "--endpoint", endpoint, "--segments", "3")).isZero();
    List<String> exported = out.toString().lines().toList();
    assertThat(exported).hasSize(30).allMatch(line -> line.startsWith("{\"group\":"));
    assertThat(err.toString()).contains("Exported 30 items of table things.");
  }

  @Test
  void malformedLine_isReportedWithItsNumber_linesBeforeItLoaded_nothingAtOrAfterIt()
      throws Exception {
    List<String> lines = lines(1200);
    String good = lines.get(704);
    lines.set(704, "{\"group\": \"g1\", \"n\": 704, \"name\": \"unterminated}");
    Path file = file(lines);

    int code =
        run("load", spec.toString(), file.toString(), "--endpoint", endpoint, "--batch", "500");

    assertThat(code).isEqualTo(1);
    assertThat(err.toString())
        .contains("dynakit: line 705: malformed JSON")
        .contains("the 704 items before it are loaded, nothing at or after it");
    assertThat(stored()).isEqualTo(704);
    assertThat(adapter.getByKey(Map.of("group", "g3", "n", 703))).isPresent();
    assertThat(adapter.getByKey(Map.of("group", "g5", "n", 705))).isEmpty();

    // fixed, the load resumes at the line it stopped at
    String token = token();
    lines.set(704, good);
    Files.write(file, lines);
    code = run("load", spec.toString(), file.toString(), "--endpoint", endpoint, "--resume", token);
    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString()).contains("Loaded 1200 items");
    assertThat(stored()).isEqualTo(1200);
  }

  @Test
  void aLineTheDeclarationRefuses_stopsTheLoadAtThatLine_beforeItsBatchIsWritten()
      throws Exception {
    List<String> lines = lines(40);
    lines.set(25, "{\"group\": \"g1\", \"n\": 25, \"_sk\": \"a technical field\"}");
    Path file = file(lines);

    int code =
        run("load", spec.toString(), file.toString(), "--endpoint", endpoint, "--batch", "100");

    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).contains("dynakit: line 26: refused by the table's declaration");
    assertThat(stored()).isEqualTo(25);
  }

  @Test
  void aResumeToken_isBoundToTheFileNameAndTable() throws Exception {
    List<String> lines = lines(10);
    lines.set(5, "not json");
    Path file = file(lines);
    assertThat(run("load", spec.toString(), file.toString(), "--endpoint", endpoint)).isEqualTo(1);
    String token = token();

    Path other = dir.resolve("other.jsonl");
    Files.write(other, lines(10));
    int code =
        run("load", spec.toString(), other.toString(), "--endpoint", endpoint, "--resume", token);
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("--resume:").contains("same file name");

    String tampered =
        token.substring(0, 10) + (token.charAt(10) == 'A' ? 'B' : 'A') + token.substring(11);
    code =
        run("load", spec.toString(), file.toString(), "--endpoint", endpoint, "--resume", tampered);
    assertThat(code).isEqualTo(2);
  }

  @Test
  void anItemDynamoDbRefuses_isReportedWithItsLine_andTheOthersAreLoaded() throws Exception {
    List<String> lines = lines(20);
    Map<String, Object> huge =
        new LinkedHashMap<>(Map.of("group", "g0", "n", BigDecimal.valueOf(99)));
    huge.put("text", "x".repeat(500_000));
    lines.set(7, ItemJson.write(huge));
    Path file = file(lines);

    int code = run("load", spec.toString(), file.toString(), "--endpoint", endpoint);

    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).contains("dynakit: line 8: not written (");
    assertThat(out.toString()).contains("Loaded 19 items").contains("1 failed");
    assertThat(stored()).isEqualTo(19);
  }

  @Test
  void withoutEndpoint_loadIsADryRunOnAnEmbeddedEngine_andStillFindsMalformedLines()
      throws Exception {
    Path file = file(lines(50));
    assertThat(run("load", spec.toString(), file.toString())).as(err.toString()).isZero();
    assertThat(out.toString()).contains("a dry run").contains("Loaded 50 items");
    assertThat(stored()).isZero();

    List<String> broken = lines(50);
    broken.set(41, "[1, 2]");
    file = file(broken);
    assertThat(run("load", spec.toString(), file.toString())).isEqualTo(1);
    assertThat(err.toString()).contains("line 42: an item must be a JSON object");
  }

  @Test
  void exportWithoutEndpoint_isAUsageError() {
    assertThat(run("export", spec.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("give --endpoint");
  }

  @Test
  void progress_isPlainLinesWhenNotATerminal_andABarWhenAsked() throws Exception {
    Path file = file(lines(300));
    assertThat(
            run("load", spec.toString(), file.toString(), "--endpoint", endpoint, "--batch", "30"))
        .isZero();
    // the build runs without a terminal: auto means plain lines, one per tenth, no redrawing
    assertThat(err.toString())
        .contains("loaded 30 of 300 items")
        .contains("loaded 300 of 300 items")
        .doesNotContain("\r");
    assertThat(err.toString().lines().filter(l -> l.startsWith("loaded ")).count())
        .as("one line per tenth, the last not repeated")
        .isEqualTo(10L);

    assertThat(
            run(
                "load",
                spec.toString(),
                file.toString(),
                "--endpoint",
                endpoint,
                "--progress",
                "bar"))
        .isZero();
    assertThat(err.toString()).contains("\r[##############################] 100% 300 of 300 items");

    assertThat(run("export", spec.toString(), "--endpoint", endpoint, "--progress", "lines"))
        .isZero();
    assertThat(err.toString()).contains("exported 300 of 300 items");
  }
}
