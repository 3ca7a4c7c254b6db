package dev.dynakit.benchmarks;

import java.lang.management.ManagementFactory;

/**
 * The CPU this JVM used since {@link #start}, all its threads together (the JIT compiler's and the
 * collector's included): on a machine shared with other work the wall time of a run says more about
 * the neighbours than about the code, its CPU time much less so.
 */
final class CpuUse {
  private final long cpuNanos;

  private CpuUse(long cpuNanos) {
    this.cpuNanos = cpuNanos;
  }

  /** The counter now. */
  static CpuUse start() {
    return new CpuUse(processCpuNanos());
  }

  /** The process's CPU seconds since {@link #start}. */
  double seconds() {
    return (processCpuNanos() - cpuNanos) / 1e9;
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }
}
