package dev.dynakit.core.adapter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Several hook sets applied as one, in order. Each hook gets an unmodifiable view of what the
 * previous one returned; what comes out of the chain is a fresh mutable copy.
 */
final class HookChain implements Hooks {
  private final List<Hooks> hooks;

  HookChain(List<Hooks> hooks) {
    this.hooks = List.copyOf(hooks);
  }

  boolean isEmpty() {
    return hooks.isEmpty();
  }

  /**
   * The format the canned created-at hook stores the field in, or null when no such hook stamps it
   * (an "as of" time is then compared as ISO text, unless a codec stores the field).
   */
  @Nullable TimeFormat createdAtFormat(String field) {
    for (Hooks hook : hooks) {
      if (hook instanceof StampHooks && ((StampHooks) hook).stampsCreation(field)) {
        return ((StampHooks) hook).format();
      }
    }
    return null;
  }

  @Override
  public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
    if (hooks.isEmpty()) {
      return item;
    }
    Map<String, Object> current = item;
    for (Hooks hook : hooks) {
      current = returned(hook.prepare(view(current), context), "prepare");
    }
    return new LinkedHashMap<>(current);
  }

  @Override
  public Map<String, Object> prepareKey(Map<String, Object> key, @Nullable String indexName) {
    if (hooks.isEmpty()) {
      return key;
    }
    Map<String, Object> current = key;
    for (Hooks hook : hooks) {
      current = returned(hook.prepareKey(view(current), indexName), "prepareKey");
    }
    return new LinkedHashMap<>(current);
  }

  @Override
  public ListInput prepareListInput(ListInput input, Map<String, Object> example) {
    ListInput current = input;
    Map<String, Object> view = view(example);
    for (Hooks hook : hooks) {
      current = returned(hook.prepareListInput(current, view), "prepareListInput");
    }
    return current;
  }

  @Override
  public TransactWriteItem updateInput(TransactWriteItem action, WriteContext context) {
    TransactWriteItem current = action;
    for (Hooks hook : hooks) {
      current = returned(hook.updateInput(current, context), "updateInput");
    }
    return current;
  }

  @Override
  public @Nullable Map<String, Object> revive(
      Map<String, Object> item, @Nullable List<String> fields) {
    if (hooks.isEmpty()) {
      return item;
    }
    Map<String, Object> current = item;
    for (Hooks hook : hooks) {
      current = hook.revive(view(current), fields);
      if (current == null) {
        return null;
      }
    }
    return new LinkedHashMap<>(current);
  }

  @Override
  public List<String> requiredAttributes() {
    List<String> attributes = new ArrayList<>();
    for (Hooks hook : hooks) {
      for (String attribute : hook.requiredAttributes()) {
        if (!attributes.contains(attribute)) {
          attributes.add(attribute);
        }
      }
    }
    return attributes;
  }

  @Override
  public void validateItem(Map<String, Object> item, WriteContext context) {
    Map<String, Object> view = view(item);
    for (Hooks hook : hooks) {
      hook.validateItem(view, context);
    }
  }

  @Override
  public List<TransactWriteItem> checkConsistency(PlannedWrite write) {
    List<TransactWriteItem> checks = new ArrayList<>();
    for (Hooks hook : hooks) {
      for (TransactWriteItem check : returned(hook.checkConsistency(write), "checkConsistency")) {
        checks.add(Objects.requireNonNull(check, "checkConsistency returned a null action"));
      }
    }
    return checks;
  }

  private static Map<String, Object> view(Map<String, Object> map) {
    return Collections.unmodifiableMap(map);
  }

  private static <T> T returned(@Nullable T value, String hook) {
    if (value == null) {
      throw new NullPointerException("the " + hook + " hook returned null");
    }
    return value;
  }
}
