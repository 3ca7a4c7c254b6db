package dev.dynakit.rest;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/** No two packages of this module depend on each other, directly or through others. */
@AnalyzeClasses(packages = "dev.dynakit.rest", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageCyclesTest {
  @ArchTest
  static final ArchRule packages_formNoCycle =
      slices().assignedFrom(new EachPackage()).should().beFreeOfCycles();

  /** Every package a slice of its own, the module's root package included. */
  private static final class EachPackage implements SliceAssignment {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
      return SliceIdentifier.of(javaClass.getPackageName());
    }

    @Override
    public String getDescription() {
      return "every package";
    }
  }
}
