package dev.dynakit.embedded;

/** How a client reaches its engine (see {@link DynakitClients#of}). */
public enum Transport {
  /**
   * In the same JVM, no sockets, through the whole wire format ({@link DynakitClients#inProcess}):
   * the default.
   */
  IN_PROCESS("in-process"),
  /** In the same JVM, requests and answers as objects ({@link DynakitClients#inProcessDirect}). */
  IN_PROCESS_DIRECT("in-process-direct"),
  /** Over real HTTP to an {@code EngineServer} on 127.0.0.1 and a free port. */
  HTTP("http");

  private final String displayName;

  Transport(String displayName) {
    this.displayName = displayName;
  }

  /**
   * A short name for test reports: {@code in-process}, {@code in-process-direct} or {@code http}.
   */
  public String displayName() {
    return displayName;
  }
}
