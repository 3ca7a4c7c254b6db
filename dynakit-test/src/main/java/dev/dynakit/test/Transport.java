package dev.dynakit.test;

/** How a test's client reaches its engine. */
public enum Transport {
  /** Through {@link InProcessHttpClient}: same JVM, no sockets. The fast default. */
  IN_PROCESS("in-process"),
  /** Over real HTTP to an {@code EngineServer} on 127.0.0.1 and a free port. */
  HTTP("http");

  private final String displayName;

  Transport(String displayName) {
    this.displayName = displayName;
  }

  /** A short name for test reports: {@code in-process} or {@code http}. */
  public String displayName() {
    return displayName;
  }
}
