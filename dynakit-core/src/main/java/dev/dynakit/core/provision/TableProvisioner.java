package dev.dynakit.core.provision;

import dev.dynakit.core.schema.TableSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/**
 * Creates and checks a table from its declaration: {@link #plan} (read-only: what would be created
 * or changed), {@link #ensure} (apply the plan, waiting for ACTIVE after each step) and {@link
 * #verify} (a structured diff).
 *
 * <p>Ensure adds and never drops: it creates the table with its indices, adds missing global
 * secondary indices one at a time, updates the billing mode and throughput, enables the stream and
 * TTL, and writes the descriptor row. A difference it would have to settle by dropping or
 * rebuilding something — a changed key schema, a new or changed LSI (LSIs exist only from table
 * creation), a GSI with another key or projection, another stream view or TTL attribute — is a
 * refusal in the plan, and ensure then changes nothing.
 *
 * <pre>{@code
 * TableProvisioner provisioner = TableProvisioner.of(dynamo);
 * System.out.println(provisioner.plan(spec));
 * provisioner.ensure(spec);
 * provisioner.verify(spec).requireNone();
 * }</pre>
 */
public final class TableProvisioner {
  /** How long ensure waits, by default, for a table or index to become ACTIVE after a step. */
  public static final Duration DEFAULT_TIMEOUT = ActiveWaiter.DEFAULT.timeout();

  private final DynamoDbClient dynamo;
  private final ActiveWaiter waiter;

  private TableProvisioner(DynamoDbClient dynamo, ActiveWaiter waiter) {
    this.dynamo = Objects.requireNonNull(dynamo, "dynamo");
    this.waiter = waiter;
  }

  /** A provisioner working through {@code dynamo} (which the caller keeps and closes). */
  public static TableProvisioner of(DynamoDbClient dynamo) {
    return new TableProvisioner(dynamo, ActiveWaiter.DEFAULT);
  }

  /** This provisioner, waiting at most {@code timeout} for ACTIVE after each step. */
  public TableProvisioner withTimeout(Duration timeout) {
    return new TableProvisioner(
        dynamo, new ActiveWaiter(timeout, waiter.firstDelay(), waiter.maxDelay()));
  }

  /**
   * What ensure would do, found with DescribeTable, DescribeTimeToLive and a read of the descriptor
   * row; changes nothing.
   */
  public ProvisioningPlan plan(TableSpec spec) {
    return Planner.plan(new DesiredTable(spec), LiveTable.read(dynamo, spec));
  }

  /**
   * Applies the plan step by step; an unchanged table gives an empty plan and no request that
   * changes anything.
   *
   * @return the plan that was carried out
   * @throws ProvisioningException when the plan holds a refusal (nothing is changed then), or a
   *     table or index does not become ACTIVE in time (the steps before it stay done; ensure can be
   *     run again)
   */
  public ProvisioningPlan ensure(TableSpec spec) {
    return ensure(spec, step -> {});
  }

  /** As {@link #ensure(TableSpec)}, telling {@code beforeEach} about each step before it runs. */
  public ProvisioningPlan ensure(TableSpec spec, Consumer<PlanStep> beforeEach) {
    ProvisioningPlan plan = plan(spec);
    List<PlanStep> refusals = plan.refusals();
    if (!refusals.isEmpty()) {
      List<String> reasons = new ArrayList<>();
      for (PlanStep step : refusals) {
        reasons.add(step.description());
      }
      throw new ProvisioningException(
          "cannot ensure table '"
              + spec.tableName()
              + "', nothing was changed: "
              + String.join("; ", reasons),
          plan);
    }
    for (PlanStep step : plan.steps()) {
      beforeEach.accept(step);
      execute(spec.tableName(), step);
    }
    return plan;
  }

  /** How the live table differs from the declaration; reads only. */
  public Drift verify(TableSpec spec) {
    return DriftFinder.find(new DesiredTable(spec), LiveTable.read(dynamo, spec));
  }

  /**
   * As {@link #verify(TableSpec)}; when {@code strict}, any difference is a failure.
   *
   * @throws DriftException when strict and the table differs in any way
   */
  public Drift verify(TableSpec spec, boolean strict) {
    Drift drift = verify(spec);
    return strict ? drift.requireNone() : drift;
  }

  private void execute(String table, PlanStep step) {
    switch (step.action()) {
      case CREATE_TABLE -> {
        dynamo.createTable((CreateTableRequest) step.request());
        waiter.await(dynamo, table, null);
      }
      case ADD_GLOBAL_INDEX -> {
        waiter.await(dynamo, table, null);
        UpdateTableRequest update = (UpdateTableRequest) step.request();
        dynamo.updateTable(update);
        String index = update.globalSecondaryIndexUpdates().get(0).create().indexName();
        waiter.await(dynamo, table, index);
      }
      case UPDATE_CAPACITY, ENABLE_STREAM -> {
        waiter.await(dynamo, table, null);
        dynamo.updateTable((UpdateTableRequest) step.request());
        waiter.await(dynamo, table, null);
      }
      case ENABLE_TTL -> dynamo.updateTimeToLive((UpdateTimeToLiveRequest) step.request());
      case WRITE_DESCRIPTOR -> {
        waiter.await(dynamo, table, null);
        dynamo.putItem((PutItemRequest) step.request());
      }
      case REBUILD_TABLE, MANUAL_CHANGE ->
          throw new IllegalStateException("a refusal is never executed: " + step);
    }
  }
}
