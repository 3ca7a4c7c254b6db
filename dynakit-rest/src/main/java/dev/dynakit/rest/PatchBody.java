package dev.dynakit.rest;

import dev.dynakit.core.InvalidExpressionException;
import dev.dynakit.core.expr.FieldPath;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A PATCH body split by its meta keys. Keys without the policy's meta prefix are paths to set;
 * {@code _delete} lists paths to remove, {@code _separator} changes the path separator (default
 * {@code .}), {@code _arrayOps} lists {@link ArrayOp}s. The table's version field, when its name
 * starts with the meta prefix, carries the version the client read. Every other meta key, and any
 * meta value of the wrong shape, is refused rather than dropped.
 *
 * @param set paths to set, with their values, in body order
 * @param delete paths to remove
 * @param separator the path separator
 * @param arrayOps list and counter operations, in order
 * @param version the version carried in the body under the version field, or null
 */
public record PatchBody(
    Map<String, @Nullable Object> set,
    List<String> delete,
    String separator,
    List<ArrayOp> arrayOps,
    @Nullable Long version) {
  /** The meta key (after the policy's meta prefix) that lists the paths to remove. */
  public static final String DELETE = "delete";

  /** The meta key (after the policy's meta prefix) that sets the path separator. */
  public static final String SEPARATOR = "separator";

  /** The meta key (after the policy's meta prefix) that lists the array operations. */
  public static final String ARRAY_OPS = "arrayOps";

  /** Copies the parts; the separator is required. */
  public PatchBody {
    set = Collections.unmodifiableMap(new LinkedHashMap<>(set));
    delete = List.copyOf(delete);
    Objects.requireNonNull(separator, "separator");
    arrayOps = List.copyOf(arrayOps);
  }

  /** Whether the patch sets, removes and changes nothing. */
  public boolean isEmpty() {
    return set.isEmpty() && delete.isEmpty() && arrayOps.isEmpty();
  }

  /**
   * Reads a patch body; an empty body is an empty patch.
   *
   * @param versionField the table's version field, or null
   * @throws RestException 400 {@code BadJsonBody} or {@code BadPatch} naming the problem
   */
  public static PatchBody parse(byte[] body, RestPolicy policy, @Nullable String versionField) {
    if (body.length == 0) {
      return new PatchBody(Map.of(), List.of(), FieldPath.DEFAULT_SEPARATOR, List.of(), null);
    }
    Object tree = JsonText.parse(body);
    if (!(tree instanceof Map)) {
      throw bad("a patch body is a JSON object of paths to set, got " + Bodies.kind(tree));
    }
    @SuppressWarnings("unchecked")
    Map<String, @Nullable Object> object = (Map<String, @Nullable Object>) tree;
    String prefix = policy.metaPrefix();
    String separator = FieldPath.DEFAULT_SEPARATOR;
    Object separatorValue = object.get(prefix + SEPARATOR);
    if (object.containsKey(prefix + SEPARATOR)) {
      if (!(separatorValue instanceof String) || ((String) separatorValue).isEmpty()) {
        throw bad(prefix + SEPARATOR + " must be a non-empty string");
      }
      separator = (String) separatorValue;
    }
    Map<String, @Nullable Object> set = new LinkedHashMap<>();
    List<String> delete = List.of();
    List<ArrayOp> arrayOps = List.of();
    Long version = null;
    for (Map.Entry<String, @Nullable Object> entry : object.entrySet()) {
      String key = entry.getKey();
      Object value = entry.getValue();
      if (key.equals(versionField)) {
        version = version(key, value);
      } else if (!key.startsWith(prefix)) {
        set.put(path(key, separator, "a field to set"), value);
      } else {
        String meta = key.substring(prefix.length());
        if (meta.equals(DELETE)) {
          delete = paths(key, value, separator);
        } else if (meta.equals(ARRAY_OPS)) {
          arrayOps = arrayOps(key, value, separator);
        } else if (!meta.equals(SEPARATOR)) {
          throw bad(
              "unknown meta key "
                  + Texts.quote(key)
                  + "; meta keys are "
                  + prefix
                  + DELETE
                  + ", "
                  + prefix
                  + SEPARATOR
                  + " and "
                  + prefix
                  + ARRAY_OPS
                  + " (fields whose names start with '"
                  + prefix
                  + "' cannot be patched)");
        }
      }
    }
    return new PatchBody(set, delete, separator, arrayOps, version);
  }

  static Long version(String key, @Nullable Object value) {
    if (value instanceof Long && (Long) value >= 0) {
      return (Long) value;
    }
    throw bad(key + " (the version field) must be a whole number >= 0");
  }

  private static List<String> paths(String key, @Nullable Object value, String separator) {
    if (!(value instanceof List)) {
      throw bad(key + " must be an array of paths, got " + Bodies.kind(value));
    }
    List<String> paths = new ArrayList<>();
    for (Object element : (List<?>) value) {
      if (!(element instanceof String)) {
        throw bad(key + " must be an array of path strings, found " + Bodies.kind(element));
      }
      paths.add(path((String) element, separator, key));
    }
    return paths;
  }

  private static List<ArrayOp> arrayOps(String key, @Nullable Object value, String separator) {
    if (!(value instanceof List)) {
      throw bad(key + " must be an array of operations, got " + Bodies.kind(value));
    }
    List<ArrayOp> ops = new ArrayList<>();
    int position = 0;
    for (Object element : (List<?>) value) {
      String where = key + "[" + position++ + "]";
      if (!(element instanceof Map)) {
        throw bad(where + " must be an object with op and path, got " + Bodies.kind(element));
      }
      ops.add(arrayOp(where, (Map<?, ?>) element, separator));
    }
    return ops;
  }

  private static ArrayOp arrayOp(String where, Map<?, ?> op, String separator) {
    Object name = op.get("op");
    Object rawPath = op.get("path");
    if (!(rawPath instanceof String)) {
      throw bad(where + ".path must be a string");
    }
    String path = path((String) rawPath, separator, where + ".path");
    if ("append".equals(name) || "prepend".equals(name)) {
      only(where, op, "op", "path", "values");
      Object values = op.get("values");
      if (!(values instanceof List)) {
        throw bad(where + ".values must be an array");
      }
      @SuppressWarnings("unchecked")
      List<@Nullable Object> list = (List<@Nullable Object>) values;
      return "append".equals(name)
          ? new ArrayOp.Append(path, list)
          : new ArrayOp.Prepend(path, list);
    }
    if ("setAtIndex".equals(name)) {
      only(where, op, "op", "path", "index", "value");
      if (!op.containsKey("value")) {
        throw bad(where + ".value is required");
      }
      return new ArrayOp.SetAtIndex(path, index(where, op.get("index")), op.get("value"));
    }
    if ("removeAtIndex".equals(name)) {
      only(where, op, "op", "path", "index");
      return new ArrayOp.RemoveAtIndex(path, index(where, op.get("index")));
    }
    if ("add".equals(name)) {
      only(where, op, "op", "path", "value");
      Object value = op.get("value");
      if (value == null) {
        throw bad(where + ".value must be a number or an array of set elements");
      }
      return new ArrayOp.Add(path, value);
    }
    throw bad(
        where
            + ".op must be one of append, prepend, setAtIndex, removeAtIndex, add; got "
            + (name instanceof String ? Texts.quote((String) name) : Bodies.kind(name)));
  }

  private static void only(String where, Map<?, ?> op, String... keys) {
    List<String> allowed = List.of(keys);
    for (Object key : op.keySet()) {
      if (!allowed.contains(key)) {
        throw bad(where + " has the unknown key " + Texts.quote(String.valueOf(key)));
      }
    }
  }

  private static int index(String where, @Nullable Object value) {
    if (value instanceof Long && (Long) value >= 0 && (Long) value <= Integer.MAX_VALUE) {
      return ((Long) value).intValue();
    }
    throw bad(where + ".index must be a whole number >= 0");
  }

  private static String path(String path, String separator, String what) {
    try {
      FieldPath.parse(path, separator);
    } catch (InvalidExpressionException e) {
      throw bad(what + " " + Texts.quote(path) + " is not a valid path: " + e.getMessage());
    }
    return path;
  }

  private static RestException bad(String message) {
    return RestException.badRequest("BadPatch", message);
  }
}
