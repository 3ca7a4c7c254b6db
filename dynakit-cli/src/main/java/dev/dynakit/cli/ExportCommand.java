package dev.dynakit.cli;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.schema.TableSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/** {@code dynakit export}: a declared table as JSON Lines, read with a parallel scan. */
@Command(
    name = "export",
    description = {
      "Write every item of the declared table as JSON Lines (one object per line, in no"
          + " particular order), as a read through the toolkit's Adapter returns it: technical"
          + " fields left out except the version and created-at fields. Every type is kept"
          + " exactly (see load), so that load takes the output back.",
      "The table is read with a parallel scan (--segments). With --out, the file appears"
          + " complete or not at all (written beside it, then renamed).",
      "Exit codes: 0 done, 1 failure (nothing written to --out), 2 usage error."
    },
    usageHelpAutoWidth = true)
final class ExportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @Mixin DeclarationSource source;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "Write to this file instead of standard output.")
  private @Nullable Path outFile;

  @Option(
      names = "--segments",
      paramLabel = "N",
      defaultValue = "4",
      description = "Scan segments read in parallel (default: ${DEFAULT-VALUE}).")
  private int segments;

  @Option(
      names = "--progress",
      paramLabel = "MODE",
      defaultValue = "auto",
      description =
          "auto (a bar on a terminal, plain lines otherwise), bar, lines or none; on standard"
              + " error.")
  private String progress;

  @Override
  public Integer call() throws IOException {
    TableSpec declaration = source.declaration();
    if (source.endpoint() == null) {
      throw new ParameterException(
          spec.commandLine(),
          "export reads a table that exists: give --endpoint (without it there would be only an"
              + " empty embedded engine)");
    }
    if (segments < 1 || segments > 64) {
      throw new ParameterException(
          spec.commandLine(), "--segments must be between 1 and 64, got " + segments);
    }
    ProgressDisplay.Mode mode = ProgressDisplay.mode(spec, progress);
    PrintWriter err = spec.commandLine().getErr();
    try (DynamoConnection dynamo = source.connect()) {
      Long estimate = itemCount(dynamo, declaration.tableName());
      Adapter adapter = Adapter.builder(declaration, dynamo.client()).build();
      ProgressDisplay display = new ProgressDisplay(err, mode, "exported");
      long exported;
      if (outFile == null) {
        PrintWriter out = spec.commandLine().getOut();
        exported = scan(dynamo.client(), adapter, out, display, estimate);
        out.flush();
      } else {
        exported = toFile(dynamo.client(), adapter, display, estimate);
      }
      display.finish(exported, estimate);
      String summary =
          "Exported "
              + exported
              + (exported == 1 ? " item" : " items")
              + " of table "
              + declaration.tableName()
              + (outFile == null ? "." : " to " + outFile + ".");
      (outFile == null ? err : spec.commandLine().getOut()).println(summary);
      return 0;
    }
  }

  /** The table's item count as DynamoDB estimates it (for progress); null when unknown. */
  private static @Nullable Long itemCount(DynamoConnection dynamo, String table) {
    try {
      Long count = dynamo.client().describeTable(r -> r.tableName(table)).table().itemCount();
      return count == null || count <= 0 ? null : count;
    } catch (ResourceNotFoundException e) {
      throw new IllegalStateException("table " + table + " does not exist on " + dynamo.where());
    }
  }

  /** Writes beside the file, then renames it over: the file is complete or not there. */
  private long toFile(
      DynamoDbClient client, Adapter adapter, ProgressDisplay display, @Nullable Long estimate)
      throws IOException {
    Path target = outFile.toAbsolutePath();
    Path temp = Files.createTempFile(target.getParent(), target.getFileName() + ".", ".part");
    AtomicBoolean done = new AtomicBoolean();
    Thread cleanup =
        new Thread(
            () -> {
              if (!done.get()) {
                temp.toFile().delete();
              }
            },
            "dynakit-export-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    try (Writer writer = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
      long exported = scan(client, adapter, writer, display, estimate);
      writer.flush();
      writer.close();
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return exported;
    } finally {
      done.set(true);
      Files.deleteIfExists(temp);
      try {
        Runtime.getRuntime().removeShutdownHook(cleanup);
      } catch (IllegalStateException shuttingDown) {
        // the JVM is ending; the hook finds the work done
      }
    }
  }

  /** Reads the segments in parallel, each page written as one block of lines; the item count. */
  private long scan(
      DynamoDbClient client,
      Adapter adapter,
      Writer out,
      ProgressDisplay display,
      @Nullable Long estimate) {
    AtomicLong count = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(segments);
    try {
      List<Future<?>> readers = new ArrayList<>();
      for (int segment = 0; segment < segments; segment++) {
        ScanRequest request =
            ScanRequest.builder()
                .tableName(adapter.tableName())
                .segment(segment)
                .totalSegments(segments)
                .build();
        readers.add(
            pool.submit(
                () -> {
                  for (ScanResponse page : client.scanPaginator(request)) {
                    StringBuilder lines = new StringBuilder();
                    int items = 0;
                    for (Map<String, AttributeValue> stored : page.items()) {
                      Map<String, Object> item = adapter.revive(stored);
                      if (item != null) {
                        lines.append(ItemJson.write(item)).append('\n');
                        items++;
                      }
                    }
                    synchronized (out) {
                      out.write(lines.toString());
                    }
                    display.update(count.addAndGet(items), estimate);
                  }
                  return null;
                }));
      }
      for (Future<?> reader : readers) {
        reader.get();
      }
      return count.get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException) {
        throw new UncheckedIOException((IOException) cause);
      }
      throw cause instanceof RuntimeException
          ? (RuntimeException) cause
          : new IllegalStateException(cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("export interrupted", e);
    } finally {
      pool.shutdownNow();
    }
  }
}
