package dev.dynakit.engine.internal.partiql;

import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.KeySchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * A WHERE clause split along a key schema: the equalities on the partition key, at most one
 * condition on the sort key a Query can use, and the rest.
 */
record KeyConditions(List<Expr> partition, @Nullable Expr sort, List<Expr> rest) {
  private static final Set<String> SORT_OPERATORS = Set.of("=", "<", "<=", ">", ">=");

  /** The conjuncts of a WHERE clause: its top-level ANDs taken apart. */
  static List<Expr> conjuncts(@Nullable Expr where) {
    List<Expr> out = new ArrayList<>();
    if (where != null) {
      addConjuncts(where, out);
    }
    return out;
  }

  private static void addConjuncts(Expr e, List<Expr> out) {
    if (e instanceof Expr.And and) {
      addConjuncts(and.left(), out);
      addConjuncts(and.right(), out);
    } else {
      out.add(e);
    }
  }

  /** Splits {@code where} along {@code key}; null when it has no equality on the partition key. */
  static @Nullable KeyConditions split(@Nullable Expr where, KeySchema key) {
    List<Expr> rest = conjuncts(where);
    List<Expr> partition = new ArrayList<>();
    for (KeyAttr hash : key.hash()) {
      Expr equality = equalityOn(rest, hash.name());
      if (equality == null) {
        return null;
      }
      partition.add(equality);
      rest.remove(equality);
    }
    Expr sort = null;
    if (key.hasRange()) {
      for (Expr e : rest) {
        if (usableOnSortKey(e, key.range().get(0).name())) {
          sort = e;
          break;
        }
      }
      rest.remove(sort);
    }
    return new KeyConditions(partition, sort, rest);
  }

  /** The conjunct {@code name = constant} (either way round), or null. */
  static @Nullable Expr equalityOn(List<Expr> conjuncts, String name) {
    for (Expr e : conjuncts) {
      if (e instanceof Expr.Comparison c
          && c.operator().equals("=")
          && ((isName(c.left(), name) && isConstant(c.right()))
              || (isName(c.right(), name) && isConstant(c.left())))) {
        return e;
      }
    }
    return null;
  }

  /** The constant side of an equality {@link #equalityOn} found. */
  static Expr constantOf(Expr equality) {
    Expr.Comparison c = (Expr.Comparison) equality;
    return c.left() instanceof Expr.Path ? c.right() : c.left();
  }

  /** Whether any of {@code conjuncts} reads one of the key's attributes. */
  static boolean readsKey(List<Expr> conjuncts, KeySchema key) {
    Set<String> names = key.all().stream().map(KeyAttr::name).collect(Collectors.toSet());
    for (Expr e : conjuncts) {
      if (reads(e, names)) {
        return true;
      }
    }
    return false;
  }

  private static boolean reads(Expr e, Set<String> names) {
    if (e instanceof Expr.Path p) {
      return names.contains(p.firstName());
    } else if (e instanceof Expr.Comparison c) {
      return reads(c.left(), names) || reads(c.right(), names);
    } else if (e instanceof Expr.Between b) {
      return reads(b.value(), names) || reads(b.low(), names) || reads(b.high(), names);
    } else if (e instanceof Expr.In in) {
      return reads(in.value(), names) || in.candidates().stream().anyMatch(x -> reads(x, names));
    } else if (e instanceof Expr.Missing m) {
      return reads(m.path(), names);
    } else if (e instanceof Expr.And and) {
      return reads(and.left(), names) || reads(and.right(), names);
    } else if (e instanceof Expr.Or or) {
      return reads(or.left(), names) || reads(or.right(), names);
    } else if (e instanceof Expr.Not not) {
      return reads(not.operand(), names);
    } else if (e instanceof Expr.Call call) {
      return call.arguments().stream().anyMatch(x -> reads(x, names));
    }
    return false;
  }

  private static boolean usableOnSortKey(Expr e, String name) {
    if (e instanceof Expr.Comparison c && SORT_OPERATORS.contains(c.operator())) {
      return (isName(c.left(), name) && isConstant(c.right()))
          || (isName(c.right(), name) && isConstant(c.left()));
    }
    if (e instanceof Expr.Between b) {
      return isName(b.value(), name) && isConstant(b.low()) && isConstant(b.high());
    }
    if (e instanceof Expr.Call call && call.function().equals("begins_with")) {
      return call.arguments().size() == 2
          && isName(call.arguments().get(0), name)
          && isConstant(call.arguments().get(1));
    }
    return false;
  }

  /** A sort-key comparison written with the key on the left, as a key condition requires. */
  static Expr keyOnLeft(Expr e) {
    if (e instanceof Expr.Comparison c && !(c.left() instanceof Expr.Path)) {
      String flipped =
          switch (c.operator()) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            case ">=" -> "<=";
            default -> c.operator();
          };
      return new Expr.Comparison(flipped, c.right(), c.left());
    }
    return e;
  }

  private static boolean isName(Expr e, String name) {
    return e instanceof Expr.Path p && p.isTopLevel() && p.firstName().equals(name);
  }

  private static boolean isConstant(Expr e) {
    return e instanceof Expr.Value || e instanceof Expr.Parameter;
  }
}
