package dev.dynakit.engine.fuzz;

import dev.dynakit.engine.fuzz.SeedRequests.Seed;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Sends one mutated request of a given operation and judges the answer; keeps the fixture table in
 * place, since a mutated request may delete it or fill the account with tables.
 */
final class RequestFuzzer {
  /** One fuzzed exchange, and what is wrong with its answer (null when nothing is). */
  record Outcome(String operation, byte[] body, int status, byte[] answer, String problem) {
    String describe() {
      return operation
          + " "
          + Answers.show(body, 3000)
          + "\n  -> "
          + status
          + " "
          + Answers.show(answer, 500)
          + "\n  problem: "
          + problem;
    }
  }

  private final FuzzTarget target;
  private final List<Map<String, Object>> donors = new ArrayList<>();
  private final Map<String, List<Map<String, Object>>> seedsByOperation = new HashMap<>();

  RequestFuzzer(FuzzTarget target) {
    this.target = target;
    for (Seed s : SeedRequests.ALL) {
      Map<String, Object> tree = s.tree();
      donors.add(tree);
      seedsByOperation.computeIfAbsent(s.operation(), k -> new ArrayList<>()).add(tree);
    }
    restoreFixture();
  }

  /** Puts the fixture table and its items back as they were, dropping every other table. */
  @SuppressWarnings("unchecked")
  void restoreFixture() {
    FuzzTarget.Answer tables = target.call("ListTables", SeedRequests.bytes("{}"));
    Map<String, Object> listed =
        dev.dynakit.engine.internal.protocol.Json.parseObject(tables.body());
    for (Object name : (List<Object>) listed.getOrDefault("TableNames", List.of())) {
      target.call("DeleteTable", SeedRequests.bytes("{'TableName':'" + name + "'}"));
    }
    SeedRequests.createFixture((op, body) -> target.call(op, body).status());
  }

  /** Sends one request of {@code operation} mutated as {@code seed} decides. */
  Outcome fuzz(String operation, long seed) {
    Random random = new Random(seed);
    List<Map<String, Object>> seeds = seedsByOperation.get(operation);
    @SuppressWarnings("unchecked")
    Map<String, Object> tree =
        (Map<String, Object>) JsonText.copy(seeds.get(random.nextInt(seeds.size())));
    byte[] body = new Mutator(random, donors).mutate(tree);
    FuzzTarget.Answer answer = target.call(operation, body);
    return new Outcome(
        operation,
        body,
        answer.status(),
        answer.body(),
        Answers.problem(answer.status(), answer.body()));
  }
}
