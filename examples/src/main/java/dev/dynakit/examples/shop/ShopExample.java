package dev.dynakit.examples.shop;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.entity.EntityTable;
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
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The single-table example: a shop's customers, orders, order lines and votes in one table,
 * declared in {@code specs/shop.json}. {@link #run()} provisions the table from that declaration,
 * writes the data through the entity views, then runs every declared access pattern in one request
 * each (and shows the sparse queue and the sharded votes following writes), printing each call and
 * its result.
 *
 * <pre>{@code
 * try (DynakitEngine engine = DynakitEngine.inMemory();
 *     DynamoDbClient client = DynakitClients.inProcess(engine)) {
 *   ShopExample.builder(client).build().run();
 * }
 * }</pre>
 */
public final class ShopExample {
  /** Where the declaration is on the class path (and, under {@code examples/}, in the sources). */
  public static final String SPEC_RESOURCE = "specs/shop.json";

  private final DynamoDbClient client;
  private final PrintWriter out;
  private final TableSpec spec;
  private final Adapter adapter;
  private final EntityTable shop;
  private final ShopData data = ShopData.generate();

  private ShopExample(Builder b) {
    this.client = b.client;
    this.out = b.out;
    this.spec = spec();
    this.adapter = Adapter.builder(spec, client).build();
    this.shop = EntityTable.of(adapter);
  }

  /** Runs the example on a fresh in-memory engine, printing to standard output. */
  public static void main(String[] args) {
    try (DynakitEngine engine = DynakitEngine.inMemory();
        DynamoDbClient client = DynakitClients.inProcess(engine)) {
      builder(client).build().run();
    }
  }

  /** The example's declaration, read from {@value #SPEC_RESOURCE} on the class path. */
  public static TableSpec spec() {
    try (InputStream in = ShopExample.class.getClassLoader().getResourceAsStream(SPEC_RESOURCE)) {
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
   * Provisions the table, writes the data and runs every access pattern, printing as it goes.
   *
   * @return how many steps (access patterns and the writes that show one) ran
   */
  public int run() {
    out.println(
        "The shop example: table "
            + spec.tableName()
            + " (customers, orders, order lines and votes in one table), declared in "
            + SPEC_RESOURCE
            + ", used through its entity views and access patterns.");
    provision();
    load();
    ShopReport report = new ShopReport(out);
    new ShopPatterns(shop, data, report).run();
    out.println();
    out.println(
        "Done: "
            + report.patterns()
            + " steps, every access pattern of "
            + SPEC_RESOURCE
            + " in one request each, on "
            + data.size()
            + " items.");
    out.flush();
    return report.patterns();
  }

  /** The Adapter the example's entities are written and read through. */
  public Adapter adapter() {
    return adapter;
  }

  /** The entity views and access patterns of the table. */
  public EntityTable table() {
    return shop;
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
        "Writing "
            + data.customers().size()
            + " customers, "
            + data.orders().size()
            + " orders, "
            + data.orderItems().size()
            + " order lines and "
            + data.votes().size()
            + " votes with shop.entity(name).create(item).");
    create("customer", data.customers());
    create("order", data.orders());
    create("orderItem", data.orderItems());
    create("vote", data.votes());
    out.flush();
  }

  private void create(String entity, List<Map<String, Object>> items) {
    for (Map<String, Object> item : items) {
      shop.entity(entity).create(item);
    }
  }

  /** Assembles a {@link ShopExample}. */
  public static final class Builder {
    private final DynamoDbClient client;
    private PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);

    private Builder(DynamoDbClient client) {
      this.client = Objects.requireNonNull(client, "client");
    }

    /** Where the example prints (standard output by default). */
    public Builder out(PrintWriter value) {
      this.out = Objects.requireNonNull(value, "out");
      return this;
    }

    /** The example with these settings. */
    public ShopExample build() {
      return new ShopExample(this);
    }
  }
}
