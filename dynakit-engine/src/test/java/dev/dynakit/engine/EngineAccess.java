package dev.dynakit.engine;

import dev.dynakit.engine.internal.EngineState;

/** Test access to an engine's shared state, for tests in other packages. */
public final class EngineAccess {
  private EngineAccess() {}

  public static EngineState state(DynakitEngine engine) {
    return engine.state();
  }
}
