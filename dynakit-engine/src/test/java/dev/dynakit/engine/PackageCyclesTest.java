package dev.dynakit.engine;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * The engine's packages form no cycle: the models ({@code internal.table}, {@code internal.item},
 * {@code internal.index}) never read the engine's state ({@code internal}), and the operations that
 * do ({@code internal.tableops}, {@code internal.itemops}, batches, transactions, queries) sit
 * above both. Every package, the root one included, is a slice of its own.
 */
@AnalyzeClasses(
    packages = "dev.dynakit.engine",
    importOptions = ImportOption.DoNotIncludeTests.class)
class PackageCyclesTest {

  @ArchTest
  static final ArchRule packages_formNoCycle =
      slices().assignedFrom(new EachPackage()).should().beFreeOfCycles();

  /** One slice per package. */
  private static final class EachPackage implements SliceAssignment {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
      return SliceIdentifier.of(javaClass.getPackageName());
    }

    @Override
    public String getDescription() {
      return "each package";
    }
  }
}
