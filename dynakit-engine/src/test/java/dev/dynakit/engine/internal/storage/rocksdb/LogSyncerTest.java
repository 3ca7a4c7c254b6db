package dev.dynakit.engine.internal.storage.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The syncer's promises: a waiter completes only after a sync that started once its mark was
 * written, one sync serves every waiter whose mark it covers, a failed sync fails exactly those,
 * and closing syncs for everybody still waiting. The log here is a counter and a sync the test lets
 * run, one at a time.
 */
class LogSyncerTest {
  private final AtomicLong lastWrite = new AtomicLong(10);
  private final Semaphore syncStarted = new Semaphore(0);
  private final Semaphore syncMayEnd = new Semaphore(0);
  private final AtomicInteger syncs = new AtomicInteger();
  private volatile Exception failNext;
  private final LogSyncer syncer = new LogSyncer(lastWrite::get, this::sync, "test-log-sync");

  private void sync() throws Exception {
    syncStarted.release();
    syncMayEnd.acquire();
    syncs.incrementAndGet();
    Exception failure = failNext;
    failNext = null;
    if (failure != null) {
      throw failure;
    }
  }

  @AfterEach
  void close() {
    syncMayEnd.release(100);
    syncer.close();
  }

  @Test
  void whatWasWrittenBeforeTheSyncerStarted_isDurableAtOnce() {
    assertThat(syncer.whenSynced(10)).isCompleted();
    assertThat(syncStarted.availablePermits()).isZero();
  }

  @Test
  void aWaiter_completesWhenASyncThatStartedAfterItsWrite_ends() throws Exception {
    lastWrite.set(11);
    CompletableFuture<Void> waiter = syncer.whenSynced(11);
    awaitSyncStart();

    assertThat(waiter).isNotDone();
    syncMayEnd.release();
    waiter.get(10, TimeUnit.SECONDS);
    assertThat(syncer.whenSynced(11)).isCompleted();
  }

  @Test
  void aWriteMadeWhileASyncRuns_waitsForTheNextSync() throws Exception {
    lastWrite.set(11);
    CompletableFuture<Void> first = syncer.whenSynced(11);
    awaitSyncStart();
    lastWrite.set(12);
    CompletableFuture<Void> second = syncer.whenSynced(12);

    syncMayEnd.release();
    first.get(10, TimeUnit.SECONDS);
    awaitSyncStart();
    assertThat(second).isNotDone();
    syncMayEnd.release();
    second.get(10, TimeUnit.SECONDS);
    assertThat(syncs).hasValue(2);
  }

  @Test
  void oneSync_servesEveryWaiterItCovers() throws Exception {
    lastWrite.set(11);
    CompletableFuture<Void> first = syncer.whenSynced(11);
    awaitSyncStart();
    List<CompletableFuture<Void>> queued = new ArrayList<>();
    for (long mark = 12; mark <= 31; mark++) {
      lastWrite.set(mark);
      queued.add(syncer.whenSynced(mark));
    }

    syncMayEnd.release(2);
    first.get(10, TimeUnit.SECONDS);
    CompletableFuture.allOf(queued.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
    assertThat(syncs).hasValue(2);
  }

  @Test
  void aFailedSync_failsTheWaitersItCovered_andEveryLaterWait() throws Exception {
    failNext = new IOException("no space left on device");
    lastWrite.set(11);
    CompletableFuture<Void> failed = syncer.whenSynced(11);
    syncMayEnd.release();

    assertThatThrownBy(() -> failed.get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .hasMessage("the write-ahead log could not be synced: no space left on device")
        .cause()
        .hasMessage("no space left on device");
    lastWrite.set(12);
    // the pages a failed fsync could not write may be gone: a later sync proves nothing
    assertThat(syncer.whenSynced(12)).isCompletedExceptionally();
    assertThatThrownBy(() -> syncer.awaitSynced(12))
        .hasMessage("the write-ahead log could not be synced: no space left on device");
    assertThat(syncs).hasValue(1);
    assertThat(syncer.whenSynced(10)).isCompleted();
  }

  @Test
  void aSyncThatCannotEvenReadTheLastWrite_failsItsWaiters_insteadOfLeavingThemWaiting()
      throws Exception {
    try (LogSyncer broken =
        new LogSyncer(
            new LongSupplier() {
              private int calls;

              @Override
              public long getAsLong() {
                if (calls++ == 0) {
                  return 0; // at the start
                }
                throw new IllegalStateException("the store is closed");
              }
            },
            () -> {},
            "test-broken-sync")) {
      CompletableFuture<Void> waiter = broken.whenSynced(1);

      assertThatThrownBy(() -> waiter.get(10, TimeUnit.SECONDS))
          .cause()
          .hasMessage("the write-ahead log could not be synced: the store is closed")
          .cause()
          .hasMessage("the store is closed");
      assertThatThrownBy(() -> broken.awaitSynced(1))
          .hasMessage("the write-ahead log could not be synced: the store is closed");
    }
  }

  @Test
  void aBlockingWaiter_syncsOnItsOwnThread_whenNoSyncRuns() {
    lastWrite.set(11);
    syncMayEnd.release();
    syncer.awaitSynced(11);

    assertThat(syncs).hasValue(1);
    assertThat(syncer.whenSynced(11)).isCompleted();
  }

  @Test
  void aBlockingWaiter_waitsForTheRunningSync_andSyncsAgainWhenThatDidNotCoverIt()
      throws Exception {
    lastWrite.set(11);
    CompletableFuture<Void> first = syncer.whenSynced(11);
    awaitSyncStart();
    lastWrite.set(12);
    CompletableFuture<Void> blocked = CompletableFuture.runAsync(() -> syncer.awaitSynced(12));

    syncMayEnd.release();
    first.get(10, TimeUnit.SECONDS);
    awaitSyncStart();
    assertThat(blocked).isNotDone();
    syncMayEnd.release();
    blocked.get(10, TimeUnit.SECONDS);
    assertThat(syncs).hasValue(2);
  }

  @Test
  void closing_syncsForThoseWaiting_thenRefusesToWait() throws Exception {
    lastWrite.set(11);
    CompletableFuture<Void> waiting = syncer.whenSynced(11);
    awaitSyncStart();
    CompletableFuture<Void> closed = CompletableFuture.runAsync(syncer::close);

    syncMayEnd.release();
    waiting.get(10, TimeUnit.SECONDS);
    closed.get(10, TimeUnit.SECONDS);
    lastWrite.set(12);
    assertThat(syncer.whenSynced(12)).isCompletedExceptionally();
    assertThat(syncer.whenSynced(11)).isCompleted();
  }

  private void awaitSyncStart() throws InterruptedException {
    assertThat(syncStarted.tryAcquire(10, TimeUnit.SECONDS)).as("a sync started").isTrue();
  }
}
