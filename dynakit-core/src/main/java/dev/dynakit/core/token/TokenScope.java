package dev.dynakit.core.token;

import java.util.Objects;

/**
 * What a token is for: it is refused by any other operation, table or parameter set.
 *
 * @param operation the operation that made the token ({@code move}, {@code list}, …)
 * @param table the table it works on
 * @param parameters a canonical text of every parameter that shapes the work (the scope's key
 *     condition and filters, the destination, the options); only a digest of it is stored
 */
public record TokenScope(String operation, String table, String parameters) {
  public TokenScope {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(parameters, "parameters");
  }
}
