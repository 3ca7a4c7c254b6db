package dev.dynakit.core.adapter;

import dev.dynakit.core.CreatedAtFieldNotDeclaredException;
import dev.dynakit.core.InvalidFilterException;
import dev.dynakit.core.NoIndexForSortException;
import dev.dynakit.core.expr.CompareOp;
import dev.dynakit.core.expr.CompiledFilter;
import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.Expression;
import dev.dynakit.core.expr.FieldPath;
import dev.dynakit.core.expr.Filters;
import dev.dynakit.core.expr.KeyCondition;
import dev.dynakit.core.expr.Operand;
import dev.dynakit.core.expr.Placeholders;
import dev.dynakit.core.expr.TextSearch;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Plans a list read from the caller's options: the index (named, or the one sorted by the sort
 * field), the list-input hooks, filter clauses (promoted into the key condition where they can
 * narrow it), search, the "as of" scope, the hidden descriptor row, and the projections of one or
 * two hops.
 */
final class ListPlanner {
  private final AdapterContext ctx;

  ListPlanner(AdapterContext ctx) {
    this.ctx = ctx;
  }

  ReadPlan plan(ListOptions options) {
    TableSpec spec = ctx.spec;
    String indexName = options.index();
    if (indexName == null && options.sortBy() != null) {
      String field = options.sortBy();
      indexName =
          spec.indexForSort(field).orElseThrow(() -> new NoIndexForSortException(field)).name();
    }
    ListInput input =
        ctx.hooks.prepareListInput(
            new ListInput(indexName, options.keyCondition(), null), options.example());
    indexName = input.indexName();
    IndexSpec index =
        indexName == null ? null : IndexChecks.index(spec, indexName, options.consistent());
    KeyCondition key = input.keyCondition();
    List<Cond> filters = new ArrayList<>();
    Cond hookFilter = input.filter() == null ? null : withoutAbsentKeys(input.filter(), index);
    if (hookFilter != null) {
      filters.add(hookFilter);
    }
    if (!options.filter().isEmpty()) {
      CompiledFilter compiled = Filters.compile(spec, indexName, key, options.filter());
      key = compiled.keyCondition();
      if (compiled.filter() != null) {
        if (key != null) {
          refuseKeyFilters(index, compiled.filter());
        }
        filters.add(compiled.filter());
      }
    }
    TextSearch.condition(spec, options.search(), options.searchIn()).ifPresent(filters::add);
    if (options.asOf() != null) {
      filters.add(asOf(options.asOf()));
    }
    if (key == null && !options.includeDescriptor() && spec.descriptorKey() != null) {
      filters.add(
          new Cond.Compare(
              Operand.path(FieldPath.of(spec.partitionKey().name())),
              CompareOp.NE,
              Operand.value(spec.descriptorKey())));
    }
    return render(options, indexName, index, key, filters.isEmpty() ? null : Cond.and(filters));
  }

  private ReadPlan render(
      ListOptions options,
      @Nullable String indexName,
      @Nullable IndexSpec index,
      @Nullable KeyCondition key,
      @Nullable Cond filter) {
    TableSpec spec = ctx.spec;
    List<String> fields = options.keysOnly() ? keyFieldNames() : options.fields();
    List<String> position = IndexChecks.positionAttributes(spec, index);
    boolean twoHops = index != null && index.indirect() && !options.ignoreIndirection();
    Placeholders placeholders = ctx.placeholders();
    Expression keyExpression = key == null ? null : key.render(placeholders);
    Expression filterExpression = filter == null ? null : filter.render(placeholders);
    Expression projection;
    ReadPlan.SecondHop secondHop = null;
    if (twoHops) {
      projection = Projections.exactly(position, placeholders);
      Expression second =
          Projections.of(spec, fields, ctx.alsoRead(spec.primaryKeyNames()), ctx.placeholders());
      secondHop = new ReadPlan.SecondHop(second, spec.primaryKeyNames());
    } else {
      projection = Projections.of(spec, fields, ctx.alsoRead(position), placeholders);
    }
    return new ReadPlan(
        ctx.table(),
        indexName,
        keyExpression,
        filterExpression,
        projection,
        options.consistent(),
        !options.descending(),
        secondHop,
        fields,
        position,
        signature(options, indexName, keyExpression));
  }

  /**
   * In a Query, DynamoDB refuses filters on the key attributes of what is queried; a clause on them
   * that could not narrow the key condition is refused here, naming the attribute.
   */
  private void refuseKeyFilters(@Nullable IndexSpec index, Cond remaining) {
    List<String> keyAttributes = new ArrayList<>();
    if (index == null) {
      keyAttributes.addAll(ctx.spec.primaryKeyNames());
    } else {
      keyAttributes.addAll(ctx.spec.partitionKeyNames(index));
      keyAttributes.addAll(index.sortKeyNames());
    }
    List<String> named = new ArrayList<>();
    CondPaths.roots(remaining, named);
    for (String field : named) {
      if (keyAttributes.contains(field)) {
        throw new InvalidFilterException(
            field,
            null,
            "is a key attribute of "
                + (index == null ? "the table" : "index '" + index.name() + "'")
                + "; in a keyed list a filter on it must narrow the key condition (one eq on the"
                + " partition key, one range on the next sort key)");
      }
    }
  }

  /**
   * A hook's filter without its "attribute absent" clauses on the key attributes of the index read:
   * every item of an index has its key attributes, so such a clause (soft delete's "not deleted" on
   * an index of deleted items) could only empty the list, and DynamoDB refuses filters on key
   * attributes in a Query. Reading that index is asking for those items.
   */
  private @Nullable Cond withoutAbsentKeys(Cond filter, @Nullable IndexSpec index) {
    if (index == null) {
      return filter;
    }
    if (filter instanceof Cond.NotExists) {
      String root = ((Cond.NotExists) filter).path().root();
      boolean key =
          ctx.spec.partitionKeyNames(index).contains(root) || index.sortKeyNames().contains(root);
      return key ? null : filter;
    }
    if (filter instanceof Cond.And) {
      List<Cond> kept = new ArrayList<>();
      for (Cond part : ((Cond.And) filter).parts()) {
        Cond left = withoutAbsentKeys(part, index);
        if (left != null) {
          kept.add(left);
        }
      }
      return kept.isEmpty() ? null : kept.size() == 1 ? kept.get(0) : Cond.and(kept);
    }
    return filter;
  }

  private Cond asOf(Object time) {
    String field = ctx.spec.createdAtField();
    if (field == null) {
      throw new CreatedAtFieldNotDeclaredException(ctx.table());
    }
    Object value = time;
    if (time instanceof Instant && !ctx.spec.codecs().containsKey(field)) {
      // compared as the field is stored: epoch numbers would never match ISO text
      TimeFormat format = ctx.hooks.createdAtFormat(field);
      value = (format == null ? TimeFormat.ISO : format).format((Instant) time);
    }
    return new Cond.Compare(Operand.path(FieldPath.of(field)), CompareOp.LE, Operand.value(value));
  }

  private List<String> keyFieldNames() {
    List<String> names = new ArrayList<>();
    for (KeyField field : ctx.spec.keyFields()) {
      names.add(field.name());
    }
    return names;
  }

  /**
   * What binds a cursor: the table, the index, the direction, the key condition and the caller's
   * list parameters. Filters added by hooks are left out (they may depend on the time, as a TTL
   * filter does); they shape which items match, not where a page ends.
   */
  private String signature(
      ListOptions options, @Nullable String indexName, @Nullable Expression key) {
    StringBuilder text = new StringBuilder(ctx.table()).append('\u0000');
    text.append(indexName == null ? "" : indexName).append('\u0000');
    text.append(options.descending() ? "desc" : "asc").append('\u0000');
    appendExpression(text, key);
    text.append(options.filter())
        .append('\u0000')
        .append(options.search())
        .append('\u0000')
        .append(options.searchIn())
        .append('\u0000')
        .append(options.asOf())
        .append('\u0000')
        .append(new TreeMap<>(options.example()))
        .append('\u0000')
        .append(options.includeDescriptor());
    return text.toString();
  }

  private static void appendExpression(StringBuilder text, @Nullable Expression expression) {
    if (expression != null) {
      text.append(expression.text())
          .append('\u0000')
          .append(new TreeMap<>(expression.names()))
          .append('\u0000')
          .append(new TreeMap<>(expression.values()));
    }
    text.append('\u0001');
  }
}
