@file:JvmName("FlowRetries")

package io.github.backoff.kotlin

import io.github.backoff.Retrier
import io.github.backoff.RetryPolicy
import io.github.backoff.StandaloneExecution
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow
import kotlin.coroutines.cancellation.CancellationException
import kotlin.time.Duration.Companion.nanoseconds

/**
 * Re-collects this flow when it fails, as [kotlinx.coroutines.flow.retryWhen] does, with every "retry or stop, and
 * after how long" decided by backoff-core under [retrier]'s policy: one execution spans the whole collection (the
 * budget sees one request; the attempt limit counts collections), the waits are [delay]s, and when the policy stops
 * the flow fails with the [io.github.backoff.RetryException] that [Retrier.call] would throw.
 *
 * ```
 * val prices: Flow<Price> = priceFeed().retryWith(Retrier.of(policy))
 * ```
 *
 * **Result conditions.** An element the policy retries on
 * ([io.github.backoff.RetryPolicyBuilder.retryIfResult]) is not emitted: it counts as a failed attempt, the
 * collection is abandoned and, after the wait, started again. If the policy then stops and returns the last
 * result, the element is emitted and the collection goes on (with no retries left); with
 * `throwOnRetryableResult()` the flow fails. Elements emitted before a failure are emitted again by the next
 * collection, as with `Flow.retry`: retry flows that start from the beginning, or keep their position yourself.
 *
 * **Exceptions.** An exception thrown downstream (by the collector) is never retried (exception transparency), nor
 * is a [CancellationException]: both pass through unchanged. Cancelling the collector stops the retry; no further
 * collection starts.
 */
public fun <T> Flow<T>.retryWith(retrier: Retrier<T>): Flow<T> {
  val upstream = this
  return flow {
    val execution = StandaloneExecution.start(retrier)
    val first = execution.firstAttemptDelayNanos()
    if (first == StandaloneExecution.STOP) {
      execution.outcome() // throws: stopped before the first collection
    }
    if (first > 0) {
      delay(first.nanoseconds)
    }
    var stopped = false
    var last: T? = null
    while (true) {
      val marker = RetryRequested()
      var wait = COMPLETED
      var fromDownstream: Throwable? = null
      try {
        upstream.collect { value ->
          var element = value
          if (!stopped && !execution.isSuccess(value)) {
            val w = execution.onFailure(value, null)
            if (w != StandaloneExecution.STOP) {
              wait = w
              throw marker // abandons this collection
            }
            stopped = true
            element = execution.outcome() // throws, or returns the element
          }
          last = element
          try {
            emit(element)
          } catch (e: Throwable) {
            fromDownstream = e
            throw e
          }
        }
      } catch (e: Throwable) {
        when {
          e === marker -> {}
          e === fromDownstream || e is CancellationException || stopped -> throw e
          else -> {
            val w = execution.onFailure(null, e)
            if (w == StandaloneExecution.STOP) {
              throw execution.failure() ?: e
            }
            wait = w
          }
        }
      }
      if (wait == COMPLETED) {
        if (!stopped) {
          @Suppress("UNCHECKED_CAST")
          execution.onSuccess(last as T)
        }
        return@flow
      }
      delay(wait.nanoseconds)
    }
  }
}

/** [retryWith] under `Retrier.of(policy)`: the system ticker and `ThreadLocalRandom`. */
public fun <T> Flow<T>.retryWith(policy: RetryPolicy<T>): Flow<T> = retryWith(Retrier.of(policy))

private const val COMPLETED = -2L

/** Thrown from the collector to abandon a collection whose element the policy retries on. */
private class RetryRequested : CancellationException("retry requested") {
  override fun fillInStackTrace(): Throwable = this
}
