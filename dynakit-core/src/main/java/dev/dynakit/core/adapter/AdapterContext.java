package dev.dynakit.core.adapter;

import dev.dynakit.core.expr.Placeholders;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.core.token.TokenCodec;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** What the operation objects of one Adapter share. Immutable once the Adapter is built. */
final class AdapterContext {
  final TableSpec spec;
  final Sender sender;
  final HookChain hooks;
  final Clock clock;
  final TokenCodec cursors;
  final KeyPreparer keys;
  final ItemPreparer items;
  final PatchPreparer patches;
  final Reviver reviver;
  final FailureClassifier classifier;
  final WriteExecutor writes;
  final BatchReader batches;
  final List<String> hookAttributes;
  private @Nullable Adapter adapter;

  AdapterContext(TableSpec spec, Sender sender, HookChain hooks, Clock clock, TokenCodec cursors) {
    this.spec = spec;
    this.sender = sender;
    this.hooks = hooks;
    this.clock = clock;
    this.cursors = cursors;
    this.keys = new KeyPreparer(spec, hooks);
    this.items = new ItemPreparer(spec, hooks);
    this.patches = new PatchPreparer(spec, hooks, items);
    this.reviver = new Reviver(spec, hooks);
    this.classifier = new FailureClassifier(spec.versionField());
    this.writes = new WriteExecutor(sender, hooks, classifier);
    this.batches = new BatchReader(sender, spec.tableName(), Backoff.standard());
    this.hookAttributes = hooks.requiredAttributes();
  }

  /** The attributes a read with a projection adds: {@code extra} and what revive hooks need. */
  List<String> alsoRead(Collection<String> extra) {
    List<String> all = new ArrayList<>(extra);
    all.addAll(hookAttributes);
    return all;
  }

  void attach(Adapter owner) {
    this.adapter = owner;
  }

  String table() {
    return spec.tableName();
  }

  /** A fresh placeholder context whose values go through the declaration's codecs. */
  Placeholders placeholders() {
    return Placeholders.create(spec.itemConverter());
  }

  WriteContext context(WriteKind kind, WriteOptions options) {
    return new WriteContext(
        kind, clock.instant(), options.actor(), Objects.requireNonNull(adapter, "adapter"));
  }

  /** The version field, refusing an expected version on a table without one. */
  String versionFieldFor(String what) {
    String field = spec.versionField();
    if (field == null) {
      throw new IllegalArgumentException(
          what + " needs a versionField, and table '" + spec.tableName() + "' declares none");
    }
    return field;
  }
}
