package dev.dynakit.rest;

import dev.dynakit.core.DynakitException;
import dev.dynakit.core.InvalidTokenException;
import dev.dynakit.core.ItemExistsException;
import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.item.Marshalling;
import dev.dynakit.core.mass.ItemFailure;
import dev.dynakit.core.mass.MassOperationException;
import dev.dynakit.core.mass.MassOperations;
import dev.dynakit.core.mass.MassOptions;
import dev.dynakit.core.mass.MassResult;
import dev.dynakit.core.token.ResumePoint;
import dev.dynakit.core.token.TokenCodec;
import dev.dynakit.core.token.TokenScope;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The bulk routes' work, resumable: a call handles at most a budget of items ({@link
 * RestPolicy#maxBulkItems()}) and of time, then answers with a {@code resume} token; the same
 * request sent again with {@code ?resume=TOKEN} continues exactly where it stopped, so no item is
 * handled twice or skipped. Routes over the list's scope run as the toolkit's mass operations
 * ({@link MassOperations}); routes over names walk the names in order, the token holding the
 * position.
 *
 * <p>The answer is {@code {"processed": n}} plus, when there are any, {@code skipped} (items left
 * alone on purpose: gone, or mapped to nothing), {@code failed} and {@code conflicts} (items that
 * could not be handled, each with its key, code and message; the work went on) and {@code resume}.
 */
final class BulkRuns {
  static final String RESUME = "resume";
  private static final String NAMES_PHASE = "names";
  private static final String NEXT = "next";

  private final Adapter adapter;
  private final MassOperations mass;
  private final TokenCodec tokens;
  private final long maxItems;
  private final Duration maxTime;

  BulkRuns(Adapter adapter, byte[] tokenKey, long maxItems, Duration maxTime) {
    this.adapter = adapter;
    this.mass = MassOperations.builder(adapter, adapter.client()).tokenKey(tokenKey).build();
    this.tokens = TokenCodec.withKey(tokenKey);
    this.maxItems = maxItems;
    this.maxTime = maxTime;
  }

  /** {@code DELETE /}: deletes the items of the scope. */
  RestResponse deleteScope(ListOptions scope, boolean wholeTable, @Nullable String resume) {
    MassOptions options = budget(resume, wholeTable).build();
    return run(() -> mass.delete(scope, options));
  }

  /**
   * {@code PUT /-clone}, {@code PUT /-move}: copies the items of the scope with the overlay laid
   * over each, replacing an occupied destination. An item the overlay leaves at its own key is not
   * copied onto itself: it fails with {@code SameKey}.
   */
  RestResponse copyScope(
      ListOptions scope,
      Map<String, @Nullable Object> overlay,
      boolean move,
      boolean wholeTable,
      @Nullable String resume) {
    UnaryOperator<Map<String, Object>> mapFn = PerItemBulkOperations.merge(overlay);
    MassOptions options = budget(resume, wholeTable).overwrite().build();
    return run(() -> move ? mass.move(scope, mapFn, options) : mass.clone(scope, mapFn, options));
  }

  /** {@code DELETE /-by-names}: deletes the named items, in order (absent ones count too). */
  RestResponse deleteNames(
      List<String> names, List<Map<String, Object>> keys, @Nullable String resume) {
    return byNames(
        "delete-by-names",
        String.join("\u0000", names),
        keys,
        resume,
        key -> {
          adapter.delete(key);
          return true;
        });
  }

  /** {@code PUT /-clone-by-names}, {@code PUT /-move-by-names}: copies the named items. */
  RestResponse copyNames(
      List<String> names,
      List<Map<String, Object>> keys,
      Map<String, @Nullable Object> overlay,
      boolean move,
      @Nullable String resume) {
    UnaryOperator<Map<String, Object>> mapFn = PerItemBulkOperations.merge(overlay);
    WriteOptions write = WriteOptions.overwriting();
    return byNames(
        move ? "move-by-names" : "clone-by-names",
        String.join("\u0000", names) + '\u0001' + overlay,
        keys,
        resume,
        key ->
            (move ? adapter.move(key, mapFn, write) : adapter.clone(key, mapFn, write))
                .isPresent());
  }

  /** One item's work: true when it was done, false when it was skipped (no such item). */
  interface ItemWork {
    boolean apply(Map<String, Object> key);
  }

  /**
   * Does {@code work} for each key in order, resumably; {@code operation} and {@code parameters}
   * scope the resume token (the entity routes' by-names copies).
   */
  RestResponse eachKey(
      String operation,
      String parameters,
      List<Map<String, Object>> keys,
      @Nullable String resume,
      ItemWork work) {
    return byNames(operation, parameters, keys, resume, work);
  }

  private RestResponse byNames(
      String operation,
      String parameters,
      List<Map<String, Object>> keys,
      @Nullable String resume,
      ItemWork work) {
    TokenScope scope = new TokenScope(operation, adapter.tableName(), parameters);
    int next = 0;
    if (resume != null) {
      ResumePoint point = tokens.decode(scope, resume);
      next = note(point, NEXT);
      if (!point.phase().equals(NAMES_PHASE) || next > keys.size()) {
        throw new InvalidTokenException("the resume token does not fit these names");
      }
    }
    long deadline = System.nanoTime() + maxTime.toNanos();
    long processed = 0;
    long skipped = 0;
    List<Object> failed = new ArrayList<>();
    int handled = 0;
    for (; next < keys.size(); next++) {
      // at least one item per call, so that a resumed request always makes progress
      if (handled > 0 && (handled >= maxItems || System.nanoTime() - deadline > 0)) {
        ResumePoint point =
            new ResumePoint(NAMES_PHASE, Map.of(), Map.of(NEXT, Integer.toString(next)));
        return answer(processed, skipped, failed, List.of(), tokens.encode(scope, point));
      }
      Map<String, Object> key = keys.get(next);
      try {
        if (work.apply(key)) {
          processed++;
        } else {
          skipped++;
        }
      } catch (ItemExistsException e) {
        failed.add(failure(key, "SameKey", e.getMessage()));
      } catch (DynakitException e) {
        failed.add(failure(key, e.getClass().getSimpleName(), e.getMessage()));
      }
      handled++;
    }
    return answer(processed, skipped, failed, List.of(), null);
  }

  private MassOptions.Builder budget(@Nullable String resume, boolean wholeTable) {
    MassOptions.Builder options =
        MassOptions.builder().maxItems(maxItems).maxTime(maxTime).resumeToken(resume);
    if (wholeTable) {
      options.wholeTable();
    }
    return options;
  }

  private static RestResponse run(Supplier<MassResult> operation) {
    MassResult result;
    try {
      result = operation.get();
    } catch (MassOperationException e) {
      throw new RestException(
          503,
          "BulkStopped",
          e.getMessage() + "; send the request again with ?resume=" + e.resumeToken());
    }
    List<Object> failed = new ArrayList<>();
    for (ItemFailure failure : result.failed()) {
      failed.add(failure(Marshalling.fromItem(failure.key()), failure.reason(), failure.message()));
    }
    List<Object> conflicts = new ArrayList<>();
    for (ItemFailure failure : result.conflicts()) {
      conflicts.add(
          failure(Marshalling.fromItem(failure.key()), failure.reason(), failure.message()));
    }
    return answer(result.processed(), result.skipped(), failed, conflicts, result.resumeToken());
  }

  private static RestResponse answer(
      long processed,
      long skipped,
      List<Object> failed,
      List<Object> conflicts,
      @Nullable String resume) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("processed", processed);
    if (skipped > 0) {
      body.put("skipped", skipped);
    }
    if (!failed.isEmpty()) {
      body.put("failed", failed);
    }
    if (!conflicts.isEmpty()) {
      body.put("conflicts", conflicts);
    }
    if (resume != null) {
      body.put(RESUME, resume);
    }
    return RestResponse.json(200, body);
  }

  private static Map<String, Object> failure(
      Map<String, ?> key, String code, @Nullable String message) {
    Map<String, Object> failure = new LinkedHashMap<>();
    failure.put("key", key);
    failure.put("code", code);
    if (message != null) {
      failure.put("message", message);
    }
    return failure;
  }

  private static int note(ResumePoint point, String name) {
    try {
      return Integer.parseInt(point.notes().getOrDefault(name, "0"));
    } catch (NumberFormatException e) {
      throw new InvalidTokenException("malformed resume token: bad " + name);
    }
  }
}
