package dev.dynakit.rest;

import dev.dynakit.core.adapter.Patch;
import dev.dynakit.core.expr.FieldPath;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** A parsed PATCH body as the Adapter's {@link Patch}. */
final class PatchConversion {
  private PatchConversion() {}

  static Patch toPatch(PatchBody body) {
    String separator = body.separator();
    Patch.Builder patch = Patch.builder().separator(separator);
    body.set().forEach(patch::set);
    patch.remove(body.delete());
    for (ArrayOp op : body.arrayOps()) {
      if (op instanceof ArrayOp.Append) {
        patch.append(op.path(), ((ArrayOp.Append) op).values());
      } else if (op instanceof ArrayOp.Prepend) {
        patch.prepend(op.path(), ((ArrayOp.Prepend) op).values());
      } else if (op instanceof ArrayOp.SetAtIndex) {
        ArrayOp.SetAtIndex set = (ArrayOp.SetAtIndex) op;
        patch.set(op.path() + separator + set.index(), set.value());
      } else if (op instanceof ArrayOp.RemoveAtIndex) {
        patch.remove(op.path() + separator + ((ArrayOp.RemoveAtIndex) op).index());
      } else if (op instanceof ArrayOp.Add) {
        patch.add(op.path(), addend(op.path(), ((ArrayOp.Add) op).value()));
      }
    }
    return patch.build();
  }

  /** The top-level attributes a patch touches. */
  static List<String> attributes(PatchBody body) {
    List<String> roots = new ArrayList<>();
    String separator = body.separator();
    body.set().keySet().forEach(path -> roots.add(FieldPath.parse(path, separator).root()));
    body.delete().forEach(path -> roots.add(FieldPath.parse(path, separator).root()));
    body.arrayOps().forEach(op -> roots.add(FieldPath.parse(op.path(), separator).root()));
    return roots;
  }

  /** A number, or a JSON array read as a string or number set (DynamoDB's ADD takes a set). */
  private static Object addend(String path, Object value) {
    if (value instanceof Number) {
      return value;
    }
    if (value instanceof List && !((List<?>) value).isEmpty()) {
      List<?> elements = (List<?>) value;
      if (elements.stream().allMatch(e -> e instanceof String)) {
        Set<String> strings = new LinkedHashSet<>();
        elements.forEach(e -> strings.add((String) e));
        return strings;
      }
      if (elements.stream().allMatch(e -> e instanceof Number)) {
        Set<BigDecimal> numbers = new LinkedHashSet<>();
        elements.forEach(e -> numbers.add(new BigDecimal(e.toString())));
        return numbers;
      }
    }
    throw RestException.badRequest(
        "BadPatch",
        "add at "
            + Texts.quote(path)
            + " takes a number or a non-empty array of all strings or all numbers (a set)");
  }
}
