package dev.dynakit.it.mass;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.mass.MassOperations;
import dev.dynakit.core.mass.MassOptions;
import dev.dynakit.core.mass.MassResult;
import dev.dynakit.core.mass.Progress;
import dev.dynakit.embedded.DynakitClients;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The child JVM of the kill campaign: runs one mass operation against a DynamoDB endpoint, from the
 * token in its checkpoint file when there is one, and records every checkpoint token durably (a
 * temporary file, forced to disk, atomically renamed over the checkpoint file). When the work is
 * complete it records {@value #DONE}. Arguments: endpoint, table, operation, checkpoint file.
 */
public final class MassChild {
  static final String DONE = "done";

  private MassChild() {}

  public static void main(String[] args) throws IOException {
    URI endpoint = URI.create(args[0]);
    String table = args[1];
    String operation = args[2];
    Path checkpoint = Path.of(args[3]);
    String token = Files.exists(checkpoint) ? Files.readString(checkpoint).strip() : null;
    if (DONE.equals(token)) {
      return;
    }
    try (DynamoDbClient client = DynakitClients.http(endpoint)) {
      Adapter adapter = KillFleet.adapter(client, table);
      MassOperations mass =
          MassOperations.builder(adapter, client).tokenKey(KillFleet.TOKEN_KEY).build();
      MassOptions options =
          MassOptions.builder()
              .resumeToken(token)
              .wholeTable()
              .checkpoints((Progress p) -> record(checkpoint, p.resumeToken()))
              .build();
      MassResult result = KillFleet.run(mass, adapter, operation, options);
      if (!result.complete() || !result.failed().isEmpty() || !result.conflicts().isEmpty()) {
        System.err.println("unexpected result: " + result);
        System.exit(3);
      }
    }
    record(checkpoint, DONE);
  }

  /** Replaces the checkpoint file's content atomically, after forcing the new content to disk. */
  static void record(Path checkpoint, String text) {
    Path temp = checkpoint.resolveSibling(checkpoint.getFileName() + ".tmp");
    try {
      try (FileChannel channel =
          FileChannel.open(
              temp,
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE,
              StandardOpenOption.TRUNCATE_EXISTING)) {
        channel.write(java.nio.ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
        channel.force(true);
      }
      Files.move(temp, checkpoint, StandardCopyOption.ATOMIC_MOVE);
      try (FileChannel directory = FileChannel.open(checkpoint.getParent())) {
        directory.force(true);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
