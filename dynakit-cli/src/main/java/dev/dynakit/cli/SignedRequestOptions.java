package dev.dynakit.cli;

import dev.dynakit.engine.EngineServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code serve --auth ACCESS_KEY_ID:SECRET} and {@code --auth-file FILE}: the access keys whose AWS
 * Signature Version 4 the engine then requires on every request. Without either option any
 * signature is accepted.
 */
final class SignedRequestOptions {
  @Option(
      names = "--auth",
      paramLabel = "KEY_ID:SECRET",
      description = {
        "Require every request to be signed (AWS SigV4) by this access key; repeatable. Without"
            + " --auth or --auth-file any signature is accepted."
      })
  private List<String> keys = new ArrayList<>();

  @Option(
      names = "--auth-file",
      paramLabel = "FILE",
      description = {
        "Like --auth, with the keys read from FILE: one KEY_ID:SECRET a line; blank lines and"
            + " lines starting with # are skipped."
      })
  private Path file;

  /** Gives the server each key; a malformed key or an unreadable file is a usage error. */
  void apply(EngineServer.Builder server, CommandLine commandLine) {
    for (String key : keys) {
      add(server, key, "--auth", commandLine);
    }
    if (file == null) {
      return;
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ParameterException(commandLine, "--auth-file: cannot read " + file + ": " + e);
    }
    int keysRead = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      add(server, line, "--auth-file: " + file + " line " + (i + 1), commandLine);
      keysRead++;
    }
    if (keysRead == 0) {
      throw new ParameterException(commandLine, "--auth-file: " + file + " holds no key");
    }
  }

  private static void add(
      EngineServer.Builder server, String key, String where, CommandLine commandLine) {
    int colon = key.indexOf(':');
    if (colon <= 0 || colon == key.length() - 1) {
      // the secret is not echoed: it may be most of the value
      throw new ParameterException(
          commandLine, where + ": an access key is KEY_ID:SECRET, both non-empty");
    }
    try {
      server.signedBy(key.substring(0, colon), key.substring(colon + 1));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(commandLine, where + ": " + e.getMessage());
    }
  }
}
