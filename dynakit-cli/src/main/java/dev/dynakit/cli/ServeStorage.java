package dev.dynakit.cli;

import dev.dynakit.engine.Durability;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.error.EngineStartupException;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Where {@code dynakit serve} keeps its data: in memory, or on disk with {@code --data-dir}. */
final class ServeStorage {
  private ServeStorage() {}

  /**
   * The engine the options ask for, built from {@code settings} (the other options' choices).
   *
   * @throws ParameterException for a durability other than strict or relaxed
   * @throws CommandFailure when the data directory cannot be opened (in use by another engine, not
   *     a directory, unreadable), with the engine's message, which names it
   */
  static DynakitEngine open(
      CommandSpec spec, DynakitEngine.Builder settings, Path dataDirectory, String durability) {
    Durability mode = durability(spec, durability);
    if (dataDirectory == null) {
      return settings.build();
    }
    try {
      return settings.dataDirectory(dataDirectory).durability(mode).build();
    } catch (EngineStartupException e) {
      throw CommandFailure.failed(e.getMessage());
    }
  }

  /** What the listening line says after the endpoint: where the data lives. */
  static String describe(Path dataDirectory, String durability) {
    if (dataDirectory == null) {
      return " (in memory: the data is lost when it stops; keep it with --data-dir DIR)";
    }
    return " (data in "
        + dataDirectory.toAbsolutePath().normalize()
        + ", durability "
        + durability.toLowerCase(Locale.ROOT)
        + ")";
  }

  private static Durability durability(CommandSpec spec, String text) {
    switch (text.toLowerCase(Locale.ROOT)) {
      case "strict":
        return Durability.STRICT;
      case "relaxed":
        return Durability.RELAXED;
      default:
        throw new ParameterException(
            spec.commandLine(), "--durability must be strict or relaxed, got '" + text + "'");
    }
  }
}
