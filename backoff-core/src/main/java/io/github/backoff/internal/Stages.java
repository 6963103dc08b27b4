package io.github.backoff.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/** Helpers shared by the drivers that run {@link CompletionStage} attempts (retries, hedges). Not part of the API. */
public final class Stages {
  private Stages() {}

  /**
   * The stage {@code supplier} returns for one attempt.
   *
   * @throws NullPointerException if it returns null (the drivers count that, like anything it throws, as a failed
   *     attempt)
   */
  public static <T> CompletionStage<? extends T> stageOf(Supplier<? extends CompletionStage<? extends T>> supplier) {
    CompletionStage<? extends T> stage = supplier.get();
    if (stage == null) {
      throw new NullPointerException("the supplier returned null instead of a CompletionStage");
    }
    return stage;
  }

  /** The stage as a future to cancel, or {@code null} if it does not support {@code toCompletableFuture}. */
  public static <T> CompletableFuture<T> toFuture(CompletionStage<T> stage) {
    try {
      return stage.toCompletableFuture();
    } catch (UnsupportedOperationException e) {
      return null;
    }
  }

  /** The cause of a {@link CompletionException} that has one, else {@code failure} itself. */
  public static Throwable unwrap(Throwable failure) {
    return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
  }
}
