package dev.dynakit.benchmarks;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * The JIT compiler's accumulated time in this JVM, so that a measured turn can show whether it
 * still paid for compiling (a turn that did measured partly unoptimised code, and the compiler's
 * CPU on a 2-core machine).
 */
final class JitClock {
  private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

  private JitClock() {}

  /** Milliseconds spent compiling so far, or -1 when this JVM does not measure it. */
  static long millis() {
    return JIT != null && JIT.isCompilationTimeMonitoringSupported()
        ? JIT.getTotalCompilationTime()
        : -1;
  }
}
