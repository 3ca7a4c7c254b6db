package dev.dynakit.benchmarks;

import java.nio.ByteBuffer;
import java.util.Set;

/**
 * What the machine charges for memory a process has never touched: allocates {@code --mb} MB of
 * native memory (a direct buffer, which the JVM zeroes, touching every 4 KB page once) a few times
 * and prints the time per page. A cache that grows (the on-disk store's block cache, a heap that
 * expands) pays this for every new page, on top of the read that filled it; on a virtual machine it
 * can cost far more than the read itself, which is why {@link QueryLatencyGrowth} reports the
 * on-disk store's Queries both on a freshly opened store and with {@code --warm}.
 *
 * <pre>
 * java -cp … dev.dynakit.benchmarks.FirstTouchCost --mb 512 --rounds 5
 * </pre>
 */
public final class FirstTouchCost {
  private static final int PAGE = 4096;

  private FirstTouchCost() {}

  public static void main(String[] args) {
    Flags flags = Flags.parse(args, Set.of("--mb", "--rounds"), Set.of());
    int mb = flags.integer("--mb", 512);
    int rounds = flags.integer("--rounds", 5);
    for (int r = 0; r < rounds; r++) {
      long start = System.nanoTime();
      ByteBuffer buffer = ByteBuffer.allocateDirect(mb << 20);
      long nanos = System.nanoTime() - start;
      long pages = buffer.capacity() / PAGE;
      System.out.printf(
          "first-touch mb=%d pages=%d us_per_page=%.2f%n", mb, pages, nanos / 1e3 / pages);
      // the next round must allocate new memory, not reuse this buffer's
      buffer = null;
      System.gc();
    }
  }
}
