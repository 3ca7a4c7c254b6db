package dev.dynakit.core.mass;

import dev.dynakit.core.adapter.ListScope;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A scope read through the Adapter's planned list read. */
final class ListScopeSource implements ScopeSource {
  private final ListScope scope;

  ListScopeSource(ListScope scope) {
    this.scope = scope;
  }

  @Override
  public Page read(@Nullable Map<String, AttributeValue> exclusiveStart, int limit) {
    ListScope.Page page = scope.read(exclusiveStart, limit);
    return new Page(page.items(), page.next());
  }

  @Override
  public Map<String, AttributeValue> positionOf(Map<String, AttributeValue> item) {
    return scope.positionOf(item);
  }

  @Override
  public long count(@Nullable Map<String, AttributeValue> exclusiveStart) {
    return scope.count(exclusiveStart);
  }
}
