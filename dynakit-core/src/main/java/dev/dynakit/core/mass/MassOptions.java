package dev.dynakit.core.mass;

import dev.dynakit.core.adapter.WriteOptions;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * How a mass operation runs. Immutable; start from {@link #defaults()} or {@link #builder()}.
 *
 * <pre>{@code
 * MassOptions.builder().maxItems(1000).resumeToken(previous.resumeToken()).ifNotExists().build();
 * }</pre>
 *
 * <p>A resumed call must be given the same parameters as the call that made its token (scope,
 * destination, mode, {@code asOf}); the token is refused otherwise. The mapping functions cannot be
 * checked: give the same ones.
 */
public final class MassOptions {
  private static final MassOptions DEFAULTS = new Builder().build();

  private final long maxItems;
  private final @Nullable Duration maxTime;
  private final @Nullable String resumeToken;
  private final @Nullable WriteMode mode;
  private final @Nullable Object asOf;
  private final ProgressListener progress;
  private final @Nullable ProgressListener checkpoints;
  private final boolean countFirst;
  private final WriteOptions write;
  private final boolean wholeTable;
  private final @Nullable UnaryOperator<Map<String, Object>> mapping;

  private MassOptions(Builder b) {
    this.maxItems = b.maxItems;
    this.maxTime = b.maxTime;
    this.resumeToken = b.resumeToken;
    this.mode = b.mode;
    this.asOf = b.asOf;
    this.progress = b.progress;
    this.checkpoints = b.checkpoints;
    this.countFirst = b.countFirst;
    this.write = b.write.build();
    this.wholeTable = b.wholeTable;
    this.mapping = b.mapping;
  }

  /** No budget, no token, the operation's own write mode. */
  public static MassOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder b = new Builder();
    b.maxItems = maxItems;
    b.maxTime = maxTime;
    b.resumeToken = resumeToken;
    b.mode = mode;
    b.asOf = asOf;
    b.progress = progress;
    b.checkpoints = checkpoints;
    b.countFirst = countFirst;
    b.write = write.toBuilder();
    b.wholeTable = wholeTable;
    b.mapping = mapping;
    return b;
  }

  /** The most items this call handles before it returns a resume token. */
  public long maxItems() {
    return maxItems;
  }

  /** The time after which this call returns a resume token, or null for no limit. */
  public @Nullable Duration maxTime() {
    return maxTime;
  }

  /** Where to continue, from an earlier call's result; null to start. */
  public @Nullable String resumeToken() {
    return resumeToken;
  }

  /** How copies and moves treat an existing destination, or null for the operation's default. */
  public @Nullable WriteMode mode() {
    return mode;
  }

  /**
   * Freezes the scope: only items whose created-at field is at or before this time are touched (a
   * value as the created-at field stores it, or an {@link java.time.Instant}); null for all.
   */
  public @Nullable Object asOf() {
    return asOf;
  }

  public ProgressListener progress() {
    return progress;
  }

  /**
   * Told after every slice of items a resumable operation has completely handled (a batch or
   * transaction written), with {@link Progress#resumeToken()} resuming right after it; null for
   * none. It is called on the operation's thread before the next slice is written, so a process
   * that records each token durably and dies keeps a token at most one slice behind: a resume
   * handles that slice again, idempotently. Unlike the progress listener, a checkpoint listener
   * that throws stops the call (a {@link MassOperationException} with the token it was given),
   * since the caller could not record where the work stands. Not called by {@code putAll} and
   * {@code deleteAll}, which give no tokens.
   */
  public @Nullable ProgressListener checkpoints() {
    return checkpoints;
  }

  /** Whether to count the scope first, so that progress reports carry a total and time left. */
  public boolean countFirst() {
    return countFirst;
  }

  /** Whether the validation hooks are skipped for this call (they run by default). */
  public boolean skipValidation() {
    return write.skipValidation();
  }

  /** Who writes (for last-modified-by stamps), or null. */
  public @Nullable String actor() {
    return write.actor();
  }

  /** Whether an edit that changes key fields moves the item (else the item fails). */
  public boolean allowKeyChange() {
    return write.allowKeyChange();
  }

  /** How each item is written: the actor, skipValidation and allowKeyChange of these options. */
  WriteOptions itemWrites() {
    return write;
  }

  /**
   * Whether a delete or move over the whole table (no key condition, filter or search) is meant.
   */
  public boolean wholeTable() {
    return wholeTable;
  }

  /**
   * A mapping applied after a subtree operation moves an item under its new key (to change other
   * fields too); null for none. It may return null to leave the item out.
   */
  public @Nullable UnaryOperator<Map<String, Object>> mapping() {
    return mapping;
  }

  /** Assembles {@link MassOptions}. */
  public static final class Builder {
    private long maxItems = Long.MAX_VALUE;
    private @Nullable Duration maxTime;
    private @Nullable String resumeToken;
    private @Nullable WriteMode mode;
    private @Nullable Object asOf;
    private ProgressListener progress = ProgressListener.none();
    private @Nullable ProgressListener checkpoints;
    private boolean countFirst;
    private WriteOptions.Builder write = WriteOptions.builder();
    private boolean wholeTable;
    private @Nullable UnaryOperator<Map<String, Object>> mapping;

    private Builder() {}

    /** See {@link MassOptions#maxItems()}; at least 1. */
    public Builder maxItems(long items) {
      if (items < 1) {
        throw new IllegalArgumentException("maxItems must be at least 1, got " + items);
      }
      this.maxItems = items;
      return this;
    }

    public Builder maxTime(@Nullable Duration time) {
      if (time != null && time.isNegative()) {
        throw new IllegalArgumentException("maxTime must not be negative, got " + time);
      }
      this.maxTime = time;
      return this;
    }

    public Builder resumeToken(@Nullable String token) {
      this.resumeToken = token;
      return this;
    }

    /** Copies and moves replace an item at the destination. */
    public Builder overwrite() {
      this.mode = WriteMode.OVERWRITE;
      return this;
    }

    /** Copies and moves skip an item whose destination is occupied. */
    public Builder ifNotExists() {
      this.mode = WriteMode.IF_NOT_EXISTS;
      return this;
    }

    /** Copies and moves write only over an existing destination item. */
    public Builder ifExists() {
      this.mode = WriteMode.IF_EXISTS;
      return this;
    }

    public Builder mode(@Nullable WriteMode value) {
      this.mode = value;
      return this;
    }

    public Builder asOf(@Nullable Object time) {
      this.asOf = time;
      return this;
    }

    public Builder progress(ProgressListener listener) {
      this.progress = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /** See {@link MassOptions#checkpoints()}. */
    public Builder checkpoints(@Nullable ProgressListener listener) {
      this.checkpoints = listener;
      return this;
    }

    public Builder countFirst() {
      this.countFirst = true;
      return this;
    }

    public Builder skipValidation() {
      write.skipValidation();
      return this;
    }

    public Builder actor(@Nullable String who) {
      write.actor(who);
      return this;
    }

    public Builder allowKeyChange() {
      write.allowKeyChange();
      return this;
    }

    /** Confirms a delete or move over the whole table. */
    public Builder wholeTable() {
      this.wholeTable = true;
      return this;
    }

    public Builder mapping(@Nullable UnaryOperator<Map<String, Object>> function) {
      this.mapping = function;
      return this;
    }

    public MassOptions build() {
      return new MassOptions(this);
    }
  }
}
