package dev.dynakit.core.adapter;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A list read planned for walking page by page from any position, as mass operations do: the same
 * index, key condition, filters, search, "as of" scope and hidden descriptor row as the list with
 * these options, reading whole items as stored (or what the index projects), with no second hop.
 * Requests go through the Adapter, so its listener sees them. Made by {@link Adapter#scope}.
 */
public final class ListScope {
  private final ReadPlan plan;
  private final Sender sender;

  ListScope(ReadPlan plan, Sender sender) {
    this.plan = plan;
    this.sender = sender;
  }

  /**
   * One page, in key order.
   *
   * @param start the position after which to read (an item's {@link #positionOf}, or the {@code
   *     next} of a page), or null from the beginning
   * @param limit how many items DynamoDB examines at most (before the filter)
   */
  public Page read(@Nullable Map<String, AttributeValue> start, int limit) {
    ReadPlan.Page page = plan.read(sender, start, limit, false);
    return new Page(page.items(), page.lastKey());
  }

  /** How many items the scope holds after {@code start} (all of them for null). */
  public long count(@Nullable Map<String, AttributeValue> start) {
    long total = 0;
    Map<String, AttributeValue> position = start;
    do {
      ReadPlan.Page page = plan.read(sender, position, null, true);
      total += page.count();
      position = page.lastKey();
    } while (position != null);
    return total;
  }

  /** An item's position: its values of the table's key (and the index's, reading an index). */
  public Map<String, AttributeValue> positionOf(Map<String, AttributeValue> item) {
    return plan.positionOf(item);
  }

  /** The attributes of a position. */
  public List<String> positionAttributes() {
    return plan.positionAttributes();
  }

  /** The index read, or null for the table. */
  public @Nullable String indexName() {
    return plan.indexName();
  }

  /** A text that differs whenever the read differs (index, key condition, filter, order). */
  public String signature() {
    return plan.signature();
  }

  /**
   * A page of the scope.
   *
   * @param items the items, as stored
   * @param next where the next page starts, or null when the scope ends here
   */
  public record Page(
      List<Map<String, AttributeValue>> items, @Nullable Map<String, AttributeValue> next) {
    public Page {
      items = List.copyOf(items);
    }
  }
}
