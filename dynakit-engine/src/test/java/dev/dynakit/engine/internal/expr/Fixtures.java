package dev.dynakit.engine.internal.expr;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.assertj.core.api.AbstractStringAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Short builders for values, items and contexts, and an assertion for refusals. */
final class Fixtures {
  private Fixtures() {}

  static AttrValue.S s(String v) {
    return new AttrValue.S(v);
  }

  static AttrValue.N n(String v) {
    return AttrValue.N.parse(v);
  }

  static AttrValue.B b(String utf8) {
    return new AttrValue.B(Binary.of(utf8.getBytes(StandardCharsets.UTF_8)));
  }

  static AttrValue.Bool bool(boolean v) {
    return AttrValue.Bool.of(v);
  }

  static AttrValue nul() {
    return AttrValue.Null.INSTANCE;
  }

  static AttrValue.SS ss(String... v) {
    return new AttrValue.SS(List.of(v));
  }

  static AttrValue.NS ns(String... v) {
    return new AttrValue.NS(Arrays.stream(v).map(BigDecimal::new).collect(Collectors.toList()));
  }

  static AttrValue.BS bs(String... utf8) {
    return new AttrValue.BS(
        Arrays.stream(utf8)
            .map(x -> Binary.of(x.getBytes(StandardCharsets.UTF_8)))
            .collect(Collectors.toList()));
  }

  static AttrValue.L l(AttrValue... v) {
    return new AttrValue.L(List.of(v));
  }

  /** A map value from alternating names and values. */
  static AttrValue.M m(Object... kv) {
    return new AttrValue.M(item(kv));
  }

  /** An item from alternating names and values. */
  static Map<String, AttrValue> item(Object... kv) {
    Map<String, AttrValue> out = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      out.put((String) kv[i], (AttrValue) kv[i + 1]);
    }
    return out;
  }

  /** Names from alternating placeholders and names. */
  static Map<String, String> names(String... kv) {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      out.put(kv[i], kv[i + 1]);
    }
    return out;
  }

  static ExpressionContext ctx() {
    return ExpressionContext.of(null, null);
  }

  static ExpressionContext ctx(Map<String, String> names, Map<String, AttrValue> values) {
    return ExpressionContext.of(names, values);
  }

  static ExpressionContext values(Object... kv) {
    return ExpressionContext.of(null, kv.length == 0 ? null : item(kv));
  }

  static ConditionExpr cond(String text, Object... values) {
    return Expressions.condition(text, values(values), "ConditionExpression");
  }

  static boolean holds(String text, Map<String, AttrValue> item, Object... values) {
    return cond(text, values).test(item);
  }

  static UpdateExpr update(String text, Object... values) {
    return Expressions.update(text, values(values));
  }

  /** Asserts a ValidationException and returns an assertion on its message. */
  static AbstractStringAssert<?> refusal(ThrowingCallable call) {
    try {
      call.call();
    } catch (EngineException e) {
      if (e.type() != ErrorType.VALIDATION) {
        throw new AssertionError("expected a ValidationException, got " + e.type(), e);
      }
      return org.assertj.core.api.Assertions.assertThat(e.getMessage());
    } catch (Throwable t) {
      throw new AssertionError("expected a ValidationException, got " + t, t);
    }
    assertThatThrownBy(call).as("expected a ValidationException").isNotNull();
    throw new AssertionError("unreachable");
  }
}
