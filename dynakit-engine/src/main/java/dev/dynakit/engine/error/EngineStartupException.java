package dev.dynakit.engine.error;

import java.nio.file.Path;

/**
 * An engine could not start: its data directory could not be opened (unreadable, not a directory, a
 * store it cannot read). Unlike {@link EngineException} it answers no request; it is thrown by the
 * engine's builder.
 */
public class EngineStartupException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Path directory;

  public EngineStartupException(Path directory, String message, Throwable cause) {
    super(message, cause);
    this.directory = directory;
  }

  /** The data directory the engine tried to open. */
  public Path directory() {
    return directory;
  }
}
