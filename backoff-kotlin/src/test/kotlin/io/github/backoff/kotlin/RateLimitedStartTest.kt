package io.github.backoff.kotlin

import io.github.backoff.RetryException
import io.github.backoff.RetryPolicy
import io.github.backoff.StopReason
import io.github.backoff.ratelimit.AdaptiveRateLimiter
import io.github.backoff.strategy.Backoff
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.cancel
import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.launch
import kotlinx.coroutines.test.TestScope
import kotlinx.coroutines.test.advanceUntilIdle
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runTest
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.io.IOException
import java.time.Duration
import java.util.concurrent.atomic.AtomicInteger

/**
 * The first attempt under a rate limiter whose bucket is empty (it waits for the token in virtual time, or the call
 * stops before any attempt when the token is not due before the deadline), for both `retry` and `retryWith`; and a
 * caller cancelled by its own attempt starting no further one even when the wait before it is zero.
 */
@OptIn(ExperimentalCoroutinesApi::class)
class RateLimitedStartTest {
  /** A limiter turned on by a throttle: 0.5 token/s, empty, so the next token is due in 2 s. */
  private fun TestScope.emptyLimiter(): AdaptiveRateLimiter =
    AdaptiveRateLimiter.create { testScheduler.currentTime * 1_000_000L }.also { it.onResponse(true) }

  private fun <T> limited(limiter: AdaptiveRateLimiter, maxElapsed: Duration? = null): RetryPolicy<T> {
    val b = RetryPolicy.builder<T>().withBackoff(Backoff.constant(Duration.ofSeconds(1))).withRateLimiter(limiter)
    return (if (maxElapsed != null) b.withMaxElapsed(maxElapsed) else b).build()
  }

  @Test
  fun retry_emptyBucket_firstAttemptWaitsForTheToken() = runTest {
    val startedAt = virtualRetrier(limited<Long>(emptyLimiter())).retry { currentTime }

    assertThat(startedAt).isEqualTo(2_000)
  }

  @Test
  fun retry_tokenNotDueBeforeTheDeadline_stopsBeforeAnyAttempt() = runTest {
    val attempts = AtomicInteger()

    val thrown = runCatching {
      virtualRetrier(limited<String>(emptyLimiter(), Duration.ofSeconds(1))).retry { attempts.incrementAndGet(); "x" }
    }.exceptionOrNull()

    assertThat(thrown).isInstanceOfSatisfying(RetryException::class.java) {
      assertThat(it.reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED)
    }
    assertThat(attempts).hasValue(0)
  }

  @Test
  fun retryWith_emptyBucket_firstCollectionWaitsForTheToken() = runTest {
    val values = flow { emit(currentTime) }.retryWith(virtualRetrier(limited<Long>(emptyLimiter()))).toList()

    assertThat(values).containsExactly(2_000L)
  }

  @Test
  fun retryWith_tokenNotDueBeforeTheDeadline_failsBeforeCollecting() = runTest {
    val collections = AtomicInteger()

    val thrown = runCatching {
      flow { collections.incrementAndGet(); emit("x") }
        .retryWith(virtualRetrier(limited<String>(emptyLimiter(), Duration.ofSeconds(1)))).toList()
    }.exceptionOrNull()

    assertThat(thrown).isInstanceOf(RetryException::class.java)
    assertThat(collections).hasValue(0)
  }

  @Test
  fun retry_attemptCancelsItsCallerThenFailsWithAZeroWait_startsNoFurtherAttempt() = runTest {
    val attempts = AtomicInteger()
    val retrier = virtualRetrier(
      RetryPolicy.builder<String>().withBackoff(Backoff.constant(Duration.ZERO)).withMaxAttempts(5).build(),
    )

    val job = launch {
      retrier.retry {
        attempts.incrementAndGet()
        currentCoroutineContext().cancel() // the caller is cancelled while the attempt runs
        throw IOException("failed too")
      }
    }
    advanceUntilIdle()

    assertThat(job.isCancelled).isTrue()
    assertThat(attempts).hasValue(1)
  }
}
