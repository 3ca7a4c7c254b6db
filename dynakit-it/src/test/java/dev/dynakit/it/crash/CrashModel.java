package dev.dynakit.it.crash;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the table must hold, replayed from the event log: every acknowledged request and every
 * unanswered one the verifier found applied, in log order; cancelled transactions change nothing.
 * The requests still unanswered and unresolved are {@link #inFlight}: at most one per lane, each
 * applied whole or not at all.
 */
final class CrashModel {
  /** An item of the model: its {@code g} (null when absent) and its version. */
  record Item(String g, long v) {}

  /** A request sent and not answered when the load was killed. */
  record InFlight(int lane, long seq, CrashOp op) {}

  final Map<String, Item> items = new TreeMap<>();
  final List<InFlight> inFlight = new ArrayList<>();
  long acknowledged;
  long cancelled;

  static CrashModel replay(List<String> lines) {
    CrashModel model = new CrashModel();
    Map<String, InFlight> pending = new LinkedHashMap<>();
    for (String line : lines) {
      String[] p = line.split(" ", 4);
      switch (p[0]) {
        case "I" ->
            pending.put(
                p[1] + " " + p[2],
                new InFlight(Integer.parseInt(p[1]), Long.parseLong(p[2]), CrashOp.parse(p[3])));
        case "A" -> {
          model.acknowledged++;
          apply(model.items, pending.remove(p[1] + " " + p[2]));
        }
        case "C" -> {
          model.cancelled++;
          pending.remove(p[1] + " " + p[2]);
        }
        case "R" -> {
          InFlight resolved = pending.remove(p[1] + " " + p[2]);
          if (p[3].equals("1")) {
            apply(model.items, resolved);
          }
        }
        default -> {
          // S: a cycle's start
        }
      }
    }
    model.inFlight.addAll(pending.values());
    return model;
  }

  /** Applies a request's writes to {@code items}. */
  static void apply(Map<String, Item> items, InFlight request) {
    if (request == null) {
      throw new IllegalStateException("an answer in the log without its request");
    }
    for (CrashOp.Write w : request.op().writes()) {
      switch (w.type()) {
        case 'P', 'U' -> items.put(w.key(), new Item(w.g(), request.seq()));
        case 'D' -> items.remove(w.key());
        default -> {
          // C: a condition check writes nothing
        }
      }
    }
  }
}
