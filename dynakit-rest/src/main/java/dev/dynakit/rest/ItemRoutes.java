package dev.dynakit.rest;

import dev.dynakit.core.ItemNotFoundException;
import dev.dynakit.core.VersionConflictException;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.FieldPath;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The routes on one item, {@code /:key}: get, put, patch, delete, and {@code /:key/-clone}, {@code
 * /:key/-move}. Reads carry the item's {@code ETag}; writes take {@code If-Match} as the expected
 * version and answer 412 when it does not hold.
 */
final class ItemRoutes {
  private final RouteContext ctx;

  ItemRoutes(RouteContext ctx) {
    this.ctx = ctx;
  }

  /** {@code GET /:key}: the item with its ETag, or the miss status with no body. */
  RestResponse get(String rawKey, RestQuery query) {
    query.requireOnly(Set.of(RestQuery.FIELDS, RestQuery.CONSISTENT), false);
    List<String> fields = query.fields(ctx.keyFieldNames());
    boolean consistent = query.flag(RestQuery.CONSISTENT);
    Map<String, Object> key = ctx.keyOfSegment(rawKey);
    Optional<Map<String, Object>> item =
        ctx.adapter.getByKey(key, ctx.readOptions(fields, consistent));
    if (item.isEmpty()) {
      return ctx.miss();
    }
    return Versions.withEtag(RestResponse.json(200, item.get()), item.get(), ctx.spec);
  }

  /**
   * {@code PUT /:key}. On an unversioned table: replaces the item (404 when missing), or with
   * {@code ?force} creates or replaces it. On a versioned table a replace must say which version it
   * replaces ({@code If-Match: "3"} or the version field in the body; 409 {@code VersionConflict}
   * when it moved on, 404 when the item is gone) or that any version will do ({@code If-Match: *},
   * the item must exist; {@code ?force}, it may not); without either, the put creates the item and
   * is refused with 409 {@code VersionRequired} when one exists, so that it never overwrites a
   * change it has not seen. The path's key fields win over the body's; the body must not add deeper
   * ones.
   */
  RestResponse put(RestRequest request, String rawKey, RestQuery query) {
    query.requireOnly(Set.of(RestQuery.FORCE), false);
    boolean force = query.flag(RestQuery.FORCE);
    Map<String, @Nullable Object> body = Bodies.item(request.body(), true);
    Bodies.rejectTechnical(ctx.spec, body.keySet());
    Map<String, Object> key = ctx.keyOfSegment(rawKey);
    for (String field : ctx.keyFieldNames()) {
      if (body.get(field) != null && !key.containsKey(field)) {
        throw RestException.badRequest(
            "BadKey",
            "the body sets the key field "
                + Texts.quote(field)
                + " that the path does not name; address the item by its full key");
      }
    }
    Map<String, @Nullable Object> item = new LinkedHashMap<>(body);
    item.putAll(key);
    Versions.IfMatch ifMatch = Versions.ifMatch(request, ctx.spec);
    WriteOptions.Builder options = WriteOptions.builder().overwrite(force);
    if (ifMatch != null) {
      if (ifMatch.any() && force) {
        throw RestException.badRequest(
            "BadIfMatch", "If-Match: * requires an existing item, which contradicts ?force");
      }
      Long expected = Versions.expected(ifMatch, Versions.fromBody(item, ctx.spec));
      if (expected != null) {
        options.expectedVersion(expected);
      } else {
        // If-Match: * replaces whatever version is stored, but only an existing item
        options
            .overwrite(true)
            .condition(new Cond.Exists(FieldPath.of(ctx.spec.partitionKey().name())));
      }
    }
    Map<String, Object> written = guarded(ifMatch, () -> ctx.adapter.put(item, options.build()));
    return Versions.withEtag(RestResponse.noContent(), written, ctx.spec);
  }

  /**
   * {@code PATCH /:key}: changes some fields of the existing item (404 when missing); 422 {@code
   * EmptyPatch} when it changes nothing (a version alone is not a change), 400 {@code
   * KeyFieldChanged} when it changes a key field (move the item instead).
   */
  RestResponse patch(RestRequest request, String rawKey, RestQuery query) {
    query.requireOnly(Set.of(), false);
    PatchBody body = PatchBody.parse(request.body(), ctx.policy, ctx.spec.versionField());
    Bodies.rejectTechnical(ctx.spec, PatchConversion.attributes(body));
    Map<String, Object> key = ctx.keyOfSegment(rawKey);
    if (body.isEmpty()) {
      throw new RestException(
          ctx.policy.statusCodes().validation(),
          "EmptyPatch",
          "the patch sets, removes and changes nothing; send fields to set or "
              + ctx.policy.metaPrefix()
              + PatchBody.DELETE
              + " paths");
    }
    Versions.IfMatch ifMatch = Versions.ifMatch(request, ctx.spec);
    WriteOptions options =
        WriteOptions.builder().expectedVersion(Versions.expected(ifMatch, body.version())).build();
    Optional<Map<String, Object>> after =
        guarded(ifMatch, () -> ctx.adapter.patch(key, PatchConversion.toPatch(body), options));
    return Versions.withEtag(RestResponse.noContent(), after.orElse(null), ctx.spec);
  }

  /** {@code DELETE /:key}: idempotent, unless {@code If-Match} asks for an existing version. */
  RestResponse delete(RestRequest request, String rawKey, RestQuery query) {
    query.requireOnly(Set.of(), false);
    Map<String, Object> key = ctx.keyOfSegment(rawKey);
    Versions.IfMatch ifMatch = Versions.ifMatch(request, ctx.spec);
    WriteOptions.Builder options = WriteOptions.builder();
    if (ifMatch != null) {
      if (ifMatch.any()) {
        options.condition(new Cond.Exists(FieldPath.of(ctx.spec.partitionKey().name())));
      } else {
        options.expectedVersion(ifMatch.version());
      }
    }
    guarded(
        ifMatch,
        () -> {
          ctx.adapter.delete(key, options.build());
          return Boolean.TRUE;
        });
    return RestResponse.noContent();
  }

  /**
   * {@code PUT /:key/-clone} and {@code PUT /:key/-move}: copies the item with the overlay merged
   * over it; the miss status when there is no item, 409 when the destination exists without {@code
   * ?force}.
   */
  RestResponse copy(RestRequest request, String rawKey, RestQuery query, boolean move) {
    query.requireOnly(Set.of(RestQuery.FORCE), false);
    boolean force = query.flag(RestQuery.FORCE);
    Map<String, @Nullable Object> overlay = Bodies.overlay(request.body());
    Bodies.rejectTechnical(ctx.spec, overlay.keySet());
    Map<String, Object> key = ctx.keyOfSegment(rawKey);
    Versions.IfMatch ifMatch = Versions.ifMatch(request, ctx.spec);
    WriteOptions.Builder options = WriteOptions.builder().overwrite(force);
    if (ifMatch != null && !ifMatch.any()) {
      options.expectedVersion(ifMatch.version());
    }
    Optional<Map<String, Object>> copy =
        guarded(
            ifMatch,
            () ->
                move
                    ? ctx.adapter.move(key, PerItemBulkOperations.merge(overlay), options.build())
                    : ctx.adapter.clone(
                        key, PerItemBulkOperations.merge(overlay), options.build()));
    if (copy.isEmpty()) {
      if (ifMatch != null) {
        throw preconditionFailed("there is no item at this key");
      }
      return ctx.miss();
    }
    return RestResponse.noContent();
  }

  /** Runs a write; under {@code If-Match}, a version conflict or missing item is a 412. */
  static <T> T guarded(Versions.@Nullable IfMatch ifMatch, Supplier<T> write) {
    if (ifMatch == null) {
      return write.get();
    }
    try {
      return write.get();
    } catch (VersionConflictException e) {
      throw preconditionFailed(
          "If-Match does not hold: "
              + (e.actualVersion() == null
                  ? "the item has no version"
                  : "the item is at version " + e.actualVersion()));
    } catch (ItemNotFoundException e) {
      throw preconditionFailed("If-Match does not hold: there is no item at this key");
    } catch (ConditionalCheckFailedException e) {
      // the only condition of ours that DynamoDB can fail here is If-Match: *
      throw preconditionFailed("If-Match does not hold: there is no item at this key");
    }
  }

  private static RestException preconditionFailed(String message) {
    return new RestException(412, "PreconditionFailed", message);
  }
}
