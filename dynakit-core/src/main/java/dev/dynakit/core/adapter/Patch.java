package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.FieldPath;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A partial update: fields to set, paths to remove, numbers to add, lists to extend. Paths are text
 * with a separator ({@code .} by default) between segments; all-digit segments are list indices
 * ({@code tags.0}). Key fields and the version field in a patch are ignored: keys cannot change in
 * place, and the version is the Adapter's to bump.
 *
 * <pre>{@code
 * Patch.builder().set("status", "rented").remove("notes").add("rentals", 1).build();
 * }</pre>
 */
public final class Patch {
  private final Map<String, @Nullable Object> set;
  private final List<String> remove;
  private final Map<String, Object> add;
  private final Map<String, List<?>> append;
  private final Map<String, List<?>> prepend;
  private final String separator;

  private Patch(Builder b) {
    this.set = Collections.unmodifiableMap(new LinkedHashMap<>(b.set));
    this.remove = List.copyOf(b.remove);
    this.add = Collections.unmodifiableMap(new LinkedHashMap<>(b.add));
    this.append = Collections.unmodifiableMap(new LinkedHashMap<>(b.append));
    this.prepend = Collections.unmodifiableMap(new LinkedHashMap<>(b.prepend));
    this.separator = b.separator;
  }

  /** A patch that sets every entry (keys are paths; a null value stores DynamoDB's NULL). */
  public static Patch of(Map<String, ?> values) {
    return builder().setAll(values).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder b = new Builder();
    b.set.putAll(set);
    b.remove.addAll(remove);
    b.add.putAll(add);
    b.append.putAll(append);
    b.prepend.putAll(prepend);
    b.separator = separator;
    return b;
  }

  /** Paths to set, with their values. */
  public Map<String, @Nullable Object> set() {
    return set;
  }

  /** Paths to remove. */
  public List<String> remove() {
    return remove;
  }

  /** Paths to add to: a number to a number (absent counts as 0), or a set to a set. */
  public Map<String, Object> add() {
    return add;
  }

  /** Lists to append to (created when absent). */
  public Map<String, List<?>> append() {
    return append;
  }

  /** Lists to prepend to (created when absent). */
  public Map<String, List<?>> prepend() {
    return prepend;
  }

  /** The separator of the paths. */
  public String separator() {
    return separator;
  }

  /** Whether the patch does nothing. */
  public boolean isEmpty() {
    return set.isEmpty()
        && remove.isEmpty()
        && add.isEmpty()
        && append.isEmpty()
        && prepend.isEmpty();
  }

  /** The path as a {@link FieldPath}. */
  FieldPath path(String path) {
    return FieldPath.parse(path, separator);
  }

  @Override
  public String toString() {
    return "Patch[set="
        + set
        + ", remove="
        + remove
        + ", add="
        + add
        + ", append="
        + append
        + ", prepend="
        + prepend
        + "]";
  }

  /** Assembles a {@link Patch}. */
  public static final class Builder {
    private final Map<String, @Nullable Object> set = new LinkedHashMap<>();
    private final List<String> remove = new ArrayList<>();
    private final Map<String, Object> add = new LinkedHashMap<>();
    private final Map<String, List<?>> append = new LinkedHashMap<>();
    private final Map<String, List<?>> prepend = new LinkedHashMap<>();
    private String separator = FieldPath.DEFAULT_SEPARATOR;

    private Builder() {}

    public Builder set(String path, @Nullable Object value) {
      set.put(Objects.requireNonNull(path, "path"), value);
      return this;
    }

    public Builder setAll(Map<String, ?> values) {
      values.forEach(this::set);
      return this;
    }

    public Builder remove(String... paths) {
      remove.addAll(List.of(paths));
      return this;
    }

    public Builder remove(List<String> paths) {
      remove.addAll(paths);
      return this;
    }

    /** Adds a number (or unites a non-empty set) at the path. */
    public Builder add(String path, Object numberOrSet) {
      add.put(Objects.requireNonNull(path, "path"), Objects.requireNonNull(numberOrSet, "value"));
      return this;
    }

    public Builder append(String path, List<?> values) {
      append.put(Objects.requireNonNull(path, "path"), List.copyOf(values));
      return this;
    }

    public Builder prepend(String path, List<?> values) {
      prepend.put(Objects.requireNonNull(path, "path"), List.copyOf(values));
      return this;
    }

    /** The separator of the paths of this patch ({@code .} by default). */
    public Builder separator(String value) {
      if (value.isEmpty()) {
        throw new IllegalArgumentException("a path separator must not be empty");
      }
      this.separator = value;
      return this;
    }

    public Patch build() {
      return new Patch(this);
    }
  }
}
