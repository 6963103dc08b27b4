@file:JvmName("CoroutineRetries")

package io.github.backoff.kotlin

import io.github.backoff.AttemptTimeoutException
import io.github.backoff.Retrier
import io.github.backoff.RetryException
import io.github.backoff.RetryPolicy
import io.github.backoff.StandaloneExecution
import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.delay
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.withTimeoutOrNull
import kotlin.coroutines.cancellation.CancellationException
import kotlin.time.Duration.Companion.nanoseconds
import kotlin.time.toKotlinDuration

/**
 * Runs [block] until it succeeds or this retrier's policy stops, suspending between attempts with [delay]: no
 * thread is held while waiting, and every "retry or stop, and after how long" decision is backoff-core's, through
 * [StandaloneExecution] — the same strategy and jitter, attempt and time limits, retry and abort conditions, result
 * conditions ([io.github.backoff.RetryPolicyBuilder.retryIfResult]), delay override, budget, rate limiter and
 * events as [Retrier.call].
 *
 * ```
 * val retrier = Retrier.of(policy)
 * val user: User = retrier.retry { api.fetchUser(id) }     // a suspend call
 * ```
 *
 * **Cancellation.** Cancelling the calling coroutine cancels the attempt in flight or the wait, and no further
 * attempt starts; the [CancellationException] is rethrown at once. A [CancellationException] thrown by [block]
 * itself (including a `withTimeout` of its own that expired) is never retried: it is rethrown unchanged. A
 * cancelled execution emits no `GaveUp` event: it did not give up, its caller went away.
 *
 * **Per-attempt timeout.** The policy's `attemptTimeout` cancels an attempt that runs longer (with
 * `withTimeoutOrNull`) and records it as an [AttemptTimeoutException], retried like any failure.
 *
 * **Interruption.** An [InterruptedException] thrown by [block] stops the retry with
 * [io.github.backoff.StopReason.INTERRUPTED], as [Retrier.call] does, and the interrupt flag of the thread that
 * caught it is set again (nothing swallows it).
 *
 * Time for the policy's limits and events comes from the retrier's ticker: under `runTest`, build the retrier with
 * a ticker that reads the test scheduler's virtual time.
 *
 * @return the first successful result, or the last retryable result if retries stopped on one and the policy
 *     returns it
 * @throws RetryException if the policy stops, with its [io.github.backoff.StopReason], the attempts and the last
 *     failure as cause
 * @throws CancellationException if the coroutine is cancelled, or [block] throws one
 * @throws Error an [Error] thrown by [block] that no retry condition matches, unchanged
 */
public suspend fun <T> Retrier<T>.retry(block: suspend () -> T): T {
  val execution = StandaloneExecution.start(this)
  val first = execution.firstAttemptDelayNanos()
  if (first == StandaloneExecution.STOP) {
    return execution.outcome() // a rate limiter's token not due in time: throws, before any attempt
  }
  if (first > 0) {
    delay(first.nanoseconds)
  }
  val timeout = policy().attemptTimeout().orElse(null)
  while (true) {
    currentCoroutineContext().ensureActive() // a cancelled caller starts no attempt
    val result: T
    try {
      result = if (timeout == null) block() else attemptWithin(timeout, block)
    } catch (e: CancellationException) {
      throw e // cancellation, never a failed attempt (resilience4j-kotlin #688)
    } catch (e: Throwable) {
      if (e is InterruptedException) {
        Thread.currentThread().interrupt() // the exception cleared the flag; the driver stops and restores it
      }
      val wait = execution.onFailure(null, e)
      if (wait == StandaloneExecution.STOP) {
        return execution.outcome()
      }
      delay(wait.nanoseconds)
      continue
    }
    if (execution.isSuccess(result)) {
      execution.onSuccess(result)
      return result
    }
    val wait = execution.onFailure(result, null) // a result the policy retries on (resilience4j-kotlin #2098)
    if (wait == StandaloneExecution.STOP) {
      return execution.outcome()
    }
    delay(wait.nanoseconds)
  }
}

/**
 * Runs [block] under this policy, as [Retrier.retry] does with `Retrier.of(this)`: the system ticker and
 * `ThreadLocalRandom`.
 *
 * ```
 * val body: String = policy.retry { client.get(url) }
 * ```
 */
public suspend fun <T> RetryPolicy<T>.retry(block: suspend () -> T): T = Retrier.of(this).retry(block)

/** One attempt under the per-attempt timeout: a timeout of our own becomes an [AttemptTimeoutException]. */
private suspend fun <T> attemptWithin(timeout: java.time.Duration, block: suspend () -> T): T {
  // withTimeoutOrNull returns null only when its own timeout fired (a nested withTimeout's exception passes
  // through); the box tells that null apart from a null result.
  val boxed = withTimeoutOrNull(timeout.toKotlinDuration()) { Box(block()) }
  if (boxed == null) {
    throw AttemptTimeoutException(timeout)
  }
  return boxed.value
}

private class Box<T>(val value: T)
