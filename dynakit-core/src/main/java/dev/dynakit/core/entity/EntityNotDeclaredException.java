package dev.dynakit.core.entity;

import dev.dynakit.core.DynakitException;
import java.util.Collection;
import java.util.TreeSet;

/** An entity or access pattern name that the table's declaration does not have. */
public final class EntityNotDeclaredException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final String name;

  EntityNotDeclaredException(String kind, String name, String table, Collection<String> known) {
    super(
        "table '"
            + table
            + "' declares no "
            + kind
            + " '"
            + name
            + "'; it declares "
            + new TreeSet<>(known));
    this.name = name;
  }

  /** The name asked for. */
  public String name() {
    return name;
  }
}
