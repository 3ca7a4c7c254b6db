package dev.dynakit.core.expr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builders combined at random on one context: no placeholder means two things, every placeholder a
 * text uses is defined, and every defined one is used by some text.
 */
class ExpressionProperties {
  private static final Pattern PLACEHOLDER = Pattern.compile("[#:][nv]\\d+");

  /** One builder, rendered later against the shared context. */
  interface Part {
    Expression render(Placeholders placeholders);
  }

  @Provide
  Arbitrary<String> names() {
    return Arbitraries.of(
        "a", "b", "c", "status", "_v", "#n0", ":v1", "a b", "name.with.dots", "x");
  }

  @Provide
  Arbitrary<Object> values() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(3).map(s -> (Object) s),
        Arbitraries.integers().between(-5, 5).map(i -> (Object) i),
        Arbitraries.just(null));
  }

  private Arbitrary<Cond> conditions(int depth) {
    Arbitrary<Cond> leaf =
        Arbitraries.oneOf(
            Combinators.combine(names(), values())
                .as(
                    (n, v) ->
                        (Cond)
                            new Cond.Compare(
                                Operand.path(FieldPath.of(n)), CompareOp.EQ, Operand.value(v))),
            Combinators.combine(names(), values(), values())
                .as(
                    (n, lo, hi) ->
                        (Cond)
                            new Cond.Between(
                                Operand.path(FieldPath.of(n)),
                                Operand.value(lo),
                                Operand.value(hi))),
            names().map(n -> (Cond) new Cond.Exists(FieldPath.of(n))),
            names().map(n -> (Cond) new Cond.NotExists(FieldPath.of(n))),
            Combinators.combine(names(), values().list().ofMinSize(1).ofMaxSize(3))
                .as(
                    (n, vs) -> {
                      List<Operand> operands = new ArrayList<>();
                      vs.forEach(v -> operands.add(Operand.value(v)));
                      return (Cond) new Cond.In(Operand.path(FieldPath.of(n)), operands);
                    }),
            Combinators.combine(names(), Arbitraries.strings().ofMaxLength(3))
                .as((n, p) -> (Cond) new Cond.BeginsWith(FieldPath.of(n), Operand.value(p))),
            Combinators.combine(names(), Arbitraries.integers().between(0, 3))
                .as(
                    (n, s) ->
                        (Cond)
                            new Cond.Compare(
                                Operand.size(FieldPath.of(n)), CompareOp.GT, Operand.value(s))));
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<Cond> deeper = conditions(depth - 1);
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(3, leaf),
        net.jqwik.api.Tuple.of(1, deeper.list().ofMinSize(1).ofMaxSize(3).map(Cond::and)),
        net.jqwik.api.Tuple.of(1, deeper.list().ofMinSize(1).ofMaxSize(3).map(Cond::or)),
        net.jqwik.api.Tuple.of(1, deeper.map(Cond::not)));
  }

  @Provide
  Arbitrary<Part> parts() {
    Arbitrary<Part> condition = conditions(2).map(c -> (Part) c::render);
    Arbitrary<Part> update =
        Combinators.combine(
                Arbitraries.maps(Arbitraries.of("p", "q", "r"), values()).ofMinSize(1).ofMaxSize(3),
                Arbitraries.of("s", "t").set().ofMaxSize(2),
                Arbitraries.integers().between(1, 3))
            .as(
                (sets, removes, add) ->
                    (Part)
                        p -> {
                          UpdateBuilder builder =
                              UpdateBuilder.create().setAll(sets).add("counter", add);
                          removes.forEach(builder::remove);
                          return builder.build(p);
                        });
    Arbitrary<Part> projection =
        names()
            .list()
            .ofMinSize(1)
            .ofMaxSize(4)
            .map(
                fields ->
                    (Part)
                        p -> {
                          List<String> escaped = new ArrayList<>();
                          fields.forEach(f -> escaped.add(f.replace(".", "_")));
                          return ProjectionList.of(escaped).render(p);
                        });
    Arbitrary<Part> key =
        Combinators.combine(values().filter(v -> v != null), Arbitraries.strings().ofMaxLength(3))
            .as(
                (pk, prefix) ->
                    (Part)
                        p ->
                            KeyCondition.builder()
                                .partition("pk", pk)
                                .sortBeginsWith("sk", prefix)
                                .build()
                                .render(p));
    return Arbitraries.oneOf(condition, update, projection, key);
  }

  @Property(tries = 300)
  void combinedBuilders_placeholdersAreConsistentDefinedAndUsed(
      @ForAll @Size(min = 1, max = 5) List<@net.jqwik.api.From("parts") Part> parts) {
    Placeholders placeholders = Placeholders.create();
    List<Expression> expressions = new ArrayList<>();
    for (Part part : parts) {
      expressions.add(part.render(placeholders));
    }
    // no placeholder means two things (mergedNames/mergedValues refuse that)
    Map<String, String> names = Expression.mergedNames(new ArrayList<>(expressions));
    Map<String, AttributeValue> values = Expression.mergedValues(new ArrayList<>(expressions));
    assertThat(names).isEqualTo(placeholders.names());
    assertThat(values).isEqualTo(placeholders.values());
    // one name per attribute, one placeholder per value
    assertThat(new HashSet<>(names.values())).hasSize(names.size());
    assertThat(new HashSet<>(values.values())).hasSize(values.size());
    Set<String> used = new HashSet<>();
    for (Expression expression : expressions) {
      Set<String> inText = placeholdersIn(expression.text());
      // each expression defines exactly what its text uses
      Set<String> defined = new HashSet<>(expression.names().keySet());
      defined.addAll(expression.values().keySet());
      assertThat(inText).isEqualTo(defined);
      used.addAll(inText);
    }
    Set<String> all = new HashSet<>(names.keySet());
    all.addAll(values.keySet());
    assertThat(used).isEqualTo(all);
  }

  private static Set<String> placeholdersIn(String text) {
    Set<String> found = new HashSet<>();
    Matcher matcher = PLACEHOLDER.matcher(text);
    while (matcher.find()) {
      found.add(matcher.group());
    }
    return found;
  }
}
