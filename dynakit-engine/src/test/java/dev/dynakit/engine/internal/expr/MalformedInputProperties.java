package dev.dynakit.engine.internal.expr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Whatever text arrives, every parse method either succeeds or refuses with a ValidationException;
 * nothing else escapes, not even from evaluating what parsed.
 */
class MalformedInputProperties {
  private static final List<String> VALID =
      List.of(
          "a = :s AND (b < :n OR NOT attribute_exists(#x.y[2]))",
          "size(a.b) BETWEEN :n AND :n2 OR contains(c, :s)",
          "begins_with(#x, :s) AND a IN (:s, :n, b.c)",
          "attribute_type(a, :t) AND (a).b <> :l",
          "SET a = :n + b, c[1] = list_append(:l, if_not_exists(d, :l)) REMOVE e, f.g[0]",
          "ADD a :n, b :ss DELETE c :ss SET d = if_not_exists(d, :s)",
          "a.b[0].c, #x, d[3]",
          "a = :s AND b BETWEEN :n AND :n2",
          "#x = :s AND begins_with(b, :s)");

  private static final List<String> VOCABULARY =
      List.of(
          "a",
          "b",
          "c",
          "status",
          "#x",
          "#nope",
          ":s",
          ":n",
          ":n2",
          ":l",
          ":ss",
          ":t",
          ":nope",
          "0",
          "1",
          "99999999999",
          "(",
          ")",
          "[",
          "]",
          ".",
          ",",
          "=",
          "<>",
          "<",
          "<=",
          ">",
          ">=",
          "+",
          "-",
          "AND",
          "OR",
          "NOT",
          "BETWEEN",
          "IN",
          "SET",
          "REMOVE",
          "ADD",
          "DELETE",
          "size",
          "attribute_exists",
          "attribute_not_exists",
          "attribute_type",
          "begins_with",
          "contains",
          "if_not_exists",
          "list_append",
          "f",
          "#",
          ":",
          "!",
          "\"",
          "'",
          "*",
          "/",
          "\u00fc",
          "\uD83D\uDE00",
          "\uD800",
          "\t",
          "\n",
          "_",
          "$",
          "{",
          "}");

  private static ExpressionContext context() {
    Map<String, AttrValue> values = new LinkedHashMap<>();
    values.put(":s", Fixtures.s("x"));
    values.put(":n", Fixtures.n("1"));
    values.put(":n2", Fixtures.n("2"));
    values.put(":l", Fixtures.l(Fixtures.n("1")));
    values.put(":ss", Fixtures.ss("x"));
    values.put(":t", Fixtures.s("N"));
    return ExpressionContext.of(Fixtures.names("#x", "x"), values);
  }

  /** Runs every parser on the text, evaluating what parses; only validation refusals may escape. */
  static void parseEverything(String text) {
    Random random = new Random(text.hashCode());
    RandomTrees trees = new RandomTrees(random);
    List<Runnable> attempts = new ArrayList<>();
    attempts.add(
        () -> Expressions.condition(text, context(), "ConditionExpression").test(trees.item()));
    attempts.add(() -> Expressions.projection(text, context()).apply(trees.item()));
    attempts.add(() -> Expressions.update(text, context()).apply(trees.item()));
    attempts.add(
        () -> {
          KeyConditionExpr k = Expressions.keyCondition(text, context());
          k.test(trees.item());
          k.partitionKey(List.of("a"), List.of("b"));
        });
    attempts.add(
        () -> {
          ExpressionContext ctx = context();
          Expressions.condition(text, ctx, "FilterExpression");
          ctx.checkAllUsed();
        });
    for (Runnable attempt : attempts) {
      try {
        attempt.run();
      } catch (EngineException e) {
        assertThat(e.type()).as(text).isEqualTo(ErrorType.VALIDATION);
        assertThat(e.getMessage()).as(text).isNotBlank();
      }
    }
  }

  @Property(tries = 1500)
  void tokenSoup(@ForAll("soup") String text) {
    parseEverything(text);
  }

  @Property(tries = 1000)
  void mutationsOfValidExpressions(@ForAll("mutants") String text) {
    parseEverything(text);
  }

  @Property(tries = 500)
  void randomUnicode(@ForAll("unicode") String text) {
    parseEverything(text);
  }

  @Provide
  Arbitrary<String> soup() {
    return Arbitraries.of(VOCABULARY)
        .list()
        .ofMaxSize(30)
        .flatMap(
            tokens ->
                Arbitraries.of(" ", "", "  ")
                    .list()
                    .ofSize(tokens.size())
                    .map(
                        spaces -> {
                          StringBuilder out = new StringBuilder();
                          for (int i = 0; i < tokens.size(); i++) {
                            out.append(tokens.get(i)).append(spaces.get(i));
                          }
                          return out.toString();
                        }));
  }

  @Provide
  Arbitrary<String> mutants() {
    return Arbitraries.longs()
        .map(
            seed -> {
              Random r = new Random(seed);
              StringBuilder s = new StringBuilder(VALID.get(r.nextInt(VALID.size())));
              for (int i = 0, n = 1 + r.nextInt(4); i < n && s.length() > 0; i++) {
                int at = r.nextInt(s.length());
                switch (r.nextInt(5)) {
                  case 0:
                    s.setLength(at);
                    break;
                  case 1:
                    s.deleteCharAt(at);
                    break;
                  case 2:
                    s.insert(at, VOCABULARY.get(r.nextInt(VOCABULARY.size())));
                    break;
                  case 3:
                    s.setCharAt(at, "()[].,=<>:#ab1 ".charAt(r.nextInt(15)));
                    break;
                  default:
                    s.insert(at, s.substring(r.nextInt(s.length())));
                    break;
                }
              }
              return s.toString();
            });
  }

  @Provide
  Arbitrary<String> unicode() {
    return Arbitraries.strings().all().ofMaxLength(40);
  }

  @Test
  void deepNestingNeverOverflowsTheStack() throws Exception {
    List<String> texts =
        List.of(
            "(".repeat(4000),
            "(".repeat(2000) + "a" + ")".repeat(2000),
            "NOT ".repeat(1000) + "a = b",
            "a < " + "size(".repeat(680) + "b" + ")".repeat(680),
            "SET a = " + "(".repeat(2000) + ":n" + ")".repeat(2000),
            "SET a = " + "list_append(".repeat(300) + ":l" + ", :l)".repeat(300),
            "a" + ".b".repeat(2000),
            "a" + "[0]".repeat(1000));
    AtomicReference<Throwable> failure = new AtomicReference<>();
    // A small stack, smaller than any server thread's, still suffices.
    Thread t =
        new Thread(
            null,
            () -> {
              try {
                for (String text : texts) {
                  parseEverything(text);
                }
              } catch (Throwable e) {
                failure.set(e);
              }
            },
            "small-stack",
            512 * 1024);
    t.start();
    t.join();
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
  }
}
