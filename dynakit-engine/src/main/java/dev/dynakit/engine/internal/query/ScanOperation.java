package dev.dynakit.engine.internal.query;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.capacity.Capacity;
import dev.dynakit.engine.internal.expr.ConditionExpr;
import dev.dynakit.engine.internal.expr.DocPath;
import dev.dynakit.engine.internal.expr.ExpressionContext;
import dev.dynakit.engine.internal.expr.ProjectionExpr;
import dev.dynakit.engine.internal.item.ItemRequests;
import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.Violations;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Scan: the whole table or index in storage order (partition hash order), or one segment of a
 * parallel scan: the segments split the hash space, so together they return each item once.
 */
final class ScanOperation implements Operation {
  private static final long MAX_TOTAL_SEGMENTS = 1_000_000;

  private final Catalog catalog;
  private final PageReader reader;

  ScanOperation(Catalog catalog, PageReader reader) {
    this.catalog = catalog;
    this.reader = reader;
  }

  @Override
  public Object execute(Request request) {
    Violations shape = ReadRequests.shape(request);
    shape.atLeast("limit", request.integer("Limit"), 1);
    shape.oneOf("conditionalOperator", request.string("ConditionalOperator"), List.of("OR", "AND"));
    Long segment = request.integer("Segment");
    Long totalSegments = request.integer("TotalSegments");
    shape.atLeast("segment", segment, 0);
    shape.atMost("segment", segment, MAX_TOTAL_SEGMENTS - 1);
    shape.atLeast("totalSegments", totalSegments, 1);
    shape.atMost("totalSegments", totalSegments, MAX_TOTAL_SEGMENTS);
    shape.throwIfAny();
    String selectProblem = ReadRequests.selectProblem(request);
    if (selectProblem != null) {
      throw EngineException.validation(selectProblem);
    }
    ItemRequests.refuseMixing(
        request,
        List.of("AttributesToGet", "ScanFilter", "ConditionalOperator"),
        List.of("ProjectionExpression", "FilterExpression"));
    ExpressionContext ctx = ItemRequests.context(request);
    ConditionExpr filter = ReadRequests.filter(request, ctx, "ScanFilter");
    ProjectionExpr projection = ItemRequests.projection(request, ctx);
    ctx.checkAllUsed(List.of("FilterExpression"));
    Map<String, AttrValue> start = StartKey.parse(request);
    checkSegments(segment, totalSegments);
    boolean consistent = request.bool("ConsistentRead", false);
    Capacity.Mode capacity = Capacity.Mode.parse(request.string("ReturnConsumedCapacity"));

    Table table = ReadRequests.table(catalog, request.string("TableName"));
    ReadTarget target = ReadRequests.target(table, request.string("IndexName"), consistent);
    byte[][] range =
        totalSegments == null
            ? KeyCodec.indexRange(table.storeId(), target.storeNo())
            : KeyCodec.segmentRange(
                table.storeId(),
                target.storeNo(),
                Math.toIntExact(segment),
                Math.toIntExact(totalSegments));
    if (start != null) {
      StartKey.check(
          start,
          target,
          target.index() == null
              ? StartKey.INVALID + ": The provided key element does not match the schema"
              : StartKey.INVALID);
      byte[] position = target.storageKey(start);
      if (totalSegments != null && !within(position, range)) {
        throw EngineException.validation(
            StartKey.INVALID
                + ": Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment."
                + " TotalSegments: "
                + totalSegments
                + " Segment: "
                + segment);
      }
      range = KeyRange.after(range, position, false);
    }
    ReadRequests.checkKeyPaths(table, ReadRequests.projectionPaths(projection));
    List<DocPath> filterPaths = ReadRequests.filterPaths(filter);
    Selection selection =
        Selection.resolve(request.string("Select"), projection, target, filterPaths);
    ReadRequests.checkKeyPaths(table, filterPaths);

    Page page =
        reader.read(
            target,
            range,
            false,
            request.integer("Limit"),
            filter,
            selection,
            consistent,
            capacity != Capacity.Mode.NONE);
    return PageResponse.of(page, selection, target, capacity, consistent);
  }

  private static void checkSegments(@Nullable Long segment, @Nullable Long totalSegments) {
    if (segment != null && totalSegments == null) {
      throw EngineException.validation(
          "The TotalSegments parameter is required but was not present in the request when"
              + " Segment parameter is present");
    }
    if (totalSegments != null && segment == null) {
      throw EngineException.validation(
          "The Segment parameter is required but was not present in the request when parameter"
              + " TotalSegments is present");
    }
    if (segment != null && segment >= totalSegments) {
      throw EngineException.validation(
          "The Segment parameter is zero-based and must be less than parameter TotalSegments:"
              + " Segment: "
              + segment
              + " is not less than TotalSegments: "
              + totalSegments);
    }
  }

  private static boolean within(byte[] key, byte[][] range) {
    return Arrays.compareUnsigned(key, range[0]) >= 0 && Arrays.compareUnsigned(key, range[1]) < 0;
  }
}
