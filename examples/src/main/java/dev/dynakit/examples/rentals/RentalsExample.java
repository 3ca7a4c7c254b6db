package dev.dynakit.examples.rentals;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.provision.ProvisioningPlan;
import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The car-rental example: a hierarchical table (state → city → rental) declared in {@code
 * specs/cars.json}. {@link #run()} provisions the table from that declaration, loads three states,
 * eight cities and 300 rentals through the Adapter (with a progress bar), then runs the access
 * patterns one after the other, printing each call and its result.
 *
 * <pre>{@code
 * try (DynakitEngine engine = DynakitEngine.inMemory();
 *     DynamoDbClient client = DynakitClients.inProcess(engine)) {
 *   RentalsExample.builder(client).build().run();
 * }
 * }</pre>
 */
public final class RentalsExample {
  /** Where the declaration is on the class path (and, under {@code examples/}, in the sources). */
  public static final String SPEC_RESOURCE = "specs/cars.json";

  private final DynamoDbClient client;
  private final PrintWriter out;
  private final boolean redraw;
  private final TableSpec spec;
  private final Adapter rentals;
  private final RentalData data = RentalData.generate();

  private RentalsExample(Builder b) {
    this.client = b.client;
    this.out = b.out;
    this.redraw = b.redraw;
    this.spec = spec();
    this.rentals = Adapter.builder(spec, client).build();
  }

  /** Runs the example on a fresh in-memory engine, printing to standard output. */
  public static void main(String[] args) {
    try (DynakitEngine engine = DynakitEngine.inMemory();
        DynamoDbClient client = DynakitClients.inProcess(engine)) {
      builder(client).redraw(System.console() != null).build().run();
    }
  }

  /** The example's declaration, read from {@value #SPEC_RESOURCE} on the class path. */
  public static TableSpec spec() {
    try (InputStream in =
        RentalsExample.class.getClassLoader().getResourceAsStream(SPEC_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(SPEC_RESOURCE + " is not on the class path");
      }
      return TableSpec.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + SPEC_RESOURCE, e);
    }
  }

  /** An example that works through {@code client} (which the caller keeps and closes). */
  public static Builder builder(DynamoDbClient client) {
    return new Builder(client);
  }

  /**
   * Provisions the table, loads the data and runs every access pattern, printing as it goes.
   *
   * @return how many access patterns ran
   */
  public int run() {
    out.println(
        "The car-rental example: table "
            + spec.tableName()
            + " (state -> city -> rental), declared in "
            + SPEC_RESOURCE
            + ", used through the Adapter.");
    provision();
    load();
    Report report = new Report(out);
    Stage stage = new Stage(rentals, data, new ItemText(spec), report);
    new TreePatterns(stage).run();
    new IndexPatterns(stage).run();
    new ListPatterns(stage).run();
    new WritePatterns(stage).run();
    out.println();
    out.println(
        "Done: "
            + report.patterns()
            + " access patterns on "
            + data.items().size()
            + " items (some of them changed by the write patterns).");
    out.flush();
    return report.patterns();
  }

  /** The Adapter the example reads and writes with. */
  public Adapter adapter() {
    return rentals;
  }

  /** The key of a rental that the example reads and leaves in place, to try other clients on. */
  public Map<String, Object> sampleKey() {
    return new Stage(rentals, data, new ItemText(spec), new Report(out)).sample();
  }

  private void provision() {
    out.println();
    out.println("Provisioning " + spec.tableName() + " from its declaration:");
    ProvisioningPlan plan =
        TableProvisioner.of(client).ensure(spec, step -> out.println("  " + step));
    if (plan.isEmpty()) {
      out.println("  (it matches its declaration already)");
    }
    out.flush();
  }

  private void load() {
    out.println();
    out.println(
        "Loading "
            + data.states()
            + " states, "
            + data.cities()
            + " cities and "
            + data.rentals().size()
            + " rentals with rentals.post(item):");
    ProgressBar bar = new ProgressBar(out, redraw, "items", data.items().size());
    for (Map<String, Object> item : data.items()) {
      rentals.post(item);
      bar.step();
    }
  }

  /** Assembles a {@link RentalsExample}. */
  public static final class Builder {
    private final DynamoDbClient client;
    private PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    private boolean redraw;

    private Builder(DynamoDbClient client) {
      this.client = Objects.requireNonNull(client, "client");
    }

    /** Where the example prints (standard output by default). */
    public Builder out(PrintWriter value) {
      this.out = Objects.requireNonNull(value, "out");
      return this;
    }

    /**
     * Whether the progress bar redraws one line in place (for a terminal) instead of printing a
     * line at every quarter (the default, for pipes and logs).
     */
    public Builder redraw(boolean value) {
      this.redraw = value;
      return this;
    }

    /** The example with these settings. */
    public RentalsExample build() {
      return new RentalsExample(this);
    }
  }
}
