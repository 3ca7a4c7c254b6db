package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class MainTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
  }

  @Test
  void help_listsTheCommands() {
    assertThat(run("--help")).isZero();

    assertThat(out.toString())
        .startsWith("Usage: dynakit [-hV] [COMMAND]")
        .contains("serve", "demo", "plan-table", "ensure-table", "verify-table");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void serveHelp_describesHostAndPort() {
    assertThat(run("serve", "--help")).isZero();

    assertThat(out.toString())
        .startsWith("Usage: dynakit serve")
        .contains("--host=HOST", "default: 127.0.0.1", "--port=N", "default: 8000");
  }

  @Test
  void demoHelp_describesNoServe() {
    assertThat(run("demo", "-h")).isZero();

    assertThat(out.toString()).startsWith("Usage: dynakit demo").contains("--no-serve");
  }

  @Test
  void noCommand_isAUsageError() {
    assertThat(run()).isEqualTo(2);

    assertThat(err.toString())
        .isEqualTo(
            "dynakit: Missing command: serve, demo, rest, plan-table, ensure-table, verify-table,"
                + " load, export, lint, analyze, simulate or top"
                + " (see 'dynakit --help')"
                + nl());
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void unknownCommand_isAUsageError() {
    assertThat(run("nope")).isEqualTo(2);

    assertThat(err.toString()).startsWith("dynakit: ").endsWith("(see 'dynakit --help')" + nl());
    assertThat(err.toString().lines()).hasSize(1);
  }

  @Test
  void unknownOption_isAUsageErrorNamingTheCommand() {
    assertThat(run("serve", "--nope")).isEqualTo(2);

    assertThat(err.toString())
        .isEqualTo("dynakit: Unknown option: '--nope' (see 'dynakit serve --help')" + nl());
  }

  @Test
  void portThatIsNotANumber_isAUsageError() {
    assertThat(run("serve", "--port", "eighty")).isEqualTo(2);

    assertThat(err.toString()).contains("'eighty' is not an int");
  }

  @Test
  void portOutOfRange_isAUsageError() {
    assertThat(run("serve", "--port", "70000")).isEqualTo(2);

    assertThat(err.toString())
        .isEqualTo(
            "dynakit: --port must be between 0 and 65535, got 70000 (see 'dynakit serve --help')"
                + nl());
  }

  @Test
  void portInUse_isARuntimeFailureOnOneLine() {
    try (DynakitEngine engine = DynakitEngine.inMemory();
        EngineServer taken = EngineServer.start(engine, "127.0.0.1", 0)) {
      assertThat(run("serve", "--port", Integer.toString(taken.port()))).isEqualTo(1);
    }

    assertThat(err.toString())
        .startsWith("dynakit: Cannot listen on 127.0.0.1:")
        .endsWith(
            ": the port is in use (choose another with --port N, or --port 0 for a free one)"
                + nl());
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void version_printsTheDynakitAndJavaVersions() {
    assertThat(run("--version")).isZero();

    assertThat(out.toString().lines())
        .containsExactly(
            "dynakit " + Version.dynakit(),
            "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")");
    assertThat(Version.dynakit()).matches("\\d+\\.\\d+\\.\\d+.*");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void helpCommand_printsTheHelpOfTheCommandItNames() {
    assertThat(run("help", "serve")).isZero();
    assertThat(out.toString()).startsWith("Usage: dynakit serve").contains("--port=N");

    out.getBuffer().setLength(0);
    assertThat(run("help")).isZero();
    assertThat(out.toString()).startsWith("Usage: dynakit [-hV] [COMMAND]").contains("help");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void helpCommand_ofAnUnknownCommand_isAUsageError() {
    assertThat(run("help", "nope")).isEqualTo(2);

    assertThat(err.toString()).startsWith("dynakit: ").contains("nope");
  }

  @Test
  void unknownHost_isNamed_withoutAJavaClassName() {
    assertThat(run("serve", "--host", "no-such-host.invalid", "--port", "0")).isEqualTo(1);

    assertThat(err.toString())
        .isEqualTo(
            "dynakit: Cannot listen on no-such-host.invalid:0: unknown host"
                + " 'no-such-host.invalid'"
                + nl());
  }

  private static String nl() {
    return System.lineSeparator();
  }
}
