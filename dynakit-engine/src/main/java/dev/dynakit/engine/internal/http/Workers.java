package dev.dynakit.engine.internal.http;

import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads that run the requests of an engine whose store waits for the disk, so that the event
 * loops keep reading and writing other connections while a request waits for a file. (A write's log
 * sync is not waited for here: the answer goes to the store's syncing thread, {@link
 * WireCall#call(String, byte[], java.util.function.Consumer)}.)
 *
 * <p>Bounded twice: a fixed number of threads, and a queue that holds at most one request per open
 * connection, because a connection with a request here reads nothing more until it is answered
 * ({@link RequestHandler}). Its capacity is the connection limit, so a full server makes clients
 * wait (TCP's own back-pressure) instead of failing their requests. A connection closed while its
 * request waits here no longer counts against that limit, so its request must not hold a place
 * either: when the queue is full, the requests of closed connections are dropped to make room (they
 * would do nothing: {@link WorkerCall} checks its connection first). The queue refuses only once
 * the pool is closing.
 */
public final class Workers implements Executor, AutoCloseable {
  private final ThreadPoolExecutor pool;

  private Workers(ThreadPoolExecutor pool) {
    this.pool = pool;
  }

  /**
   * Starts {@code threads} daemon threads (a server someone forgot to close must not keep the JVM
   * alive) with room for {@code maxConnections} waiting requests.
   */
  public static Workers start(int threads, int maxConnections) {
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            threads,
            threads,
            0,
            TimeUnit.MILLISECONDS,
            new ArrayBlockingQueue<>(maxConnections),
            new DefaultThreadFactory("dynakit-worker", true),
            new ThreadPoolExecutor.AbortPolicy());
    pool.prestartAllCoreThreads();
    return new Workers(pool);
  }

  /**
   * Queues a request's work.
   *
   * @throws RejectedExecutionException once the pool is closing
   */
  @Override
  public void execute(Runnable work) {
    try {
      pool.execute(work);
    } catch (RejectedExecutionException full) {
      if (pool.isShutdown()) {
        throw full;
      }
      pool.getQueue().removeIf(queued -> queued instanceof WorkerCall call && call.abandoned());
      pool.execute(work);
    }
  }

  /**
   * Refuses new work and waits up to 5 seconds for the running and queued work to end (the queued
   * work of a closed connection ends at once: it checks its connection first).
   */
  @Override
  public void close() {
    pool.shutdown();
    try {
      if (!pool.awaitTermination(5, TimeUnit.SECONDS)) {
        pool.shutdownNow();
      }
    } catch (InterruptedException e) {
      pool.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
