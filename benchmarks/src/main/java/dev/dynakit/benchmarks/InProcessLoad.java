package dev.dynakit.benchmarks;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.test.DynakitClients;
import java.io.IOException;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The same measurements as {@link SdkLoad}, with the same SDK client, on an in-memory engine in
 * this JVM reached through the in-process transport of {@code dynakit-test} (no sockets, no HTTP).
 * Seeds the engine first.
 *
 * <pre>
 * java -cp … dev.dynakit.benchmarks.InProcessLoad --target in-process \
 *     --ops GetItem,PutItem,Query,BatchWriteItem --threads 1,16 --warmup-seconds 3 --seconds 7 \
 *     --out results.tsv
 * </pre>
 */
public final class InProcessLoad {
  private InProcessLoad() {}

  public static void main(String[] args) throws IOException {
    SdkLoad.Plan plan = SdkLoad.Plan.from(SdkLoad.flags(args, Set.of(), Set.of()));
    try (DynakitEngine engine = DynakitEngine.inMemory();
        DynamoDbClient client = DynakitClients.inProcess(engine)) {
      plan.run(client, true);
    }
    System.exit(0);
  }
}
