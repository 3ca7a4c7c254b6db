package dev.dynakit.core.adapter;

import dev.dynakit.core.TechnicalFieldException;
import dev.dynakit.core.entity.internal.EntityItems;
import dev.dynakit.core.item.FieldCodec;
import dev.dynakit.core.schema.GlobalIndex;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.StructuralKey;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The built-in prepare of full items: the technical-field guard, the derived fields (structural
 * key, search mirrors, type field), the prepare hooks, the derived fields again, and the
 * sparse-index rules. The version is stamped by the write operations, which know the expectation.
 */
final class ItemPreparer {
  private final TableSpec spec;
  private final HookChain hooks;
  private final List<IndexSpec> predicateIndices = new ArrayList<>();
  private final Set<String> keyAttributes = new HashSet<>();
  private final Set<String> derived = new HashSet<>();
  private final DeclaredTypes types;

  ItemPreparer(TableSpec spec, HookChain hooks) {
    this.spec = spec;
    this.hooks = hooks;
    this.types = new DeclaredTypes(spec);
    for (IndexSpec index : spec.indices().values()) {
      if (index.sparse().predicate() != null) {
        predicateIndices.add(index);
      }
    }
    keyAttributes.addAll(spec.primaryKeyNames());
    for (KeyField field : spec.keyFields()) {
      keyAttributes.add(field.name());
    }
    for (String field : spec.searchable()) {
      derived.add(spec.searchMirror(field));
    }
    for (IndexSpec index : predicateIndices) {
      for (String attribute : indexKeyNames(index)) {
        if (!keyAttributes.contains(attribute) && spec.isTechnical(attribute)) {
          derived.add(attribute);
        }
      }
    }
  }

  /**
   * Whether a technical attribute is derived from the item's own fields (a search mirror, a sparse
   * index's marker): a full write that does not produce it must remove the stored one, or the item
   * stays findable by a search or listed by an index it no longer belongs to.
   */
  boolean isDerived(String attribute) {
    return derived.contains(attribute);
  }

  /** A caller's full item, prepared for writing (version not yet stamped). */
  Map<String, Object> full(Map<String, ?> input, WriteContext context) {
    guard(input.keySet());
    types.checkItem(input);
    Map<String, Object> item = new LinkedHashMap<>(input);
    derive(item);
    if (!hooks.isEmpty()) {
      // the hooks may change key or searchable fields: derive again from what they returned
      item = hooks.prepare(item, context);
      if (!(item instanceof LinkedHashMap)) {
        item = new LinkedHashMap<>(item);
      }
      derive(item);
    }
    applySparseRules(item);
    return item;
  }

  /** Refuses technical fields in caller input, except the version and created-at fields. */
  void guard(Collection<String> fields) {
    String prefix = spec.technicalPrefix();
    if (prefix == null) {
      return;
    }
    for (String field : fields) {
      if (field.startsWith(prefix)
          && !field.equals(spec.versionField())
          && !field.equals(spec.createdAtField())
          && !isReturnedTypeField(field)) {
        throw new TechnicalFieldException(field, prefix);
      }
    }
  }

  /**
   * Whether the field is the type field of a single-table design, which reads return and writes
   * therefore accept back (it is derived from the key, so a given value never counts).
   */
  private boolean isReturnedTypeField(String field) {
    return !spec.entities().isEmpty() && field.equals(spec.typeField());
  }

  /** The checks of declared value types, which patches apply too. */
  DeclaredTypes types() {
    return types;
  }

  /** Whether some index is sparse by a predicate (patches then read the item to evaluate it). */
  boolean hasSparsePredicates() {
    return !predicateIndices.isEmpty();
  }

  /**
   * The attributes to drop from an item so that it leaves the indices whose sparse predicate it
   * fails. An index key attribute under the technical prefix is a marker, kept only for the index,
   * and those are dropped; an index keyed on user fields only loses those fields (never the table's
   * own key attributes), as the declaration says they exist only while the predicate holds.
   */
  Set<String> sparseExclusions(Map<String, Object> item) {
    Set<String> dropped = new HashSet<>();
    Map<String, Object> view = Collections.unmodifiableMap(item);
    for (IndexSpec index : predicateIndices) {
      if (!index.sparse().includes(view)) {
        List<String> markers = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        for (String attribute : indexKeyNames(index)) {
          if (!keyAttributes.contains(attribute)) {
            (spec.isTechnical(attribute) ? markers : fields).add(attribute);
          }
        }
        dropped.addAll(markers.isEmpty() ? fields : markers);
      }
    }
    return dropped;
  }

  /** The search-mirror text of a searchable field's value (its stored form, lower case). */
  String mirrorText(String field, Object value) {
    FieldCodec<?> codec = spec.codecs().get(field);
    Object stored = codec == null ? value : codec.normalize(value);
    return String.valueOf(stored).toLowerCase(Locale.ROOT);
  }

  private void derive(Map<String, Object> item) {
    List<Object> path = spec.keyPath(item);
    StructuralKey structural = spec.structuralKey();
    if (structural != null && spec.keyEncoder() != null) {
      item.put(structural.name(), Objects.requireNonNull(spec.keyEncoder()).encodePath(path));
    }
    if (!spec.entities().isEmpty()) {
      // a single-table item: its entity's templates compose the key and index attributes
      EntityItems.derive(spec, item);
    }
    for (String field : spec.searchable()) {
      Object value = item.get(field);
      if (value == null) {
        item.remove(spec.searchMirror(field));
      } else {
        item.put(spec.searchMirror(field), mirrorText(field, value));
      }
    }
    String typeField = spec.typeField();
    if (typeField != null && item.get(typeField) == null) {
      @Nullable String type = spec.typeOf(item);
      if (type != null) {
        item.put(typeField, type);
      }
    }
  }

  private void applySparseRules(Map<String, Object> item) {
    if (!predicateIndices.isEmpty()) {
      item.keySet().removeAll(sparseExclusions(item));
    }
  }

  private List<String> indexKeyNames(IndexSpec index) {
    List<String> names = new ArrayList<>();
    if (index instanceof GlobalIndex) {
      names.addAll(((GlobalIndex) index).partitionKeyNames());
    }
    names.addAll(index.sortKeyNames());
    return names;
  }
}
