package dev.dynakit.rest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One list or counter operation of a patch body's {@code _arrayOps}: {@code {"op": "append",
 * "path": "tags", "values": [...]}} and its siblings {@code prepend}, {@code setAtIndex}, {@code
 * removeAtIndex}, {@code add}. Paths use the patch's separator.
 */
public sealed interface ArrayOp
    permits ArrayOp.Append,
        ArrayOp.Prepend,
        ArrayOp.SetAtIndex,
        ArrayOp.RemoveAtIndex,
        ArrayOp.Add {

  /** The path the operation changes. */
  String path();

  /** Appends values to a list (created when absent). */
  record Append(String path, List<@Nullable Object> values) implements ArrayOp {
    /** Checks the path and copies the values. */
    public Append {
      Objects.requireNonNull(path, "path");
      values = Collections.unmodifiableList(new ArrayList<>(values));
    }
  }

  /** Prepends values to a list (created when absent). */
  record Prepend(String path, List<@Nullable Object> values) implements ArrayOp {
    /** Checks the path and copies the values. */
    public Prepend {
      Objects.requireNonNull(path, "path");
      values = Collections.unmodifiableList(new ArrayList<>(values));
    }
  }

  /** Sets one element of a list. */
  record SetAtIndex(String path, int index, @Nullable Object value) implements ArrayOp {
    /** Checks the path. */
    public SetAtIndex {
      Objects.requireNonNull(path, "path");
    }
  }

  /** Removes one element of a list. */
  record RemoveAtIndex(String path, int index) implements ArrayOp {
    /** Checks the path. */
    public RemoveAtIndex {
      Objects.requireNonNull(path, "path");
    }
  }

  /** Adds a number to a number, or elements to a set. */
  record Add(String path, Object value) implements ArrayOp {
    /** Checks the path and the value. */
    public Add {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(value, "value");
    }
  }
}
