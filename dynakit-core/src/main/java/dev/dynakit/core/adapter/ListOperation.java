package dev.dynakit.core.adapter;

import dev.dynakit.core.InvalidCursorException;
import dev.dynakit.core.InvalidTokenException;
import dev.dynakit.core.token.ResumePoint;
import dev.dynakit.core.token.TokenScope;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Lists items: plans the read, pages it by offset or cursor, takes the second hop of an indirect
 * index (a BatchGetItem on the table in the order of the index, missing items dropped), and revives
 * the items (hidden ones dropped).
 */
final class ListOperation {
  private static final String CURSOR_SCOPE = "list";

  private final AdapterContext ctx;
  private final ListPlanner planner;
  private final Pager pager;

  ListOperation(AdapterContext ctx) {
    this.ctx = ctx;
    this.planner = new ListPlanner(ctx);
    this.pager = new Pager(ctx.sender);
  }

  OffsetPage list(ListOptions options) {
    ReadPlan plan = planner.plan(options);
    Pager.OffsetData data =
        pager.offset(plan, options.offset(), options.limit(), options.needTotal());
    return new OffsetPage(
        finish(plan, data.items(), options), options.offset(), options.limit(), data.total());
  }

  CursorPage listByCursor(@Nullable String cursor, ListOptions options) {
    ReadPlan plan = planner.plan(options);
    TokenScope scope = new TokenScope(CURSOR_SCOPE, ctx.table(), plan.signature());
    Map<String, AttributeValue> start = cursor == null ? null : start(scope, cursor);
    Pager.CursorData data = pager.cursor(plan, start, options.limit());
    Map<String, AttributeValue> next = data.next();
    return new CursorPage(
        finish(plan, data.items(), options),
        next == null ? null : ctx.cursors.encode(scope, ResumePoint.at(next)));
  }

  /** Where a cursor continues; a refused cursor is an {@link InvalidCursorException}. */
  private Map<String, AttributeValue> start(TokenScope scope, String cursor) {
    try {
      return ctx.cursors.decode(scope, cursor).position();
    } catch (InvalidTokenException e) {
      throw new InvalidCursorException("invalid cursor: " + e.getMessage(), e);
    }
  }

  private List<Map<String, Object>> finish(
      ReadPlan plan, List<Map<String, AttributeValue>> read, ListOptions options) {
    List<Map<String, AttributeValue>> items = read;
    ReadPlan.SecondHop hop = plan.secondHop();
    if (hop != null && !read.isEmpty()) {
      List<Map<String, AttributeValue>> keys = new ArrayList<>(read.size());
      for (Map<String, AttributeValue> entry : read) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (String name : hop.keyAttributes()) {
          key.put(name, entry.get(name));
        }
        keys.add(key);
      }
      items = new ArrayList<>();
      for (Map<String, AttributeValue> item :
          ctx.readByKeys(keys, hop.projection(), options.consistent())) {
        if (item != null) {
          items.add(item);
        }
      }
    }
    List<Map<String, Object>> out = new ArrayList<>(items.size());
    for (Map<String, AttributeValue> item : items) {
      Map<String, Object> revived =
          options.raw() ? ctx.reviver.raw(item) : ctx.reviver.revive(item, plan.fields());
      if (revived != null) {
        out.add(revived);
      }
    }
    return out;
  }
}
