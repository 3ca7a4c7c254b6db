package dev.dynakit.it.diff;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Compares two peers' replies to one scenario; returns a description of the difference or null. */
final class Replies {
  private Replies() {}

  static String compare(DifferentialScenario s, RawClient.Reply ours, RawClient.Reply theirs) {
    if (ours.status() != theirs.status()) {
      return "status "
          + ours.status()
          + " vs "
          + theirs.status()
          + ": "
          + ours.body()
          + " vs "
          + theirs.body();
    }
    if (ours.errorType() != null || theirs.errorType() != null) {
      return Objects.equals(ours.errorType(), theirs.errorType())
          ? null
          : "error " + ours.body() + " vs " + theirs.body();
    }
    if (s.compare().isEmpty()) {
      return equal(ours.body(), theirs.body())
          ? null
          : "body " + ours.body() + " vs " + theirs.body();
    }
    for (String member : s.compare()) {
      Object a = member(ours.body(), member);
      Object b = member(theirs.body(), member);
      if (!equal(a, b)) {
        return member + ": " + a + " vs " + b;
      }
    }
    return null;
  }

  private static Object member(Map<String, Object> body, String dotted) {
    Object node = body;
    for (String part : dotted.split("\\.")) {
      if (!(node instanceof Map<?, ?> m)) {
        return null;
      }
      node = m.get(part);
    }
    return node;
  }

  /** Structural equality where set members ("SS", "NS", "BS") compare in any order. */
  static boolean equal(Object a, Object b) {
    if (a instanceof Map<?, ?> ma && b instanceof Map<?, ?> mb) {
      if (!ma.keySet().equals(mb.keySet())) {
        return false;
      }
      for (Object k : ma.keySet()) {
        Object va = ma.get(k);
        Object vb = mb.get(k);
        if (("SS".equals(k) || "NS".equals(k) || "BS".equals(k))
            && va instanceof List<?> la
            && vb instanceof List<?> lb) {
          if (!new HashSet<>(la).equals(new HashSet<>(lb))) {
            return false;
          }
        } else if (!equal(va, vb)) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof List<?> la && b instanceof List<?> lb) {
      if (la.size() != lb.size()) {
        return false;
      }
      List<Object> x = new ArrayList<>(la);
      for (int i = 0; i < x.size(); i++) {
        if (!equal(x.get(i), lb.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Number na && b instanceof Number nb) {
      return new BigDecimal(na.toString()).compareTo(new BigDecimal(nb.toString())) == 0;
    }
    return Objects.equals(a, b);
  }
}
