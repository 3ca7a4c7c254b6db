package dev.dynakit.engine;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.storage.OrderedStore;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Holds an answer until every write the store held when it was made is durable (per the engine's
 * {@link Durability}). An on-disk store makes a write visible before its log is synced, so that one
 * sync serves many writers; an answer (a write's own, or a read's that may have seen another
 * request's write) therefore leaves only after that sync, and no client ever learns of a write that
 * a crash could still take back. A store whose writes are durable when applied answers at once.
 */
final class DurableAnswers {
  private DurableAnswers() {}

  /** The answer, once durable; an internal-error answer when the store could not make it so. */
  static EngineResponse await(OrderedStore store, EngineResponse answer) {
    try {
      store.awaitDurable(store.mark());
      return answer;
    } catch (RuntimeException e) {
      return notDurable(e);
    }
  }

  /**
   * Hands the answer (or the internal-error answer) to {@code then} once durable: on this thread
   * when it is already, else on the thread of the store that made it durable.
   */
  static void then(OrderedStore store, EngineResponse answer, Consumer<EngineResponse> then) {
    whenDurable(store)
        .whenComplete((ok, failure) -> then.accept(failure == null ? answer : notDurable(failure)));
  }

  private static CompletableFuture<Void> whenDurable(OrderedStore store) {
    try {
      return store.whenDurable(store.mark());
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e); // a store closed under the request
    }
  }

  private static EngineResponse notDurable(Throwable failure) {
    EngineException e =
        new EngineException(
            ErrorType.INTERNAL_SERVER_ERROR,
            "Internal server error: the store could not make the request's writes durable ("
                + failure.getMessage()
                + ")");
    return DynakitEngine.error(e);
  }
}
