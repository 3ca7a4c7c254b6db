package dev.dynakit.it.engine;

import dev.dynakit.embedded.Transport;
import dev.dynakit.engine.Durability;
import dev.dynakit.engine.DynakitEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The engine configurations the integration suite runs on: every transport on the memory store, and
 * the on-disk store once, behind the default transport (the store is below the transport, so
 * crossing every transport with every store would test nothing more, and cost CI time).
 */
enum EngineSetup {
  IN_PROCESS(Transport.IN_PROCESS, false),
  IN_PROCESS_DIRECT(Transport.IN_PROCESS_DIRECT, false),
  HTTP(Transport.HTTP, false),
  /**
   * The on-disk store in a fresh temporary directory, relaxed durability: the suite checks what the
   * store answers, not what survives a power loss, and syncing every write would only slow it.
   */
  ON_DISK(Transport.IN_PROCESS, true);

  private final Transport transport;
  private final boolean onDisk;

  EngineSetup(Transport transport, boolean onDisk) {
    this.transport = transport;
    this.onDisk = onDisk;
  }

  Transport transport() {
    return transport;
  }

  /**
   * Gives {@code builder} this setup's store; returns the directory to delete after the engine is
   * closed, or null.
   */
  Path configure(DynakitEngine.Builder builder) {
    if (!onDisk) {
      return null;
    }
    try {
      Path directory = Files.createTempDirectory("dynakit-it-disk");
      builder.dataDirectory(directory).durability(Durability.RELAXED);
      return directory;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
