package dev.dynakit.benchmarks;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.embedded.InProcessHttpClient;
import dev.dynakit.engine.DynakitEngine;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
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
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

/**
 * What the Adapter adds to a DynamoDB call: {@code getByKey} and {@code put} through the Adapter,
 * against the same GetItem and PutItem written by hand with the SDK's {@code DynamoDbClient}, both
 * on an in-process engine (no sockets). The Adapter's side includes composing the structural key,
 * stamping the version, converting Java values to attribute values and back, and stripping
 * technical fields; the SDK's side builds its request by hand each time, as a user would. {@link
 * SameCalls} checks, before measuring, that both sides send the same requests. Run by {@code
 * benchmarks/adapter-overhead.sh}; results in {@code docs/benchmarks.md}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AdapterOverhead {
  private static final Map<String, Object> KEY = OverheadTable.key();
  private static final Map<String, Object> ITEM = OverheadTable.item();
  private static final WriteOptions OVERWRITE = WriteOptions.overwriting();

  private DynakitEngine engine;
  private DynamoDbClient client;
  private Adapter adapter;

  @Setup
  public void setUp() {
    engine = DynakitEngine.inMemory();
    TableSpec spec = OverheadTable.spec();
    SameCalls recorder = new SameCalls();
    try (DynamoDbClient recording =
        DynamoDbClient.builder()
            .httpClient(InProcessHttpClient.of(engine))
            .endpointOverride(URI.create("http://dynakit.invalid"))
            .region(DynakitClients.REGION)
            .credentialsProvider(
                StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(
                        DynakitClients.ACCESS_KEY, DynakitClients.ACCESS_KEY)))
            .overrideConfiguration(
                ClientOverrideConfiguration.builder().addExecutionInterceptor(recorder).build())
            .build()) {
      TableProvisioner.of(recording).ensure(spec);
      recorder.check(recording, spec);
    }
    client = DynakitClients.inProcessDirect(engine);
    adapter = Adapter.builder(spec, client).build();
  }

  @TearDown
  public void tearDown() {
    client.close();
    engine.close();
  }

  @Benchmark
  public Optional<Map<String, Object>> adapterGetByKey() {
    return adapter.getByKey(KEY);
  }

  @Benchmark
  public Map<String, AttributeValue> sdkGetItem() {
    return client.getItem(OverheadTable.getItem()).item();
  }

  @Benchmark
  public Map<String, Object> adapterPut() {
    return adapter.put(ITEM, OVERWRITE);
  }

  @Benchmark
  public PutItemResponse sdkPutItem() {
    return client.putItem(OverheadTable.putItem());
  }
}
