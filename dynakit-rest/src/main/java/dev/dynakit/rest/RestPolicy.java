package dev.dynakit.rest;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Everything about the wire format that the reference toolkit lets users rename or tune, plus
 * Dynakit's limits. Immutable; {@link #defaults()} is wire-compatible with the reference toolkit's
 * {@code defaultPolicy}.
 *
 * <pre>{@code
 * RestPolicy policy = RestPolicy.builder()
 *     .envelope(new EnvelopeNames("items", "count", "skip", "take", "links"))
 *     .maxLimit(50)
 *     .extraParameters("tenant")
 *     .build();
 * }</pre>
 */
public final class RestPolicy {
  private static final RestPolicy DEFAULTS = new Builder().build();

  private final String metaPrefix;
  private final String methodPrefix;
  private final String keySeparator;
  private final EnvelopeNames envelope;
  private final StatusCodes statusCodes;
  private final Function<RestError, Object> errorBody;
  private final boolean needTotal;
  private final int defaultLimit;
  private final int maxLimit;
  private final int maxOffset;
  private final int maxFields;
  private final int maxNames;
  private final int maxSearchLength;
  private final int maxFilterClauses;
  private final int maxValueLength;
  private final int maxQueryLength;
  private final long maxBodyBytes;
  private final int maxBulkItems;
  private final boolean strictParameters;
  private final Set<String> extraParameters;

  private RestPolicy(Builder b) {
    this.metaPrefix = b.metaPrefix;
    this.methodPrefix = b.methodPrefix;
    this.keySeparator = b.keySeparator;
    this.envelope = b.envelope;
    this.statusCodes = b.statusCodes;
    this.errorBody = b.errorBody;
    this.needTotal = b.needTotal;
    this.defaultLimit = b.defaultLimit;
    this.maxLimit = b.maxLimit;
    this.maxOffset = b.maxOffset;
    this.maxFields = b.maxFields;
    this.maxNames = b.maxNames;
    this.maxSearchLength = b.maxSearchLength;
    this.maxFilterClauses = b.maxFilterClauses;
    this.maxValueLength = b.maxValueLength;
    this.maxQueryLength = b.maxQueryLength;
    this.maxBodyBytes = b.maxBodyBytes;
    this.maxBulkItems = b.maxBulkItems;
    this.strictParameters = b.strictParameters;
    this.extraParameters = Collections.unmodifiableSet(new LinkedHashSet<>(b.extraParameters));
  }

  /** The reference toolkit's policy with Dynakit's limits. */
  public static RestPolicy defaults() {
    return DEFAULTS;
  }

  /** A builder that starts from {@link #defaults()}. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder that starts from this policy. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.metaPrefix = metaPrefix;
    b.methodPrefix = methodPrefix;
    b.keySeparator = keySeparator;
    b.envelope = envelope;
    b.statusCodes = statusCodes;
    b.errorBody = errorBody;
    b.needTotal = needTotal;
    b.defaultLimit = defaultLimit;
    b.maxLimit = maxLimit;
    b.maxOffset = maxOffset;
    b.maxFields = maxFields;
    b.maxNames = maxNames;
    b.maxSearchLength = maxSearchLength;
    b.maxFilterClauses = maxFilterClauses;
    b.maxValueLength = maxValueLength;
    b.maxQueryLength = maxQueryLength;
    b.maxBodyBytes = maxBodyBytes;
    b.maxBulkItems = maxBulkItems;
    b.strictParameters = strictParameters;
    b.extraParameters.addAll(extraParameters);
    return b;
  }

  /** The prefix of patch meta keys ({@code _delete}, {@code _separator}, {@code _arrayOps}). */
  public String metaPrefix() {
    return metaPrefix;
  }

  /** The prefix of method segments in paths ({@code /-by-names}, {@code /:key/-clone}). */
  public String methodPrefix() {
    return methodPrefix;
  }

  /** The text between key fields of a composite key in a path or a name ({@code TX:Dallas}). */
  public String keySeparator() {
    return keySeparator;
  }

  /** The key names of the list envelope. */
  public EnvelopeNames envelope() {
    return envelope;
  }

  /** The renumberable statuses. */
  public StatusCodes statusCodes() {
    return statusCodes;
  }

  /** Renders an error as the response body; by default {@code {"code": …, "message": …}}. */
  public Function<RestError, Object> errorBody() {
    return errorBody;
  }

  /** Whether the list route counts every match for the envelope's total (an extra pass). */
  public boolean needTotal() {
    return needTotal;
  }

  /** The page size when the request gives none. */
  public int defaultLimit() {
    return defaultLimit;
  }

  /** The largest page size; larger requested limits are lowered to it (the envelope says so). */
  public int maxLimit() {
    return maxLimit;
  }

  /** The largest offset; a larger one is refused. */
  public int maxOffset() {
    return maxOffset;
  }

  /** The most entries in {@code fields}; more are refused. */
  public int maxFields() {
    return maxFields;
  }

  /** The most entries in {@code names} (or a names body); more are refused. */
  public int maxNames() {
    return maxNames;
  }

  /** The longest {@code search} text in characters; a longer one is refused. */
  public int maxSearchLength() {
    return maxSearchLength;
  }

  /** The most filter clauses in one request. */
  public int maxFilterClauses() {
    return maxFilterClauses;
  }

  /**
   * The longest single value in characters: a filter value, a sort field, one {@code fields} or
   * {@code names} entry, a key in a path.
   */
  public int maxValueLength() {
    return maxValueLength;
  }

  /** The longest raw query string in characters; a longer one is refused with 414. */
  public int maxQueryLength() {
    return maxQueryLength;
  }

  /** The largest request body in bytes; a larger one is refused with 413. */
  public long maxBodyBytes() {
    return maxBodyBytes;
  }

  /**
   * The most items one bulk request ({@code DELETE /}, {@code PUT /-clone}, {@code PUT /-move} and
   * the by-names routes) handles before it answers with a resume token, and the most items one
   * {@code PUT /-load} body may hold.
   */
  public int maxBulkItems() {
    return maxBulkItems;
  }

  /**
   * Whether a query parameter the route does not read is refused (the default) rather than ignored.
   * Refusing catches typos such as {@code ?limt=5} and filters sent to routes that would not apply
   * them; {@link #extraParameters()} are always accepted.
   */
  public boolean strictParameters() {
    return strictParameters;
  }

  /** Application parameters every route accepts (and ignores), e.g. for an example builder. */
  public Set<String> extraParameters() {
    return extraParameters;
  }

  /** The default error body: {@code {"code": …, "message": …}}. */
  static Object defaultErrorBody(RestError error) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("code", error.code());
    body.put("message", error.message());
    return body;
  }

  /** Assembles a {@link RestPolicy}; {@link #build()} checks the values together. */
  public static final class Builder {
    private String metaPrefix = "_";
    private String methodPrefix = "-";
    private String keySeparator = ":";
    private EnvelopeNames envelope = EnvelopeNames.DEFAULTS;
    private StatusCodes statusCodes = StatusCodes.DEFAULTS;
    private Function<RestError, Object> errorBody = RestPolicy::defaultErrorBody;
    private boolean needTotal = true;
    private int defaultLimit = 10;
    private int maxLimit = 100;
    private int maxOffset = 100_000;
    private int maxFields = 1000;
    private int maxNames = 1000;
    private int maxSearchLength = 1024;
    private int maxFilterClauses = 50;
    private int maxValueLength = 2048;
    private int maxQueryLength = 65_536;
    private long maxBodyBytes = 1_048_576;
    private int maxBulkItems = 10_000;
    private boolean strictParameters = true;
    private final Set<String> extraParameters = new LinkedHashSet<>();

    private Builder() {}

    /** Sets {@link RestPolicy#metaPrefix()}. */
    public Builder metaPrefix(String value) {
      this.metaPrefix = Objects.requireNonNull(value, "metaPrefix");
      return this;
    }

    /** Sets {@link RestPolicy#methodPrefix()}. */
    public Builder methodPrefix(String value) {
      this.methodPrefix = Objects.requireNonNull(value, "methodPrefix");
      return this;
    }

    /** One character that is not a letter, digit, {@code %}, {@code /} or {@code ,}. */
    public Builder keySeparator(String value) {
      this.keySeparator = Objects.requireNonNull(value, "keySeparator");
      return this;
    }

    /** Sets {@link RestPolicy#envelope()}. */
    public Builder envelope(EnvelopeNames value) {
      this.envelope = Objects.requireNonNull(value, "envelope");
      return this;
    }

    /** Sets {@link RestPolicy#statusCodes()}. */
    public Builder statusCodes(StatusCodes value) {
      this.statusCodes = Objects.requireNonNull(value, "statusCodes");
      return this;
    }

    /** The error body builder; it must return a JSON tree (maps, lists, strings, numbers…). */
    public Builder errorBody(Function<RestError, Object> value) {
      this.errorBody = Objects.requireNonNull(value, "errorBody");
      return this;
    }

    /** Sets {@link RestPolicy#needTotal()}. */
    public Builder needTotal(boolean value) {
      this.needTotal = value;
      return this;
    }

    /** Sets {@link RestPolicy#defaultLimit()}. */
    public Builder defaultLimit(int value) {
      this.defaultLimit = value;
      return this;
    }

    /** Sets {@link RestPolicy#maxLimit()}. */
    public Builder maxLimit(int value) {
      this.maxLimit = value;
      return this;
    }

    /** Sets {@link RestPolicy#maxOffset()}. */
    public Builder maxOffset(int value) {
      this.maxOffset = value;
      return this;
    }

    /** Sets {@link RestPolicy#maxFields()}. */
    public Builder maxFields(int value) {
      this.maxFields = value;
      return this;
    }

    /** Sets {@link RestPolicy#maxNames()}. */
    public Builder maxNames(int value) {
      this.maxNames = value;
      return this;
    }

    /** Sets {@link RestPolicy#maxSearchLength()}. */
    public Builder maxSearchLength(int value) {
      this.maxSearchLength = value;
      return this;
    }

    /** Sets {@link RestPolicy#maxFilterClauses()}. */
    public Builder maxFilterClauses(int value) {
      this.maxFilterClauses = value;
      return this;
    }

    /** Sets {@link RestPolicy#maxValueLength()}. */
    public Builder maxValueLength(int value) {
      this.maxValueLength = value;
      return this;
    }

    /** Sets {@link RestPolicy#maxQueryLength()}. */
    public Builder maxQueryLength(int value) {
      this.maxQueryLength = value;
      return this;
    }

    /** Sets {@link RestPolicy#maxBodyBytes()}. */
    public Builder maxBodyBytes(long value) {
      this.maxBodyBytes = value;
      return this;
    }

    /** Sets {@link RestPolicy#maxBulkItems()}. */
    public Builder maxBulkItems(int value) {
      this.maxBulkItems = value;
      return this;
    }

    /** Sets {@link RestPolicy#strictParameters()}. */
    public Builder strictParameters(boolean value) {
      this.strictParameters = value;
      return this;
    }

    /** Adds to {@link RestPolicy#extraParameters()}. */
    public Builder extraParameters(String... names) {
      for (String name : names) {
        extraParameters.add(Objects.requireNonNull(name, "name"));
      }
      return this;
    }

    /**
     * @throws IllegalArgumentException naming the first value out of range
     */
    public RestPolicy build() {
      if (metaPrefix.isEmpty()) {
        throw new IllegalArgumentException("metaPrefix must not be empty");
      }
      if (methodPrefix.isEmpty() || methodPrefix.contains("/") || methodPrefix.contains("%")) {
        throw new IllegalArgumentException(
            "methodPrefix must be non-empty without '/' or '%', got '" + methodPrefix + "'");
      }
      if (keySeparator.length() != 1 || "%/,".contains(keySeparator)) {
        throw new IllegalArgumentException(
            "keySeparator must be one character other than '%', '/' and ',', got '"
                + keySeparator
                + "'");
      }
      if (Character.isLetterOrDigit(keySeparator.charAt(0))) {
        throw new IllegalArgumentException("keySeparator must not be a letter or digit");
      }
      positive("maxLimit", maxLimit);
      if (defaultLimit < 1 || defaultLimit > maxLimit) {
        throw new IllegalArgumentException(
            "defaultLimit must be between 1 and maxLimit (" + maxLimit + "), got " + defaultLimit);
      }
      if (maxOffset < 0) {
        throw new IllegalArgumentException("maxOffset must be >= 0, got " + maxOffset);
      }
      positive("maxFields", maxFields);
      positive("maxNames", maxNames);
      positive("maxSearchLength", maxSearchLength);
      positive("maxFilterClauses", maxFilterClauses);
      positive("maxValueLength", maxValueLength);
      positive("maxQueryLength", maxQueryLength);
      positive("maxBulkItems", maxBulkItems);
      if (maxBodyBytes < 1 || maxBodyBytes > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException(
            "maxBodyBytes must be between 1 and 2^31 - 9, got " + maxBodyBytes);
      }
      return new RestPolicy(this);
    }

    private static void positive(String name, int value) {
      if (value < 1) {
        throw new IllegalArgumentException(name + " must be >= 1, got " + value);
      }
    }
  }
}
