package dev.dynakit.core.batch;

import dev.dynakit.core.batch.RetryBudget.Deadline;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes a stream of puts and deletes with BatchWriteItem, 25 per request, resending the
 * unprocessed part within the budget.
 *
 * <p>Parallel writes run in lanes: a key always goes to the same lane and each lane sends its
 * requests one after another, so the writes of one key are applied in input order whatever the
 * parallelism. A request never holds one key twice (DynamoDB refuses that): a repeated key closes
 * the request being filled. When the budget runs out or a write fails for good, nothing new is
 * sent, and the writes of a key left over are always the last ones of that key — so sending the
 * leftovers again, in order, completes the work exactly.
 */
final class BatchWriter {
  static final int MAX_WRITES = 25;
  private static final List<Sequenced> END = new ArrayList<>(0);

  private final BatchTransport transport;
  private final KeySchemas keys;
  private final RetryBudget budget;
  private final int parallelism;

  BatchWriter(BatchTransport transport, KeySchemas keys, RetryBudget budget, int parallelism) {
    this.transport = transport;
    this.keys = keys;
    this.budget = budget;
    this.parallelism = parallelism;
  }

  BatchWriteOutcome write(Iterable<BatchWrite> writes, IntConsumer written) {
    Run run = new Run(budget.startNow(), written);
    Iterator<BatchWrite> input = writes.iterator();
    if (parallelism == 1) {
      writeInline(input, run);
    } else {
      writeInLanes(input, run);
    }
    RuntimeException failure = run.failure.get();
    List<Sequenced> left = new ArrayList<>(run.leftovers);
    left.sort(Comparator.comparingLong(Sequenced::seq));
    List<BatchWrite> unprocessed = new ArrayList<>(left.size());
    for (Sequenced s : left) {
      unprocessed.add(s.write());
    }
    if (failure != null) {
      throw new BatchWriteFailedException(run.written.get(), unprocessed, failure);
    }
    return new BatchWriteOutcome(run.written.get(), unprocessed);
  }

  private void writeInline(Iterator<BatchWrite> input, Run run) {
    Chunk chunk = new Chunk();
    long seq = 0;
    while (input.hasNext() && !run.stopped.get()) {
      Sequenced next = sequence(seq++, input.next());
      if (!chunk.accepts(next)) {
        send(chunk.take(), run);
      }
      chunk.add(next);
      if (chunk.full()) {
        send(chunk.take(), run);
      }
    }
    if (!chunk.isEmpty()) {
      send(chunk.take(), run);
    }
    drain(input, seq, run);
  }

  private void writeInLanes(Iterator<BatchWrite> input, Run run) {
    List<Lane> lanes = new ArrayList<>(parallelism);
    for (int i = 0; i < parallelism; i++) {
      Lane lane = new Lane(run, i);
      lanes.add(lane);
      lane.thread.start();
    }
    long seq = 0;
    try {
      while (input.hasNext() && !run.stopped.get()) {
        Sequenced next = sequence(seq++, input.next());
        Lane lane = lanes.get(Math.floorMod(next.key().hashCode(), parallelism));
        if (!lane.chunk.accepts(next)) {
          lane.hand(lane.chunk.take());
        }
        lane.chunk.add(next);
        if (lane.chunk.full()) {
          lane.hand(lane.chunk.take());
        }
      }
      for (Lane lane : lanes) {
        if (!lane.chunk.isEmpty()) {
          lane.hand(lane.chunk.take());
        }
      }
    } finally {
      for (Lane lane : lanes) {
        lane.finish();
      }
    }
    drain(input, seq, run);
  }

  /** Everything not yet read from the input is left over. */
  private void drain(Iterator<BatchWrite> input, long seq, Run run) {
    while (input.hasNext()) {
      BatchWrite write = input.next();
      run.leftovers.add(
          new Sequenced(seq++, write, new Sequenced.TableKey(write.table(), Map.of())));
    }
  }

  private Sequenced sequence(long seq, BatchWrite write) {
    return new Sequenced(
        seq,
        write,
        new Sequenced.TableKey(write.table(), keys.keyOf(write.table(), write.attributes())));
  }

  /** Sends one request's writes until all are applied or the budget runs out. */
  private void send(List<Sequenced> chunk, Run run) {
    List<Sequenced> remaining = chunk;
    int attempt = 1;
    while (true) {
      if (run.stopped.get() || run.deadline.passed()) {
        run.stop(remaining);
        return;
      }
      try {
        BatchWriteItemResponse response = transport.batchWriteItem(request(remaining), attempt);
        List<Sequenced> unprocessed = match(response.unprocessedItems(), remaining);
        int applied = remaining.size() - unprocessed.size();
        if (applied > 0) {
          run.written.addAndGet(applied);
          run.progress.accept(applied);
        }
        remaining = unprocessed;
        if (remaining.isEmpty()) {
          return;
        }
      } catch (RuntimeException e) {
        if (!Faults.retryable(e)) {
          run.failure.compareAndSet(null, e);
          run.stop(remaining);
          return;
        }
      }
      attempt++;
      if (!budget.pause(attempt, run.deadline)) {
        run.stop(remaining);
        return;
      }
    }
  }

  private static BatchWriteItemRequest request(List<Sequenced> writes) {
    Map<String, List<WriteRequest>> byTable = new LinkedHashMap<>();
    for (Sequenced s : writes) {
      byTable.computeIfAbsent(s.write().table(), t -> new ArrayList<>()).add(s.write().request());
    }
    return BatchWriteItemRequest.builder().requestItems(byTable).build();
  }

  private List<Sequenced> match(Map<String, List<WriteRequest>> unprocessed, List<Sequenced> sent) {
    if (unprocessed.isEmpty()) {
      return List.of();
    }
    Map<Sequenced.TableKey, Sequenced> byKey = new HashMap<>();
    for (Sequenced s : sent) {
      byKey.put(s.key(), s);
    }
    List<Sequenced> left = new ArrayList<>();
    for (Map.Entry<String, List<WriteRequest>> table : unprocessed.entrySet()) {
      for (WriteRequest request : table.getValue()) {
        BatchWrite write = new BatchWrite(table.getKey(), request);
        Sequenced.TableKey key =
            new Sequenced.TableKey(table.getKey(), keys.keyOf(table.getKey(), write.attributes()));
        Sequenced original = byKey.remove(key);
        if (original == null) {
          throw new IllegalStateException(
              "BatchWriteItem returned an unprocessed write that was not sent: " + request);
        }
        left.add(original);
      }
    }
    left.sort(Comparator.comparingLong(Sequenced::seq));
    return left;
  }

  /** The shared state of one call. */
  private static final class Run {
    final Deadline deadline;
    final IntConsumer progress;
    final AtomicBoolean stopped = new AtomicBoolean();
    final AtomicLong written = new AtomicLong();
    final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    final ConcurrentLinkedQueue<Sequenced> leftovers = new ConcurrentLinkedQueue<>();

    Run(Deadline deadline, IntConsumer progress) {
      this.deadline = deadline;
      this.progress = progress;
    }

    void stop(List<Sequenced> left) {
      stopped.set(true);
      leftovers.addAll(left);
    }
  }

  /** The writes of one request being filled. */
  private static final class Chunk {
    private List<Sequenced> writes = new ArrayList<>(MAX_WRITES);
    private final Set<Sequenced.TableKey> keys = new HashSet<>();

    boolean accepts(Sequenced write) {
      return !keys.contains(write.key());
    }

    void add(Sequenced write) {
      writes.add(write);
      keys.add(write.key());
    }

    boolean full() {
      return writes.size() == MAX_WRITES;
    }

    boolean isEmpty() {
      return writes.isEmpty();
    }

    List<Sequenced> take() {
      List<Sequenced> taken = writes;
      writes = new ArrayList<>(MAX_WRITES);
      keys.clear();
      return taken;
    }
  }

  /** One worker thread and the requests handed to it, sent in order. */
  private final class Lane {
    final Chunk chunk = new Chunk();
    final BlockingQueue<List<Sequenced>> queue = new ArrayBlockingQueue<>(2);
    final Run run;
    final Thread thread;

    Lane(Run run, int number) {
      this.run = run;
      this.thread = new Thread(this::work, "dynakit-batch-write-" + number);
      thread.setDaemon(true);
    }

    void hand(List<Sequenced> writes) {
      try {
        queue.put(writes);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        run.stop(writes);
      }
    }

    void finish() {
      boolean interrupted = false;
      boolean ended = false;
      while (!ended) {
        try {
          queue.put(END);
          ended = true;
        } catch (InterruptedException e) {
          interrupted = true;
          run.stopped.set(true);
        }
      }
      // the writes in flight must be accounted for before returning, so wait even if interrupted
      while (thread.isAlive()) {
        try {
          thread.join();
        } catch (InterruptedException e) {
          interrupted = true;
          run.stopped.set(true);
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }

    private void work() {
      while (true) {
        List<Sequenced> writes;
        try {
          writes = queue.take();
        } catch (InterruptedException e) {
          return;
        }
        if (writes == END) {
          return;
        }
        send(writes, run);
      }
    }
  }
}
