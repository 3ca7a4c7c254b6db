package dev.dynakit.engine.internal.partiql;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** A parsed statement: a SELECT, INSERT, UPDATE or DELETE. */
sealed interface Statement {

  /** The table the statement names. */
  String table();

  /** How many {@code ?} placeholders the statement holds. */
  int parameterCount();

  /**
   * {@code SELECT projection FROM "table"."index" WHERE where ORDER BY sortKey DESC}; an empty
   * projection means {@code *}.
   */
  record Select(
      List<Expr.Path> projection,
      String table,
      @Nullable String index,
      @Nullable Expr where,
      boolean descending,
      int parameterCount)
      implements Statement {
    public Select {
      projection = List.copyOf(projection);
    }
  }

  /** {@code INSERT INTO "table" VALUE {...}}. */
  record Insert(String table, Expr.MapOf item, int parameterCount) implements Statement {}

  /** {@code UPDATE "table" SET ... REMOVE ... WHERE ... RETURNING ...}. */
  record Update(
      String table,
      List<Assignment> assignments,
      List<Expr.Path> removals,
      Expr where,
      @Nullable String returnValues,
      int parameterCount)
      implements Statement {
    public Update {
      assignments = List.copyOf(assignments);
      removals = List.copyOf(removals);
    }
  }

  /** {@code DELETE FROM "table" WHERE ... RETURNING ALL OLD *}. */
  record Delete(String table, Expr where, @Nullable String returnValues, int parameterCount)
      implements Statement {}

  /** {@code SET path = value}. */
  record Assignment(Expr.Path path, Expr value) {}
}
