package dev.dynakit.benchmarks;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.embedded.InProcessHttpClient;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineResponse;
import java.net.URI;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * The engine's own cost per request, without the SDK or HTTP: {@code DynakitEngine.handle(target,
 * body)} on the four operations of {@link Workload}, with the very request bodies the SDK sends
 * (recorded by sending each pooled request once through the SDK at set-up, which also seeds the
 * tables as {@link Seeder} does). Run by {@code benchmarks/engine-alone.sh}; add {@code -prof gc}
 * for allocations per operation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class EngineAlone {
  private DynakitEngine engine;
  private Pool gets;
  private Pool puts;
  private Pool queries;
  private Pool batches;

  /** Recorded requests of one operation, replayed round robin. */
  private static final class Pool {
    private final String target;
    private final byte[][] bodies;
    private int next;

    Pool(List<RecordingHttpClient.Sent> sent) {
      if (sent.isEmpty()) {
        throw new IllegalStateException("no requests recorded");
      }
      this.target = sent.get(0).target();
      this.bodies = new byte[sent.size()][];
      for (int i = 0; i < bodies.length; i++) {
        if (!sent.get(i).target().equals(target)) {
          throw new IllegalStateException(
              "mixed operations recorded: " + target + ", " + sent.get(i).target());
        }
        bodies[i] = sent.get(i).body();
      }
    }

    EngineResponse run(DynakitEngine engine) {
      byte[] body = bodies[next];
      next = next + 1 == bodies.length ? 0 : next + 1;
      EngineResponse r = engine.handle(target, body);
      if (r.status() != 200) {
        throw new IllegalStateException(target + " answered " + r.status() + ": " + r.bodyText());
      }
      return r;
    }
  }

  @Setup
  public void setUp() {
    engine = DynakitEngine.inMemory();
    RecordingHttpClient recorder = new RecordingHttpClient(InProcessHttpClient.of(engine));
    try (DynamoDbClient client =
        DynamoDbClient.builder()
            .httpClient(recorder)
            .endpointOverride(URI.create("http://dynakit.invalid"))
            .region(DynakitClients.REGION)
            .credentialsProvider(
                StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(
                        DynakitClients.ACCESS_KEY, DynakitClients.ACCESS_KEY)))
            .build()) {
      Seeder.seed(client);
      recorder.takeSent();
      for (GetItemRequest r : Workload.gets()) {
        client.getItem(r);
      }
      gets = new Pool(recorder.takeSent());
      Random random = new Random(42);
      for (PutItemRequest r : Workload.puts(random)) {
        client.putItem(r);
      }
      puts = new Pool(recorder.takeSent());
      client.query(Workload.query());
      queries = new Pool(recorder.takeSent());
      for (BatchWriteItemRequest r : Workload.batches(random)) {
        client.batchWriteItem(r);
      }
      batches = new Pool(recorder.takeSent());
    }
    String page = queries.run(engine).bodyText();
    if (!page.contains("\"Count\":" + Workload.QUERY_PARTITION_SIZE + ",")) {
      throw new IllegalStateException("the Query does not return the whole partition: " + page);
    }
  }

  @TearDown
  public void tearDown() {
    engine.close();
  }

  @Benchmark
  public EngineResponse getItem() {
    return gets.run(engine);
  }

  @Benchmark
  public EngineResponse putItem() {
    return puts.run(engine);
  }

  @Benchmark
  public EngineResponse query() {
    return queries.run(engine);
  }

  @Benchmark
  public EngineResponse batchWriteItem() {
    return batches.run(engine);
  }
}
