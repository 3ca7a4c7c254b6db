package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;

/** A parsed condition (ConditionExpression, FilterExpression, KeyConditionExpression). */
sealed interface Cond extends ConditionExpr
    permits Cond.Compare, Cond.Between, Cond.In, Cond.Fn, Cond.And, Cond.Or, Cond.Not {

  /** The comparators, with their expression syntax. */
  enum Op {
    EQ("="),
    NE("<>"),
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">=");

    final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }
  }

  /** {@code left op right}. */
  record Compare(Op op, Operand left, Operand right) implements Cond {
    @Override
    public boolean test(Map<String, AttrValue> item) {
      AttrValue a = left.eval(item);
      AttrValue b = right.eval(item);
      switch (op) {
        case EQ:
          return Comparisons.equal(a, b);
        case NE:
          return !Comparisons.equal(a, b);
        default:
          Integer order = Comparisons.order(a, b);
          if (order == null) {
            return false;
          }
          switch (op) {
            case LT:
              return order < 0;
            case LE:
              return order <= 0;
            case GT:
              return order > 0;
            default:
              return order >= 0;
          }
      }
    }
  }

  /** {@code subject BETWEEN low AND high}, both ends included. */
  record Between(Operand subject, Operand low, Operand high) implements Cond {
    @Override
    public boolean test(Map<String, AttrValue> item) {
      AttrValue v = subject.eval(item);
      Integer lo = Comparisons.order(v, low.eval(item));
      Integer hi = Comparisons.order(v, high.eval(item));
      return lo != null && hi != null && lo >= 0 && hi <= 0;
    }
  }

  /** {@code subject IN (options...)}: equal to one of the options. */
  record In(Operand subject, List<Operand> options) implements Cond {
    public In {
      options = List.copyOf(options);
    }

    @Override
    public boolean test(Map<String, AttrValue> item) {
      AttrValue v = subject.eval(item);
      if (v == null) {
        return false;
      }
      for (Operand o : options) {
        if (Comparisons.equal(v, o.eval(item))) {
          return true;
        }
      }
      return false;
    }
  }

  /** A boolean function: attribute_exists, attribute_not_exists, attribute_type, ... */
  record Fn(String name, List<Operand> args) implements Cond {
    public Fn {
      args = List.copyOf(args);
    }

    @Override
    public boolean test(Map<String, AttrValue> item) {
      AttrValue first = args.get(0).eval(item);
      switch (name) {
        case "attribute_exists":
          return first != null;
        case "attribute_not_exists":
          return first == null;
        case "attribute_type":
          return first != null
              && args.get(1).eval(item) instanceof AttrValue.S type
              && first.typeName().equals(type.value());
        case "begins_with":
          return Comparisons.beginsWith(first, args.get(1).eval(item));
        case "contains":
          return Comparisons.contains(first, args.get(1).eval(item));
        default:
          throw new IllegalStateException("not a condition function: " + name);
      }
    }
  }

  /** {@code left AND right}. */
  record And(Cond left, Cond right) implements Cond {
    @Override
    public boolean test(Map<String, AttrValue> item) {
      return left.test(item) && right.test(item);
    }
  }

  /** {@code left OR right}. */
  record Or(Cond left, Cond right) implements Cond {
    @Override
    public boolean test(Map<String, AttrValue> item) {
      return left.test(item) || right.test(item);
    }
  }

  /** {@code NOT operand}. */
  record Not(Cond operand) implements Cond {
    @Override
    public boolean test(Map<String, AttrValue> item) {
      return !operand.test(item);
    }
  }
}
