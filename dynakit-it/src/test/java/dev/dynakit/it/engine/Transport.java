package dev.dynakit.it.engine;

/** How a test reaches the engine: through the in-process SDK transport or over real HTTP. */
enum Transport {
  IN_PROCESS,
  HTTP
}
