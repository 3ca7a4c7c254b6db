package dev.dynakit.cli;

import dev.dynakit.core.InvalidTokenException;
import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.mass.ItemFailure;
import dev.dynakit.core.mass.MassOperations;
import dev.dynakit.core.mass.MassOptions;
import dev.dynakit.core.mass.MassResult;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.core.token.ResumePoint;
import dev.dynakit.core.token.TokenCodec;
import dev.dynakit.core.token.TokenScope;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** {@code dynakit load}: JSON Lines into a declared table, through the Adapter. */
@Command(
    name = "load",
    description = {
      "Write the items of a JSON Lines file (one JSON object per line) into the declared table,"
          + " through the toolkit's Adapter: key fields compose the structural key, technical"
          + " fields and stamps are added, validation applies. Each item is created or replaced;"
          + " an item carrying the table's version field is written only over that version.",
      "Types: JSON strings, numbers (exact), booleans, null, arrays and objects; binaries are"
          + " {\"$B\": \"base64\"}, sets {\"$SS\": [...]}, {\"$NS\": [...]}, {\"$BS\": [...]}"
          + " (what export writes).",
      "Lines go out in batches, each checked completely before it is written. A malformed line"
          + " stops the load: the lines before it are written, nothing at or after it, and the"
          + " command prints its line number and a token that resumes at it (after a fix) with"
          + " --resume. An interruption (Ctrl-C) or a DynamoDB error prints such a token too.",
      "Without --endpoint the lines are checked and written into an embedded in-memory engine: a"
          + " dry run that keeps nothing.",
      "Exit codes: 0 done, 1 stopped (malformed line, failed items, error), 2 usage error."
    },
    usageHelpAutoWidth = true)
final class LoadCommand implements Callable<Integer> {
  private static final String LINE_NOTE = "line";
  private static final String DONE_NOTE = "done";

  @Spec CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @Mixin DeclarationSource source;

  @Parameters(index = "1", paramLabel = "FILE", description = "The JSON Lines file.")
  private Path file;

  @Option(
      names = "--resume",
      paramLabel = "TOKEN",
      description = "Continue an interrupted load of this file into this table from its token.")
  private @Nullable String resume;

  @Option(
      names = "--batch",
      paramLabel = "LINES",
      defaultValue = "500",
      description = "Lines checked and written together (default: ${DEFAULT-VALUE}).")
  private int batch;

  @Option(
      names = "--ignore-versions",
      description =
          "Drop the table's version field from every line, so that each item is created or"
              + " replaced whatever is stored (to copy an export into another table).")
  private boolean ignoreVersions;

  @Option(
      names = "--progress",
      paramLabel = "MODE",
      defaultValue = "auto",
      description =
          "auto (a bar on a terminal, plain lines otherwise), bar, lines or none; on standard"
              + " error.")
  private String progress;

  @Override
  public Integer call() {
    TableSpec declaration = source.declaration();
    if (batch < 1 || batch > 10_000) {
      throw new ParameterException(
          spec.commandLine(), "--batch must be between 1 and 10000, got " + batch);
    }
    if (!Files.isRegularFile(file)) {
      throw new ParameterException(spec.commandLine(), "FILE: no such file: " + file);
    }
    ProgressDisplay.Mode mode = ProgressDisplay.mode(spec, progress);
    TokenCodec codec = CliTokens.codec();
    TokenScope scope =
        new TokenScope("load", declaration.tableName(), file.getFileName().toString());
    ResumePoint from = resume == null ? null : decode(codec, scope);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try (DynamoConnection dynamo = source.connect()) {
      if (dynamo.isEmbedded()) {
        TableProvisioner.of(dynamo.client()).ensure(declaration);
        out.println(
            "Loading into table "
                + declaration.tableName()
                + " on "
                + dynamo.where()
                + " (a dry run: every line is checked and written there, nothing is kept).");
      } else {
        requireTable(dynamo, declaration);
      }
      out.flush();
      Adapter adapter = Adapter.builder(declaration, dynamo.client()).build();
      Run run = new Run(adapter, dynamo, codec, scope, err, mode);
      return run.load(from);
    }
  }

  private ResumePoint decode(TokenCodec codec, TokenScope scope) {
    try {
      ResumePoint point = codec.decode(scope, resume);
      number(point, LINE_NOTE);
      number(point, DONE_NOTE);
      return point;
    } catch (InvalidTokenException e) {
      throw new ParameterException(
          spec.commandLine(),
          "--resume: "
              + e.getMessage()
              + " (a token resumes the load of the same file name into"
              + " the same table)");
    }
  }

  private static long number(ResumePoint point, String note) {
    try {
      return Long.parseLong(point.notes().getOrDefault(note, ""));
    } catch (NumberFormatException e) {
      throw new InvalidTokenException("malformed token: no " + note + " count");
    }
  }

  private static void requireTable(DynamoConnection dynamo, TableSpec declaration) {
    try {
      dynamo.client().describeTable(r -> r.tableName(declaration.tableName()));
    } catch (ResourceNotFoundException e) {
      throw new IllegalStateException(
          "table "
              + declaration.tableName()
              + " does not exist on "
              + dynamo.where()
              + "; create it first with 'dynakit ensure-table'");
    }
  }

  /** One load: the batches, the checkpoints, what is printed. */
  private final class Run {
    private final Adapter adapter;
    private final MassOperations mass;
    private final List<String> keyNames;
    private final TokenCodec codec;
    private final TokenScope scope;
    private final PrintWriter err;
    private final ProgressDisplay display;
    private final AtomicReference<String> checkpoint = new AtomicReference<>();
    private final AtomicBoolean finished = new AtomicBoolean();
    private long written;
    private long failed;

    Run(
        Adapter adapter,
        DynamoConnection dynamo,
        TokenCodec codec,
        TokenScope scope,
        PrintWriter err,
        ProgressDisplay.Mode mode) {
      this.adapter = adapter;
      this.mass = MassOperations.builder(adapter, dynamo.client()).parallelism(2).build();
      this.keyNames = adapter.spec().primaryKeyNames();
      this.codec = codec;
      this.scope = scope;
      this.err = err;
      this.display = new ProgressDisplay(err, mode, "loaded");
    }

    int load(@Nullable ResumePoint from) {
      long skip = from == null ? 0 : number(from, LINE_NOTE);
      written = from == null ? 0 : number(from, DONE_NOTE);
      long total = countLines();
      checkpoint.set(token(skip));
      Thread hook = new Thread(this::interrupted, "dynakit-load-interrupted");
      Runtime.getRuntime().addShutdownHook(hook);
      try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        LineBatches batches = new LineBatches(reader, skip, batch, this::check);
        for (LineBatches.Batch next = batches.next(); next != null; next = batches.next()) {
          write(next.lines());
          checkpoint.set(token(next.through()));
          display.update(next.through(), total);
          if (next.malformed() != null) {
            return stop(next.malformed(), total);
          }
        }
        display.finish(batches.position(), total);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
      } catch (RuntimeException e) {
        finished.set(true);
        display.finish(written, total);
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        fail("load stopped: " + message, checkpoint.get());
        return 1;
      } finally {
        finished.set(true);
        removeHook(hook);
      }
      PrintWriter out = spec.commandLine().getOut();
      out.println(
          "Loaded "
              + written
              + (written == 1 ? " item" : " items")
              + " from "
              + file
              + " into table "
              + adapter.tableName()
              + (failed == 0 ? "." : " (" + failed + " failed, listed above)."));
      out.flush();
      return failed == 0 ? 0 : 1;
    }

    /** Checks an item as the table would take it (without writing); returns its key. */
    private Object check(Map<String, Object> item) {
      if (ignoreVersions && adapter.spec().versionField() != null) {
        item.remove(adapter.spec().versionField());
      }
      WriteOptions.Builder options = WriteOptions.builder().overwrite();
      TransactWriteItem action = adapter.makePut(item, options.build());
      Map<String, AttributeValue> stored =
          action.put() != null ? action.put().item() : action.update().key();
      Map<String, AttributeValue> key = new LinkedHashMap<>();
      for (String name : keyNames) {
        key.put(name, stored.get(name));
      }
      return key;
    }

    private void write(List<LineBatches.Line> lines) {
      if (lines.isEmpty()) {
        return;
      }
      List<Map<String, Object>> items = new ArrayList<>(lines.size());
      Map<Object, Long> lineOf = new HashMap<>();
      for (LineBatches.Line line : lines) {
        items.add(line.item());
        lineOf.put(line.key(), line.number());
      }
      MassResult result = mass.putAll(items, MassOptions.defaults());
      written += result.processed();
      for (ItemFailure failure : concat(result.failed(), result.conflicts())) {
        failed++;
        err.println(
            "dynakit: line "
                + lineOf.get(failure.key())
                + ": not written ("
                + failure.reason()
                + (failure.message() == null ? ")" : "): " + failure.message()));
      }
      err.flush();
    }

    private int stop(LineBatches.Malformed malformed, long total) {
      finished.set(true);
      display.finish(malformed.line() - 1, total);
      fail(
          "line "
              + malformed.line()
              + ": "
              + malformed.reason()
              + "; the "
              + written
              + " items before it are loaded, nothing at or after it",
          checkpoint.get());
      return 1;
    }

    /** On Ctrl-C (or any end of the JVM while loading): where to resume. */
    private void interrupted() {
      if (!finished.get()) {
        fail("load interrupted", checkpoint.get());
      }
    }

    private void fail(String message, String token) {
      err.println("dynakit: " + message.strip().replaceAll("\\s*\\R\\s*", " "));
      err.println(
          "dynakit: resume with: dynakit load "
              + source.specFile()
              + " "
              + file
              + (source.endpoint() == null ? "" : " --endpoint " + source.endpoint())
              + " --resume "
              + token);
      err.flush();
    }

    private String token(long line) {
      return codec.encode(
          scope,
          ResumePoint.startOf("lines")
              .withNote(LINE_NOTE, Long.toString(line))
              .withNote(DONE_NOTE, Long.toString(written)));
    }

    private long countLines() {
      try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        long lines = 0;
        while (reader.readLine() != null) {
          lines++;
        }
        return lines;
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
      }
    }
  }

  private static List<ItemFailure> concat(List<ItemFailure> a, List<ItemFailure> b) {
    List<ItemFailure> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the JVM is ending: the hook runs (and finds the load finished)
    }
  }
}
