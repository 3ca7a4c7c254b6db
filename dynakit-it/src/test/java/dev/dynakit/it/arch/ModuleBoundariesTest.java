package dev.dynakit.it.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What each module may use of the others: their public packages, never their {@code internal} ones.
 * Runs over the main classes of every module (on this module's test class path) and over this
 * module's own tests. A module is the package under {@code dev.dynakit} its classes live in ({@code
 * dev.dynakit.engine}, {@code dev.dynakit.embedded}, ...).
 */
@AnalyzeClasses(packages = "dev.dynakit")
class ModuleBoundariesTest {
  private static final String ROOT = "dev.dynakit.";

  /** The modules whose classes the rules must see, or they would pass over nothing. */
  private static final List<String> MODULES =
      List.of("engine", "embedded", "test", "core", "rest", "cli", "examples", "it");

  @ArchTest
  static final ArchRule noModule_usesAnotherModulesInternalPackages =
      noClasses().should(useAnotherModulesInternalPackages());

  @ArchTest
  static final ArchRule theEmbeddedClients_useOnlyTheEnginesPublicApi =
      classes()
          .that()
          .resideInAPackage("dev.dynakit.embedded..")
          .should()
          .onlyDependOnClassesThat()
          .resideOutsideOfPackage("dev.dynakit.engine..internal..");

  @ArchTest
  static void theRules_seeEveryModule(JavaClasses classes) {
    Set<String> seen = new TreeSet<>();
    for (JavaClass c : classes) {
      seen.add(module(c.getPackageName()));
    }
    assertThat(seen).containsAll(MODULES.stream().map(m -> ROOT + m).toList());
  }

  private static ArchCondition<JavaClass> useAnotherModulesInternalPackages() {
    return new ArchCondition<>("use another module's internal packages") {
      @Override
      public void check(JavaClass from, ConditionEvents events) {
        String own = module(from.getPackageName());
        for (Dependency d : from.getDirectDependenciesFromSelf()) {
          String target = d.getTargetClass().getPackageName();
          boolean violates = isInternal(target) && !module(target).equals(own);
          events.add(new SimpleConditionEvent(d, violates, d.getDescription()));
        }
      }
    };
  }

  /** {@code dev.dynakit.engine} for {@code dev.dynakit.engine.internal.value}; else the package. */
  static String module(String packageName) {
    if (!packageName.startsWith(ROOT)) {
      return packageName;
    }
    int end = packageName.indexOf('.', ROOT.length());
    return end < 0 ? packageName : packageName.substring(0, end);
  }

  static boolean isInternal(String packageName) {
    return packageName.endsWith(".internal") || packageName.contains(".internal.");
  }
}
