package dev.dynakit.it.diff;

import java.util.List;

/**
 * One request sent to both peers and how the replies are compared: {@code compare} lists the
 * top-level response members compared exactly (empty: the whole body); errors are compared by
 * status and error type only, since message wording differs between emulators.
 */
record DifferentialScenario(String operation, String json, List<String> compare) {
  static DifferentialScenario exact(String operation, String json) {
    return new DifferentialScenario(operation, json, List.of());
  }

  static DifferentialScenario members(String operation, String json, String... members) {
    return new DifferentialScenario(operation, json, List.of(members));
  }
}
