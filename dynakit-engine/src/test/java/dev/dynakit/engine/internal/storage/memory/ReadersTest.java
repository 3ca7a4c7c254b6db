package dev.dynakit.engine.internal.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The lock-free registration of readers against the writer's publications, step by step. */
class ReadersTest {
  private final Readers readers = new Readers();

  @Test
  void aReaderCountedOnAnEpochAlreadyReplaced_takesItBack_andReadsAtTheNewNumber() {
    Readers.Epoch stale = readers.current();
    // the writer publishes between the reader's read of the current epoch and its count: it saw
    // no reader on the old epoch and may already have dropped versions only it could read
    readers.publish(1);
    assertThat(readers.enter(stale)).isFalse();
    assertThat(stale.get()).isZero();
    Readers.Epoch at = readers.register();
    assertThat(at.seq).isEqualTo(1);
    assertThat(at.get()).isEqualTo(1);
  }

  @Test
  void aRegisteredReader_holdsTheOldestNumber_untilReleased() {
    Readers.Epoch at = readers.register();
    readers.publish(1);
    readers.publish(2);
    assertThat(readers.oldest()).isZero();
    readers.release(at);
    assertThat(readers.oldest()).isEqualTo(2);
    assertThat(readers.published()).isEqualTo(2);
  }

  @Test
  void withoutReaders_theOldestNumberIsThePublishedOne() {
    Readers.Epoch at = readers.register();
    readers.release(at);
    readers.publish(1);
    assertThat(readers.oldest()).isEqualTo(1);
  }
}
