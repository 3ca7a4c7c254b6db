package dev.dynakit.core.mass;

import dev.dynakit.core.ItemExistsException;
import dev.dynakit.core.ItemNotFoundException;
import dev.dynakit.core.KeyFieldChangedException;
import dev.dynakit.core.VersionConflictException;
import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.WriteOptions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Edits each item with the Adapter's edit (read consistently, map, write the difference under the
 * version read by the walk): a change in between is a conflict, an item gone or unchanged is
 * skipped. An edit whose answer was lost may be applied again on resume, so its mapping should set
 * values rather than increment them.
 */
final class EditSlices implements Phase.Handler {
  private final Adapter adapter;
  private final Plans plans;
  private final UnaryOperator<Map<String, Object>> mapFn;
  private final KeyShape keys;

  EditSlices(
      Adapter adapter, Plans plans, UnaryOperator<Map<String, Object>> mapFn, KeyShape keys) {
    this.adapter = adapter;
    this.plans = plans;
    this.mapFn = mapFn;
    this.keys = keys;
  }

  /**
   * Marks an exception of the caller's mapping, which stops the call instead of failing an item.
   */
  private static final class MappingFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MappingFailure(RuntimeException cause) {
      super(cause);
    }
  }

  @Override
  public void handle(List<Map<String, AttributeValue>> items, Tally tally) {
    for (Map<String, AttributeValue> source : items) {
      one(source, tally);
    }
  }

  private void one(Map<String, AttributeValue> source, Tally tally) {
    Map<String, AttributeValue> key = keys.of(source);
    Map<String, Object> before = adapter.revive(source);
    if (before == null) {
      tally.skipped(1);
      return;
    }
    Long version = plans.version(source);
    WriteOptions.Builder write = plans.writeOptions().toBuilder();
    if (version != null) {
      write.expectedVersion(version);
    }
    UnaryOperator<Map<String, Object>> guarded =
        item -> {
          try {
            return mapFn.apply(item);
          } catch (RuntimeException e) {
            throw new MappingFailure(e);
          }
        };
    try {
      Optional<Map<String, Object>> after =
          adapter.edit(adapter.keyOf(source), guarded, write.build());
      if (after.isEmpty() || after.get().equals(before)) {
        tally.skipped(1);
      } else {
        tally.processed(1);
      }
    } catch (MappingFailure e) {
      throw (RuntimeException) e.getCause();
    } catch (VersionConflictException e) {
      tally.conflict(key, e.getMessage());
    } catch (ItemNotFoundException e) {
      tally.skipped(1);
    } catch (KeyFieldChangedException e) {
      tally.failed(key, "KeyChanged", e.getMessage());
    } catch (ItemExistsException e) {
      tally.failed(key, "ItemExists", e.getMessage());
    } catch (DynamoDbException e) {
      if (!ItemErrors.itemSpecific(e)) {
        throw e;
      }
      tally.failed(key, ItemErrors.code(e), e.awsErrorDetails().errorMessage());
    } catch (SdkException e) {
      throw e;
    } catch (RuntimeException e) {
      // what is left was thrown by the preparation: a validation hook, a technical field, a key
      tally.failed(key, Plans.INVALID_ITEM, e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }
}
