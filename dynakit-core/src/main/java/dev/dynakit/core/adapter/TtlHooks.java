package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.CompareOp;
import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.FieldPath;
import dev.dynakit.core.expr.Operand;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Sets a TTL attribute (epoch seconds) on every write and hides expired items on reads. */
final class TtlHooks implements Hooks {
  private final String field;
  private final Duration lifetime;
  private final Clock clock;

  TtlHooks(String field, Duration lifetime, Clock clock) {
    this.field = field;
    this.lifetime = lifetime;
    this.clock = clock;
  }

  @Override
  public Map<String, Object> prepare(Map<String, Object> item, WriteContext context) {
    Map<String, Object> stamped = new LinkedHashMap<>(item);
    stamped.put(field, context.now().plus(lifetime).getEpochSecond());
    return stamped;
  }

  @Override
  public List<String> requiredAttributes() {
    return List.of(field);
  }

  @Override
  public @Nullable Map<String, Object> revive(
      Map<String, Object> item, @Nullable List<String> fields) {
    Object expiry = item.get(field);
    if (expiry instanceof Number
        && new BigDecimal(expiry.toString()).compareTo(BigDecimal.valueOf(now())) <= 0) {
      return null;
    }
    return item;
  }

  @Override
  public ListInput prepareListInput(ListInput input, Map<String, Object> example) {
    FieldPath path = FieldPath.of(field);
    return input.andFilter(
        Cond.or(
            new Cond.NotExists(path),
            new Cond.Compare(Operand.path(path), CompareOp.GT, Operand.value(now()))));
  }

  private long now() {
    return clock.instant().getEpochSecond();
  }
}
