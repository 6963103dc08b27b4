package io.github.backoff.hedge;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/** A supplier whose attempts the test completes by hand: attempt n is {@code get(n)} (1 for the original). */
final class Attempts<T> implements Supplier<CompletionStage<T>> {
  private final List<CompletableFuture<T>> futures = new ArrayList<>();

  @Override
  public synchronized CompletionStage<T> get() {
    CompletableFuture<T> f = new CompletableFuture<>();
    futures.add(f);
    return f;
  }

  synchronized int count() {
    return futures.size();
  }

  synchronized CompletableFuture<T> get(int attempt) {
    return futures.get(attempt - 1);
  }
}
