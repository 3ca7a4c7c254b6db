package dev.dynakit.engine.internal.tableops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.table.Violations;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** {@link Violations#isNameText} accepts exactly what the name pattern matches. */
class NameTextProperties {
  private static final Pattern NAME = Pattern.compile(Violations.NAME_PATTERN);

  @Property(tries = 3000)
  void isNameText_isThePattern(@ForAll("names") String name) {
    assertThat(Violations.isNameText(name)).isEqualTo(NAME.matcher(name).matches());
  }

  @Provide
  Arbitrary<String> names() {
    return Arbitraries.oneOf(
        Arbitraries.strings().withChars("abzAZ09_.-/ \u00e9:*\u0000").ofMaxLength(8),
        Arbitraries.strings().ofMaxLength(8),
        Arbitraries.strings().withCharRange('(', '~').ofMaxLength(8));
  }
}
