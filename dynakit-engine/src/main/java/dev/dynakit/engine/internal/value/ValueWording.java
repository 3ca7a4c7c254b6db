package dev.dynakit.engine.internal.value;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * DynamoDB checks attribute values in one of two layers, and the operation decides which: the
 * current one (PutItem, UpdateItem, DeleteItem, GetItem, BatchGetItem, Query) and an older one
 * (BatchWriteItem, the transactions, Scan and the rest). They refuse the same values in different
 * words: an empty number, a set with a repeated member, and an expression value (which the older
 * layer wraps in "ExpressionAttributeValues contains invalid value: ... for key :v").
 *
 * <p>The layer is the call's, set by the dispatcher for the duration of one operation: only
 * refusals read it, so threading it through every value reader would touch dozens of call sites for
 * an error-path detail.
 */
public final class ValueWording {
  /** The two layers. */
  public enum Layer {
    CURRENT,
    OLDER
  }

  private static final String INVALID = "One or more parameter values were invalid: ";
  private static final String NOT_NUMERIC = "The parameter cannot be converted to a numeric value";

  /**
   * Whether this thread's operation uses the current layer. A JDK type rather than {@link Layer},
   * so that the value a pooled thread keeps pins no class of the engine's: the dispatcher sets it
   * back after every call rather than removing it, which would allocate an entry per call.
   */
  private static final ThreadLocal<Boolean> CURRENT = ThreadLocal.withInitial(() -> Boolean.FALSE);

  private ValueWording() {}

  /** The layer that checks the values of {@code operation}. */
  public static Layer of(String operation) {
    switch (operation) {
      case "PutItem":
      case "UpdateItem":
      case "DeleteItem":
      case "GetItem":
      case "BatchGetItem":
      case "Query":
        return Layer.CURRENT;
      default:
        return Layer.OLDER;
    }
  }

  /** Makes {@code layer} the one of the operation this thread runs, until {@link #reset}. */
  public static void use(Layer layer) {
    CURRENT.set(layer == Layer.CURRENT);
  }

  /** Ends the operation's layer: what runs next on this thread outside an operation is older. */
  public static void reset() {
    CURRENT.set(Boolean.FALSE);
  }

  /** The layer of the operation this thread runs. */
  private static Layer layer() {
    return CURRENT.get() ? Layer.CURRENT : Layer.OLDER;
  }

  /** The refusal of text that is no number; the current layer keeps the colon for empty text. */
  static String notNumeric(String text) {
    return text.isEmpty() && layer() == Layer.OLDER ? NOT_NUMERIC : NOT_NUMERIC + ": " + text;
  }

  /** The refusal of a string set with a repeated member, given its members as sent. */
  public static String duplicateStrings(List<String> sent) {
    if (layer() == Layer.OLDER) {
      return INVALID + "Input collection " + sent + " contains duplicates.";
    }
    // the members in order, unquoted: "[a, a]"
    List<String> shown = asReported(sent, Utf8.ORDER);
    return INVALID + "Input collection [" + String.join(", ", shown) + "] contains duplicates.";
  }

  /** The refusal of a binary set with a repeated member, given its members as sent. */
  public static String duplicateBinaries(List<Binary> sent) {
    if (layer() == Layer.OLDER) {
      return INVALID + "Input collection " + sent + "of type BS contains duplicates.";
    }
    List<String> quoted = new ArrayList<>(sent.size());
    for (Binary b : asReported(sent, Comparator.naturalOrder())) {
      quoted.add("\"" + b.toBase64() + "\"");
    }
    // DynamoDB's words, a missing space before "of" included
    return INVALID
        + "Input collection ["
        + String.join(",", quoted)
        + "]of type BS contains duplicates.";
  }

  /** The refusal of a number set with a repeated member: no member is named. */
  public static String duplicateNumbers() {
    return layer() == Layer.OLDER
        ? "Input collection contains duplicates"
        : INVALID + "Input collection contains duplicates.";
  }

  /**
   * A refusal of the expression value {@code key}: bare in the current layer, wrapped in the older.
   */
  public static String expressionValue(String refusal, String key) {
    return layer() == Layer.OLDER
        ? "ExpressionAttributeValues contains invalid value: " + refusal + " for key " + key
        : refusal;
  }

  /**
   * The members as the current layer lists them: those up to the first repeat in order, then the
   * repeat, then the rest as sent.
   */
  private static <T> List<T> asReported(List<T> sent, Comparator<? super T> order) {
    TreeSet<T> seen = new TreeSet<>(order);
    for (int i = 0; i < sent.size(); i++) {
      T member = sent.get(i);
      if (!seen.add(member)) {
        List<T> shown = new ArrayList<>(seen);
        shown.addAll(sent.subList(i, sent.size()));
        return shown;
      }
    }
    return new ArrayList<>(sent);
  }
}
