package dev.dynakit.it.crash;

import java.util.ArrayList;
import java.util.List;

/**
 * One request of the crash campaign's load, as its event log records it: a kind ({@code put},
 * {@code update}, {@code delete}, {@code txn}, {@code batch}), the item writes it makes and, for a
 * transaction, the condition check that decides whether it is applied. Every item it writes gets
 * the request's sequence number as its version {@code v}.
 *
 * <p>Text form: {@code kind write;write;...} with a write {@code P:key:g} (put), {@code U:key:g}
 * (update), {@code D:key} (delete) or {@code C:key:v} (check that {@code key} has version {@code
 * v}, {@code -} for absent); {@code g} is {@code -} when the item has no {@code g}.
 */
record CrashOp(String kind, List<Write> writes) {

  /** One write of a request; {@code g} or {@code v} null for absent. */
  record Write(char type, String key, String g, Long v) {
    String text() {
      return switch (type) {
        case 'D' -> "D:" + key;
        case 'C' -> "C:" + key + ":" + (v == null ? "-" : v);
        default -> type + ":" + key + ":" + (g == null ? "-" : g);
      };
    }

    static Write parse(String text) {
      String[] p = text.split(":", -1);
      char type = p[0].charAt(0);
      return switch (type) {
        case 'D' -> new Write('D', p[1], null, null);
        case 'C' -> new Write('C', p[1], null, p[2].equals("-") ? null : Long.parseLong(p[2]));
        default -> new Write(type, p[1], p[2].equals("-") ? null : p[2], null);
      };
    }
  }

  String text() {
    List<String> parts = new ArrayList<>();
    for (Write w : writes) {
      parts.add(w.text());
    }
    return kind + " " + String.join(";", parts);
  }

  static CrashOp parse(String text) {
    int space = text.indexOf(' ');
    List<Write> writes = new ArrayList<>();
    for (String w : text.substring(space + 1).split(";")) {
      writes.add(Write.parse(w));
    }
    return new CrashOp(text.substring(0, space), writes);
  }
}
