package dev.dynakit.it.diff;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Dynakit's engine over HTTP and dynalite, side by side: each differential test starts one pair,
 * sends every scenario to both and lists where the replies differ.
 */
final class Peers implements AutoCloseable {
  /** One scenario's replies: Dynakit's, then dynalite's. */
  record Exchange(RawClient.Reply ours, RawClient.Reply theirs) {}

  private final Dynalite dynalite;
  private final DynakitEngine engine;
  private final EngineServer server;

  private Peers(Dynalite dynalite, DynakitEngine engine, EngineServer server) {
    this.dynalite = dynalite;
    this.engine = engine;
    this.server = server;
  }

  static Peers start() throws Exception {
    Dynalite dynalite = Dynalite.start();
    DynakitEngine engine = DynakitEngine.inMemory();
    try {
      return new Peers(dynalite, engine, EngineServer.start(engine, "127.0.0.1", 0));
    } catch (Exception | Error e) {
      engine.close();
      dynalite.close();
      throw e;
    }
  }

  /** Sends every scenario to both peers, in order; the replies in the same order. */
  List<Exchange> exchange(List<DifferentialScenario> scenarios) throws Exception {
    RawClient ours = new RawClient(server.endpoint());
    RawClient theirs = new RawClient(dynalite.endpoint);
    List<Exchange> replies = new ArrayList<>(scenarios.size());
    for (DifferentialScenario s : scenarios) {
      RawClient.Reply a = ours.call(s.operation(), s.json());
      replies.add(new Exchange(a, theirs.call(s.operation(), s.json())));
    }
    return replies;
  }

  /**
   * The scenarios whose replies differ, described, leaving out those listed as known deviations
   * (index → why).
   */
  static List<String> mismatches(
      List<DifferentialScenario> scenarios, List<Exchange> replies, Map<Integer, String> known) {
    List<String> mismatches = new ArrayList<>();
    for (int i = 0; i < scenarios.size(); i++) {
      DifferentialScenario s = scenarios.get(i);
      String diff =
          known.containsKey(i)
              ? null
              : Replies.compare(s, replies.get(i).ours(), replies.get(i).theirs());
      if (diff != null) {
        mismatches.add("#" + i + " " + s.operation() + " " + abbreviate(s.json()) + "\n   " + diff);
      }
    }
    return mismatches;
  }

  private static String abbreviate(String json) {
    return json.length() > 300 ? json.substring(0, 300) + "..." : json;
  }

  @Override
  public void close() throws Exception {
    try {
      server.close();
    } finally {
      try {
        engine.close();
      } finally {
        dynalite.close();
      }
    }
  }
}
