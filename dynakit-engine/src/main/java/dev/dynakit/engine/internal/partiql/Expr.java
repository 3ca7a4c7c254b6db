package dev.dynakit.engine.internal.partiql;

import java.util.List;

/** An expression of a statement: a condition, an operand or a value. */
sealed interface Expr {

  /** A document path: a name, then names ({@code .a}) and list positions ({@code [2]}). */
  record Path(List<Object> elements) implements Expr {
    public Path {
      elements = List.copyOf(elements);
    }

    String firstName() {
      return (String) elements.get(0);
    }

    boolean isTopLevel() {
      return elements.size() == 1;
    }
  }

  /** A constant: an attribute value in DynamoDB's typed JSON form ({@code {"S": "x"}}). */
  record Value(Object attributeValue) implements Expr {}

  /** The {@code index}-th {@code ?} of the statement, counted from 0. */
  record Parameter(int index) implements Expr {}

  /** {@code left op right} with op one of {@code = <> < <= > >=}. */
  record Comparison(String operator, Expr left, Expr right) implements Expr {}

  /** {@code value BETWEEN low AND high}. */
  record Between(Expr value, Expr low, Expr high) implements Expr {}

  /** {@code value IN [a, b, ...]}. */
  record In(Expr value, List<Expr> candidates) implements Expr {
    public In {
      candidates = List.copyOf(candidates);
    }
  }

  /** {@code path IS [NOT] MISSING}. */
  record Missing(Path path, boolean negated) implements Expr {}

  /** Both sides hold. */
  record And(Expr left, Expr right) implements Expr {}

  /** Either side holds. */
  record Or(Expr left, Expr right) implements Expr {}

  /** The operand does not hold. */
  record Not(Expr operand) implements Expr {}

  /**
   * A function call: {@code begins_with}, {@code contains}, {@code attribute_type}, {@code size}.
   */
  record Call(String function, List<Expr> arguments) implements Expr {
    public Call {
      arguments = List.copyOf(arguments);
    }
  }

  /** {@code left + right} or {@code left - right} in a SET value. */
  record Arithmetic(String operator, Expr left, Expr right) implements Expr {}

  /** A list literal whose elements may be parameters or paths: {@code [1, ?]}. */
  record ListOf(List<Expr> elements) implements Expr {
    public ListOf {
      elements = List.copyOf(elements);
    }
  }

  /** A map literal whose values may be parameters: {@code {'a': 1, 'b': ?}}. */
  record MapOf(List<String> names, List<Expr> values) implements Expr {
    public MapOf {
      names = List.copyOf(names);
      values = List.copyOf(values);
    }
  }

  /** A set literal: {@code <<'a', 'b'>>} or {@code <<1, 2>>}. */
  record SetOf(List<Expr> elements) implements Expr {
    public SetOf {
      elements = List.copyOf(elements);
    }
  }
}
