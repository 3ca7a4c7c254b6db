package dev.dynakit.engine.internal.expr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** parse(print(tree)) gives back the tree, which evaluates the same on random items. */
class RoundTripProperties {

  @Property(tries = 400)
  void conditionsRoundTrip(@ForAll long seed) {
    Random random = new Random(seed);
    RandomTrees trees = new RandomTrees(random);
    Cond tree = trees.condition(0);
    ExprPrinter printer = new ExprPrinter(random);
    String text = printer.condition(tree);
    ExpressionContext ctx = printer.context();
    ConditionExpr parsed = Expressions.condition(text, ctx, "FilterExpression");
    ctx.checkAllUsed();
    assertThat(parsed).as(text).isEqualTo(tree);
    for (int i = 0; i < 5; i++) {
      Map<String, AttrValue> item = trees.item();
      assertThat(parsed.test(item)).as(text).isEqualTo(tree.test(item));
    }
  }

  @Property(tries = 300)
  void updatesRoundTrip(@ForAll long seed) {
    Random random = new Random(seed);
    RandomTrees trees = new RandomTrees(random);
    List<UpdateAction> actions = trees.update();
    ExprPrinter printer = new ExprPrinter(random);
    String text = printer.update(actions);
    ExpressionContext ctx = printer.context();
    UpdateExpr parsed = Expressions.update(text, ctx);
    ctx.checkAllUsed();
    assertThat(((ParsedUpdate) parsed).actions()).as(text).isEqualTo(actions);
    ParsedUpdate direct = new ParsedUpdate(actions);
    for (int i = 0; i < 5; i++) {
      Map<String, AttrValue> item = trees.item();
      assertThat(outcome(parsed, item)).as(text).isEqualTo(outcome(direct, item));
    }
  }

  @Property(tries = 200)
  void projectionsRoundTrip(@ForAll long seed) {
    Random random = new Random(seed);
    RandomTrees trees = new RandomTrees(random);
    List<DocPath> paths = trees.projection();
    ExprPrinter printer = new ExprPrinter(random);
    StringBuilder text = new StringBuilder();
    for (DocPath p : paths) {
      text.append(text.length() == 0 ? "" : ", ").append(printer.path(p));
    }
    ExpressionContext ctx = printer.context();
    ProjectionExpr parsed = Expressions.projection(text.toString(), ctx);
    ctx.checkAllUsed();
    assertThat(parsed.paths()).isEqualTo(paths);
    Map<String, AttrValue> item = trees.item();
    Map<String, AttrValue> projected = parsed.apply(item);
    for (DocPath p : paths) {
      assertThat(p.valueIn(projected))
          .isEqualTo(p.valueIn(item) == null ? null : p.valueIn(projected));
      if (p.valueIn(item) != null && p.elements().stream().noneMatch(e -> e instanceof Integer)) {
        assertThat(p.valueIn(projected)).isEqualTo(p.valueIn(item));
      }
    }
  }

  private static Object outcome(UpdateExpr update, Map<String, AttrValue> item) {
    try {
      return update.apply(item);
    } catch (EngineException e) {
      return e.type() + ": " + e.getMessage();
    }
  }
}
