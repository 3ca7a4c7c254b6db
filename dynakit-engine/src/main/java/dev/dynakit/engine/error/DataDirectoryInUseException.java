package dev.dynakit.engine.error;

import java.nio.file.Path;

/**
 * Another engine, in this process or another, has the data directory open: the store's lock file is
 * held. The directory is left as it was; close the other engine (or stop its process) first.
 */
public final class DataDirectoryInUseException extends EngineStartupException {
  private static final long serialVersionUID = 1L;

  public DataDirectoryInUseException(Path directory, Throwable cause) {
    super(
        directory,
        "The data directory "
            + directory
            + " is in use by another engine (its LOCK file is held); close that engine or stop"
            + " its process first",
        cause);
  }
}
