package dev.dynakit.core.expr;

import dev.dynakit.core.InvalidFilterException;
import dev.dynakit.core.MarshallingException;
import dev.dynakit.core.item.Marshalling;
import dev.dynakit.core.schema.FilterOp;
import dev.dynakit.core.schema.FilterRule;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.ScalarType;
import dev.dynakit.core.schema.StructuralKey;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Compiles structured filter clauses against a declaration's {@code filterable} allowlist.
 *
 * <ol>
 *   <li>Every clause is checked first: the field must be filterable, the operator allowed for it,
 *       the number of values right, and text values readable as the field's type.
 *   <li>Clauses on the key of the table (or of the named index) are promoted to a key condition: an
 *       {@code eq} on every partition-key attribute, then {@code eq} on leading sort-key attributes
 *       and one range clause on the next. Sort-key clauses are promoted only together with the
 *       partition key, so the result is always a valid Query.
 *   <li>The rest are ANDed into a filter.
 * </ol>
 */
public final class Filters {
  private Filters() {}

  /**
   * @param indexName the index the request reads, or null for the table; clauses are never promoted
   *     for an index the declaration does not know
   * @throws InvalidFilterException for the first clause that breaks a rule
   */
  public static CompiledFilter compile(
      TableSpec spec, @Nullable String indexName, List<FilterClause> clauses) {
    return compile(spec, indexName, null, clauses);
  }

  /**
   * Compiles clauses for a read that already has a key condition: the result's key condition is
   * {@code base} narrowed by the clauses that can narrow it. An {@code eq} on the partition key
   * must repeat the base's value (it is then dropped); when the base has no range condition, sort
   * key clauses are promoted after its sort-key equalities, as without a base.
   *
   * @param base the read's key condition, or null (then this is {@link #compile(TableSpec, String,
   *     List)})
   * @throws InvalidFilterException for the first clause that breaks a rule, or an {@code eq} that
   *     asks for another partition than the base
   */
  public static CompiledFilter compile(
      TableSpec spec,
      @Nullable String indexName,
      @Nullable KeyCondition base,
      List<FilterClause> clauses) {
    List<FilterClause> checked = new ArrayList<>(clauses.size());
    for (FilterClause clause : clauses) {
      checked.add(check(spec, clause));
    }
    List<String> partition = new ArrayList<>();
    List<String> sort = new ArrayList<>();
    keyAttributes(spec, indexName, partition, sort);
    List<FilterClause> rest = new ArrayList<>(checked);
    KeyCondition key = base == null ? promote(partition, sort, rest) : extend(base, sort, rest);
    List<Cond> filter = new ArrayList<>();
    for (FilterClause clause : rest) {
      filter.add(condition(clause));
    }
    return new CompiledFilter(key, filter.isEmpty() ? null : Cond.and(filter));
  }

  private static void keyAttributes(
      TableSpec spec, @Nullable String indexName, List<String> partition, List<String> sort) {
    if (indexName == null) {
      partition.add(spec.partitionKey().name());
      StructuralKey structural = spec.structuralKey();
      if (structural != null) {
        sort.add(structural.name());
      }
      return;
    }
    Optional<IndexSpec> index = spec.index(indexName);
    if (index.isPresent()) {
      partition.addAll(spec.partitionKeyNames(index.get()));
      sort.addAll(index.get().sortKeyNames());
    }
  }

  private static @Nullable KeyCondition promote(
      List<String> partition, List<String> sort, List<FilterClause> rest) {
    if (partition.isEmpty()) {
      return null;
    }
    List<FilterClause> partitionClauses = new ArrayList<>();
    for (String attribute : partition) {
      FilterClause clause = first(rest, attribute, true);
      if (clause == null) {
        return null;
      }
      partitionClauses.add(clause);
    }
    KeyCondition.Builder key = KeyCondition.builder();
    for (FilterClause clause : partitionClauses) {
      rest.remove(clause);
      key.partition(clause.field(), clause.values().get(0));
    }
    return promoteSort(key, sort, 0, rest);
  }

  private static KeyCondition extend(
      KeyCondition base, List<String> sort, List<FilterClause> rest) {
    KeyCondition.Builder key = KeyCondition.builder();
    for (KeyCondition.Part part : base.partition()) {
      key.partition(part.attribute(), part.value());
      FilterClause repeat;
      while ((repeat = first(rest, part.attribute(), true)) != null) {
        if (!sameValue(repeat.values().get(0), part.value())) {
          throw new InvalidFilterException(
              part.attribute(),
              FilterOp.EQ.code(),
              "asks for another partition than the list's key condition (" + part.value() + ")");
        }
        rest.remove(repeat);
      }
    }
    for (KeyCondition.Part part : base.sortEquals()) {
      key.sortEquals(part.attribute(), part.value());
    }
    if (base.range() != null) {
      return key.sort(base.range()).build();
    }
    return promoteSort(key, sort, base.sortEquals().size(), rest);
  }

  /**
   * Moves clauses on the sort-key attributes from {@code from} on into the key condition:
   * equalities while there are, then at most one range; the key condition is then complete.
   */
  private static KeyCondition promoteSort(
      KeyCondition.Builder key, List<String> sort, int from, List<FilterClause> rest) {
    for (int i = from; i < sort.size(); i++) {
      String attribute = sort.get(i);
      FilterClause equality = first(rest, attribute, true);
      if (equality != null) {
        rest.remove(equality);
        key.sortEquals(attribute, equality.values().get(0));
        continue;
      }
      FilterClause range = first(rest, attribute, false);
      if (range != null) {
        rest.remove(range);
        key.sort(range(range));
      }
      break;
    }
    return key.build();
  }

  private static boolean sameValue(Object a, Object b) {
    AttributeValue left =
        a instanceof AttributeValue ? (AttributeValue) a : Marshalling.toAttributeValue(a);
    AttributeValue right =
        b instanceof AttributeValue ? (AttributeValue) b : Marshalling.toAttributeValue(b);
    if (left.n() != null && right.n() != null) {
      return new BigDecimal(left.n()).compareTo(new BigDecimal(right.n())) == 0;
    }
    return left.equals(right);
  }

  private static @Nullable FilterClause first(
      List<FilterClause> clauses, String attribute, boolean equality) {
    for (FilterClause clause : clauses) {
      if (!clause.field().equals(attribute)) {
        continue;
      }
      if (equality ? clause.op() == FilterOp.EQ : rangeOp(clause.op()) != null) {
        return clause;
      }
    }
    return null;
  }

  private static KeyCondition.Range range(FilterClause clause) {
    KeyCondition.RangeOp op = rangeOp(clause.op());
    List<Object> values = clause.values();
    return new KeyCondition.Range(
        clause.field(),
        op,
        values.get(0),
        op == KeyCondition.RangeOp.BETWEEN ? values.get(1) : null);
  }

  private static KeyCondition.@Nullable RangeOp rangeOp(FilterOp op) {
    switch (op) {
      case EQ:
        return KeyCondition.RangeOp.EQ;
      case LT:
        return KeyCondition.RangeOp.LT;
      case LE:
        return KeyCondition.RangeOp.LE;
      case GT:
        return KeyCondition.RangeOp.GT;
      case GE:
        return KeyCondition.RangeOp.GE;
      case BETWEEN:
        return KeyCondition.RangeOp.BETWEEN;
      case BEGINS_WITH:
        return KeyCondition.RangeOp.BEGINS_WITH;
      default:
        return null;
    }
  }

  private static Cond condition(FilterClause clause) {
    String field = clause.field();
    List<Object> values = clause.values();
    FieldPath path = FieldPath.of(field);
    switch (clause.op()) {
      case EXISTS:
        return new Cond.Exists(path);
      case NOT_EXISTS:
        return new Cond.NotExists(path);
      case IN:
        List<Operand> candidates = new ArrayList<>();
        for (Object value : values) {
          candidates.add(Operand.value(value));
        }
        return new Cond.In(Operand.path(path), candidates);
      case BETWEEN:
        return new Cond.Between(
            Operand.path(path), Operand.value(values.get(0)), Operand.value(values.get(1)));
      case BEGINS_WITH:
        return new Cond.BeginsWith(path, Operand.value(values.get(0)));
      case CONTAINS:
        return new Cond.Contains(path, Operand.value(values.get(0)));
      default:
        return new Cond.Compare(
            Operand.path(path), compareOp(clause.op()), Operand.value(values.get(0)));
    }
  }

  private static CompareOp compareOp(FilterOp op) {
    switch (op) {
      case NE:
        return CompareOp.NE;
      case LT:
        return CompareOp.LT;
      case LE:
        return CompareOp.LE;
      case GT:
        return CompareOp.GT;
      case GE:
        return CompareOp.GE;
      default:
        return CompareOp.EQ;
    }
  }

  private static FilterClause check(TableSpec spec, FilterClause clause) {
    String field = clause.field();
    FilterRule rule = spec.filterable().get(field);
    if (rule == null) {
      throw new InvalidFilterException(
          field, null, "not filterable; filterable fields: " + spec.filterable().keySet());
    }
    String code = clause.op().code();
    if (!rule.ops().contains(clause.op())) {
      StringJoiner allowed = new StringJoiner(", ");
      rule.ops().forEach(op -> allowed.add(op.code()));
      throw new InvalidFilterException(
          field, code, "operator not allowed for this field; allowed: " + allowed);
    }
    int count = clause.values().size();
    switch (clause.op()) {
      case EXISTS:
      case NOT_EXISTS:
        if (count != 0) {
          throw new InvalidFilterException(field, code, "takes no value, got " + count);
        }
        break;
      case BETWEEN:
        if (count != 2) {
          throw new InvalidFilterException(field, code, "takes exactly 2 values, got " + count);
        }
        break;
      case IN:
        if (count < 1 || count > Cond.MAX_IN_OPERANDS) {
          throw new InvalidFilterException(field, code, "takes 1 to 100 values, got " + count);
        }
        break;
      default:
        if (count != 1) {
          throw new InvalidFilterException(field, code, "takes exactly 1 value, got " + count);
        }
        break;
    }
    ScalarType type = spec.fieldType(field);
    List<Object> values = new ArrayList<>(count);
    for (Object value : clause.values()) {
      values.add(coerce(spec, field, code, type, clause.op(), value));
    }
    return new FilterClause(field, clause.op(), values);
  }

  private static Object coerce(
      TableSpec spec,
      String field,
      String code,
      ScalarType type,
      FilterOp op,
      @Nullable Object value) {
    if (value == null) {
      throw new InvalidFilterException(field, code, "values must not be null");
    }
    // begins_with and contains take a part of the value, not a whole one
    boolean textual = op == FilterOp.BEGINS_WITH || op == FilterOp.CONTAINS;
    if (!textual && spec.codecs().containsKey(field)) {
      try {
        return spec.itemConverter().toAttribute(field, value);
      } catch (MarshallingException e) {
        throw new InvalidFilterException(field, code, e.getMessage());
      }
    }
    if (type == ScalarType.NUMBER && !textual && value instanceof String) {
      String text = ((String) value).trim();
      try {
        return new BigDecimal(text);
      } catch (NumberFormatException e) {
        throw new InvalidFilterException(field, code, "'" + value + "' is not a number");
      }
    }
    return value;
  }
}
