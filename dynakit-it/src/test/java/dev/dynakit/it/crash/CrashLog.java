package dev.dynakit.it.crash;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The crash campaign's event log, one line per event, each appended with one write to the operating
 * system (so a SIGKILL of the writer loses nothing it wrote): {@code S cycle} (the load started),
 * {@code I lane seq op} (a request about to be sent), {@code A lane seq} (its success answered),
 * {@code C lane seq} (a transaction cancelled: applied nothing), and {@code R lane seq 1|0} (the
 * verifier found an unanswered request applied whole, or not at all).
 */
final class CrashLog implements AutoCloseable {
  private final FileOutputStream out;

  CrashLog(Path file) throws IOException {
    this.out = new FileOutputStream(file.toFile(), true);
  }

  synchronized void append(String line) {
    try {
      out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  /** The complete lines of the log; a last line cut by a kill is dropped from the file too. */
  static List<String> readAndRepair(Path file) throws IOException {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      return new ArrayList<>();
    }
    int end = bytes.length;
    while (end > 0 && bytes[end - 1] != '\n') {
      end--;
    }
    if (end < bytes.length) {
      try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
        channel.truncate(end);
      }
    }
    String text = new String(bytes, 0, end, StandardCharsets.UTF_8);
    List<String> lines = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (!line.isEmpty()) {
        lines.add(line);
      }
    }
    return lines;
  }
}
