package dev.dynakit.core.provision;

import java.util.Objects;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * One step of a {@link ProvisioningPlan}: a change {@link TableProvisioner#ensure ensure} makes, or
 * a refusal — a difference it never settles itself because that would drop or rebuild something.
 *
 * @param action what the step does
 * @param target what it is about, spelled like {@link Difference#path()}: {@code table}, {@code
 *     gsi.byStatus}, {@code lsi.byPrice}, {@code billingMode}, {@code stream}, {@code ttl}, {@code
 *     descriptor}
 * @param description one human-readable line
 * @param request the request ensure sends (a {@code CreateTableRequest}, {@code
 *     UpdateTableRequest}, {@code UpdateTimeToLiveRequest} or {@code PutItemRequest}); null for a
 *     refusal
 */
public record PlanStep(
    Action action, String target, String description, @Nullable DynamoDbRequest request) {

  /** What a step does. */
  public enum Action {
    /** CreateTable with its keys, indices, billing and stream. */
    CREATE_TABLE,
    /** UpdateTable: the billing mode or the provisioned throughput of the table and its GSIs. */
    UPDATE_CAPACITY,
    /** UpdateTable: create one global secondary index (DynamoDB builds one at a time). */
    ADD_GLOBAL_INDEX,
    /** UpdateTable: enable the stream. */
    ENABLE_STREAM,
    /** UpdateTimeToLive: enable TTL on the declared attribute. */
    ENABLE_TTL,
    /** PutItem: write the declaration snapshot under the descriptor key. */
    WRITE_DESCRIPTOR,
    /**
     * Refusal: the change needs the table to be rebuilt (another key schema, a new or changed local
     * secondary index — LSIs exist only from table creation). Never executed.
     */
    REBUILD_TABLE,
    /**
     * Refusal: the change would drop or replace something (a GSI with another key or projection,
     * another stream view, TTL on another attribute, turning the stream off). Never executed.
     */
    MANUAL_CHANGE;

    /** Whether this is a refusal, never executed. */
    public boolean refused() {
      return this == REBUILD_TABLE || this == MANUAL_CHANGE;
    }
  }

  public PlanStep {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(description, "description");
    if (action.refused() != (request == null)) {
      throw new IllegalArgumentException(
          "a refusal has no request and every other step has one: " + action);
    }
  }

  static PlanStep refusal(Action action, String target, String description) {
    return new PlanStep(action, target, description, null);
  }

  /** Whether this step is a refusal, never executed. */
  public boolean refused() {
    return action.refused();
  }

  /** One line: {@code + add GSI byStatus (...)} for a change, {@code ! ...} for a refusal. */
  @Override
  public String toString() {
    return (refused() ? "! " : "+ ") + description;
  }
}
