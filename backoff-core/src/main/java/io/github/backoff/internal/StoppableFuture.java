package io.github.backoff.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * A future that is also the handle on the work that completes it (a retried call, a hedged call): completing it
 * from outside, in any way, stops that work. Not part of the API: the drivers hand it out typed as
 * {@link CompletableFuture}.
 *
 * <p>Every way a caller can complete a {@code CompletableFuture} goes through one of the overrides here:
 * {@link #cancel}, {@link #complete}, {@link #completeExceptionally}, {@link #obtrudeValue},
 * {@link #obtrudeException} and {@link #completeAsync(Supplier, Executor)} (the JDK's version completes the future
 * without calling {@code complete}; this one calls it). {@code completeOnTimeout}, {@code orTimeout} and the
 * one-argument {@code completeAsync} call these. When such a call completes the future (an {@code obtrude*}
 * always does), {@link #stopWork} runs once, after the completion is visible, on the caller's thread. The driver
 * completes the future itself through {@link #completeByDriver} and {@link #completeExceptionallyByDriver}, which
 * stop nothing.
 *
 * <p>Thread-safe, as {@code CompletableFuture} is; {@link #stopWork} may race the driver's own completion and the
 * start of an attempt, and each subclass states how it settles that race (jcstress tests in backoff-jcstress).
 *
 * @param <T> the result type
 */
public abstract class StoppableFuture<T> extends CompletableFuture<T> {
  protected StoppableFuture() {}

  /**
   * Stops the work after a caller completed this future from outside: drops what is queued and cancels what is in
   * flight. Runs on the caller's thread; must not throw.
   *
   * @param mayInterruptIfRunning {@code cancel}'s argument; true for the other ways of completing
   */
  protected abstract void stopWork(boolean mayInterruptIfRunning);

  /** Completes this future with the driver's result, stopping nothing. */
  protected final boolean completeByDriver(T value) {
    return super.complete(value);
  }

  /** Completes this future with the driver's failure, stopping nothing. */
  protected final boolean completeExceptionallyByDriver(Throwable failure) {
    return super.completeExceptionally(failure);
  }

  /** Cancels this future and, if this call cancelled it, stops the work. */
  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    return stopped(super.cancel(mayInterruptIfRunning), mayInterruptIfRunning);
  }

  /** Completes this future from outside and, if this call completed it, stops the work. */
  @Override
  public boolean complete(T value) {
    return stopped(super.complete(value), true);
  }

  /** Fails this future from outside ({@code orTimeout} too) and, if this call completed it, stops the work. */
  @Override
  public boolean completeExceptionally(Throwable ex) {
    return stopped(super.completeExceptionally(ex), true);
  }

  /** Forces a value and stops the work, whether or not the future was done. */
  @Override
  public void obtrudeValue(T value) {
    super.obtrudeValue(value);
    stopped(true, true);
  }

  /** Forces a failure and stops the work, whether or not the future was done. */
  @Override
  public void obtrudeException(Throwable ex) {
    super.obtrudeException(ex);
    stopped(true, true);
  }

  /**
   * Completes this future with what {@code supplier} returns (or throws), on {@code executor}, through
   * {@link #complete} and {@link #completeExceptionally}, so that it too stops the work.
   *
   * @throws NullPointerException if {@code supplier} or {@code executor} is null
   */
  @Override
  public CompletableFuture<T> completeAsync(Supplier<? extends T> supplier, Executor executor) {
    Checks.requireNonNull(supplier, "supplier");
    Checks.requireNonNull(executor, "executor");
    executor.execute(() -> {
      T value;
      try {
        value = supplier.get();
      } catch (Throwable t) {
        completeExceptionally(t);
        return;
      }
      complete(value);
    });
    return this;
  }

  private boolean stopped(boolean done, boolean mayInterruptIfRunning) {
    if (done) {
      stopWork(mayInterruptIfRunning);
    }
    return done;
  }
}
