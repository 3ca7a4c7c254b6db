package dev.dynakit.core.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Offset and cursor paging over DynamoDB's key-ordered pages.
 *
 * <p>Offset paging skips with COUNT requests (no items sent back), collects the page, then counts
 * the rest for the total. DynamoDB applies {@code Limit} before the filter, so a filtered read
 * skips with full COUNT pages and, when a page holds the offset, reads that page again with items
 * to start exactly at the offset.
 *
 * <p>Cursor paging continues after the last item returned: when a page ends inside a DynamoDB page
 * (a filtered read), the cursor is that item's position, never the end of the DynamoDB page, so no
 * match is skipped.
 */
final class Pager {
  /** The smallest Limit asked of DynamoDB, so that small pages do not mean many round trips. */
  static final int MIN_REQUEST_LIMIT = 10;

  private final Sender sender;

  Pager(Sender sender) {
    this.sender = sender;
  }

  /** Items of one offset page, and the total when asked. */
  record OffsetData(List<Map<String, AttributeValue>> items, @Nullable Long total) {}

  /** Items of one cursor page, and where the next starts (null at the end). */
  record CursorData(
      List<Map<String, AttributeValue>> items, @Nullable Map<String, AttributeValue> next) {}

  OffsetData offset(ReadPlan plan, int offset, int limit, boolean needTotal) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    long total = 0;
    Map<String, AttributeValue> start = null;
    int toSkip = offset;
    boolean exhausted = false;
    while (toSkip > 0) {
      ReadPlan.Page counted = plan.read(sender, start, plan.filtered() ? null : toSkip, true);
      if (counted.count() <= toSkip) {
        toSkip -= counted.count();
        total += counted.count();
        start = counted.lastKey();
        if (start == null) {
          exhausted = true;
          break;
        }
      } else {
        // only a filtered read overshoots: read that page again and start inside it
        ReadPlan.Page page = plan.read(sender, start, null, false);
        List<Map<String, AttributeValue>> matches = page.items();
        items.addAll(matches.subList(Math.min(toSkip, matches.size()), matches.size()));
        total += page.count();
        start = page.lastKey();
        exhausted = start == null;
        toSkip = 0;
      }
    }
    while (!exhausted && items.size() < limit) {
      Integer request = plan.filtered() ? null : Math.max(MIN_REQUEST_LIMIT, limit - items.size());
      ReadPlan.Page page = plan.read(sender, start, request, false);
      items.addAll(page.items());
      total += page.count();
      start = page.lastKey();
      exhausted = start == null;
    }
    List<Map<String, AttributeValue>> kept =
        items.size() > limit ? new ArrayList<>(items.subList(0, limit)) : items;
    if (!needTotal) {
      return new OffsetData(kept, null);
    }
    while (!exhausted) {
      ReadPlan.Page counted = plan.read(sender, start, null, true);
      total += counted.count();
      start = counted.lastKey();
      exhausted = start == null;
    }
    return new OffsetData(kept, total);
  }

  CursorData cursor(ReadPlan plan, @Nullable Map<String, AttributeValue> from, int limit) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = from;
    while (true) {
      int remaining = limit - items.size();
      ReadPlan.Page page = plan.read(sender, start, plan.filtered() ? null : remaining, false);
      List<Map<String, AttributeValue>> matches = page.items();
      if (matches.size() > remaining) {
        items.addAll(matches.subList(0, remaining));
        return new CursorData(items, plan.positionOf(items.get(items.size() - 1)));
      }
      items.addAll(matches);
      start = page.lastKey();
      if (start == null || items.size() == limit) {
        return new CursorData(items, start);
      }
    }
  }
}
