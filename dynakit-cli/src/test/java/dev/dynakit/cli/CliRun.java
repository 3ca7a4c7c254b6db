package dev.dynakit.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A {@code dynakit} command line running on its own thread, until it ends or is interrupted. */
final class CliRun implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+)");

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private final AtomicInteger exitCode = new AtomicInteger(-1);
  private final Thread thread;

  CliRun(String... args) {
    thread =
        new Thread(
            () ->
                exitCode.set(
                    Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args)),
            "dynakit-cli-under-test");
    thread.start();
  }

  /** Waits for the line that says where the command listens, and returns that endpoint. */
  URI endpoint() throws InterruptedException {
    return endpoint(LISTENING);
  }

  /** Waits for output matching {@code line} and returns the URL its first group captures. */
  URI endpoint(Pattern line) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      Matcher m = line.matcher(out.toString());
      if (m.find()) {
        return URI.create(m.group(1));
      }
      if (!thread.isAlive()) {
        throw new AssertionError("the command ended without serving: " + err + out);
      }
      Thread.sleep(10);
    }
    throw new AssertionError("the command did not start serving: " + err + out);
  }

  /** Interrupts the command (as a stop would) and returns its exit code. */
  int stop() throws InterruptedException {
    thread.interrupt();
    return awaitExit();
  }

  int awaitExit() throws InterruptedException {
    thread.join(Duration.ofSeconds(60).toMillis());
    if (thread.isAlive()) {
      throw new AssertionError("the command did not end: " + err + out);
    }
    return exitCode.get();
  }

  String out() {
    return out.toString();
  }

  String err() {
    return err.toString();
  }

  @Override
  public void close() throws InterruptedException {
    if (thread.isAlive()) {
      stop();
    }
  }
}
