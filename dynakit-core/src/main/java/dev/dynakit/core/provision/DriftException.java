package dev.dynakit.core.provision;

import dev.dynakit.core.DynakitException;
import java.util.ArrayList;
import java.util.List;

/** A strict verification found the table different from its declaration. */
public final class DriftException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final transient Drift drift;

  public DriftException(Drift drift) {
    super(message(drift));
    this.drift = drift;
  }

  /** What differs. */
  public Drift drift() {
    return drift;
  }

  private static String message(Drift drift) {
    List<String> paths = new ArrayList<>();
    for (Difference d : drift.differences()) {
      paths.add(d.path());
    }
    int n = paths.size();
    return "table '"
        + drift.table()
        + "' differs from its declaration: "
        + n
        + (n == 1 ? " difference (" : " differences (")
        + String.join(", ", paths)
        + ")";
  }
}
