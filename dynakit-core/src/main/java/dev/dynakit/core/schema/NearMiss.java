package dev.dynakit.core.schema;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The known name a misspelt one was probably meant to be, for "did you mean" hints in declaration
 * problems: the closest by edit distance (a transposition counts as one edit, case is ignored),
 * when it is close enough that the hint helps rather than confuses.
 */
final class NearMiss {
  private NearMiss() {}

  /**
   * The known name closest to {@code given}, if it is at most two edits away (one for names of up
   * to four characters) and unambiguous; empty otherwise.
   */
  static Optional<String> of(String given, Collection<String> known) {
    String wanted = given.toLowerCase(Locale.ROOT);
    int limit = wanted.length() <= 4 ? 1 : 2;
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    boolean tie = false;
    for (String name : known) {
      int d = distance(wanted, name.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        best = name;
        bestDistance = d;
        tie = false;
      } else if (d == bestDistance) {
        tie = true;
      }
    }
    return best != null && bestDistance <= limit && !tie ? Optional.of(best) : Optional.empty();
  }

  /** The hint to append to a problem's rule: {@code "; did you mean 'keyFields'?"}, or nothing. */
  static String hint(String given, Collection<String> known) {
    return of(given, known).map(name -> "; did you mean '" + name + "'?").orElse("");
  }

  /** Optimal-string-alignment distance: insertions, deletions, substitutions, transpositions. */
  private static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int best = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          best = Math.min(best, d[i - 2][j - 2] + 1);
        }
        d[i][j] = best;
      }
    }
    return d[a.length()][b.length()];
  }
}
