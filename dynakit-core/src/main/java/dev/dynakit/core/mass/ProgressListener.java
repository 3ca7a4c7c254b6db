package dev.dynakit.core.mass;

/**
 * Told how a mass operation advances: at most every 200 ms while it runs, and once when it stops
 * (finished or out of budget). Called on the operation's threads; keep it quick. An exception it
 * throws is ignored, so that observing never changes what the operation does.
 */
@FunctionalInterface
public interface ProgressListener {
  void onProgress(Progress progress);

  /** A listener that ignores everything. */
  static ProgressListener none() {
    return progress -> {};
  }
}
