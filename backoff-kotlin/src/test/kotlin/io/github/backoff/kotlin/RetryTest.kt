package io.github.backoff.kotlin

import io.github.backoff.AttemptTimeoutException
import io.github.backoff.Retrier
import io.github.backoff.RetryException
import io.github.backoff.RetryPolicy
import io.github.backoff.StopReason
import io.github.backoff.budget.RetryBudget
import io.github.backoff.event.RetryScheduled
import io.github.backoff.strategy.Backoff
import io.github.backoff.testing.FakeClock
import io.github.backoff.testing.Randoms
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.test.advanceTimeBy
import kotlinx.coroutines.test.advanceUntilIdle
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runCurrent
import kotlinx.coroutines.test.runTest
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.io.IOException
import java.time.Duration
import java.util.concurrent.atomic.AtomicInteger

@OptIn(ExperimentalCoroutinesApi::class)
class RetryTest {
  private fun <T> policy(events: Events? = null): io.github.backoff.RetryPolicyBuilder<T> {
    val b = RetryPolicy.builder<T>().withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(3)
    // A toBuilder() builder: a test may set each option once more.
    return (if (events != null) b.onEvent(events) else b).build().toBuilder()
  }

  @Test
  fun retry_failuresThenSuccess_waitsWithDelayInVirtualTime() = runTest {
    val attempts = AtomicInteger()
    val result = virtualRetrier(policy<String>().build()).retry {
      if (attempts.incrementAndGet() < 3) throw IOException("flaky")
      "done"
    }
    assertThat(result).isEqualTo("done")
    assertThat(attempts).hasValue(3)
    assertThat(currentTime).isEqualTo(2_000) // two 1 s waits, in virtual time
  }

  @Test
  fun retry_attemptsExhausted_throwsRetryExceptionWithTheStopReason() = runTest {
    val attempts = AtomicInteger()
    val thrown = runCatching {
      virtualRetrier(policy<String>().build()).retry<String> {
        attempts.incrementAndGet()
        throw IOException("down")
      }
    }.exceptionOrNull()
    assertThat(thrown).isInstanceOf(RetryException::class.java)
    thrown as RetryException
    assertThat(thrown.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED)
    assertThat(thrown.attempts()).isEqualTo(3)
    assertThat(thrown.cause).isInstanceOf(IOException::class.java)
    assertThat(attempts).hasValue(3)
    assertThat(currentTime).isEqualTo(2_000)
  }

  @Test
  fun retry_failureNotRetryable_stopsAtOnce() = runTest {
    val attempts = AtomicInteger()
    val retrier = virtualRetrier(policy<String>().retryOn(IOException::class.java).build())
    val thrown = runCatching {
      retrier.retry<String> {
        attempts.incrementAndGet()
        throw IllegalStateException("bug")
      }
    }.exceptionOrNull() as RetryException
    assertThat(thrown.reason()).isEqualTo(StopReason.NOT_RETRYABLE)
    assertThat(attempts).hasValue(1)
  }

  @Test
  fun retry_errorNoConditionMatches_isRethrownUnchanged() = runTest {
    val retrier = virtualRetrier(policy<String>().retryOn(IOException::class.java).build())
    val error = StackOverflowError("deep")
    val thrown = runCatching { retrier.retry<String> { throw error } }.exceptionOrNull()
    assertThat(thrown).isSameAs(error)
  }

  @Test
  fun retry_cancellationExceptionFromTheBlock_isRethrownAndNeverRetried() = runTest {
    val events = Events()
    val attempts = AtomicInteger()
    val cancel = CancellationException("the block's own")
    val thrown = runCatching {
      virtualRetrier(policy<String>(events).build()).retry<String> {
        attempts.incrementAndGet()
        throw cancel
      }
    }.exceptionOrNull()
    assertThat(thrown).isSameAs(cancel)
    assertThat(attempts).hasValue(1)
    assertThat(events.all).isEmpty() // not even a failed attempt: cancellation is not a failure
  }

  @Test
  fun retry_cancelledDuringTheWait_startsNoFurtherAttempt() = runTest {
    val attempts = AtomicInteger()
    val job = launch {
      virtualRetrier(policy<String>().build()).retry<String> {
        attempts.incrementAndGet()
        throw IOException("down")
      }
    }
    advanceTimeBy(500)
    assertThat(attempts).hasValue(1)
    job.cancel()
    advanceUntilIdle()
    assertThat(attempts).hasValue(1)
    assertThat(job.isCancelled).isTrue()
    assertThat(currentTime).isEqualTo(500) // the pending 1 s wait was dropped
  }

  @Test
  fun retry_cancelledDuringAnAttempt_startsNoFurtherAttempt() = runTest {
    val attempts = AtomicInteger()
    val job = launch {
      virtualRetrier(policy<String>().build()).retry<String> {
        attempts.incrementAndGet()
        awaitCancellation()
      }
    }
    runCurrent()
    job.cancel()
    advanceUntilIdle()
    assertThat(attempts).hasValue(1)
    assertThat(job.isCancelled).isTrue()
  }

  @Test
  fun retry_cancelledBeforeItStarts_makesNoAttempt() = runTest {
    val attempts = AtomicInteger()
    val job = launch(start = CoroutineStart.LAZY) {
      virtualRetrier(policy<Int>().build()).retry { attempts.incrementAndGet() }
    }
    job.cancel()
    job.start()
    advanceUntilIdle()
    assertThat(attempts).hasValue(0)
  }

  @Test
  fun retry_resultCondition_retriesUntilTheResultPasses() = runTest {
    val events = Events()
    val answers = ArrayDeque(listOf("pending", "pending", "done"))
    val retrier = virtualRetrier(policy<String>(events).retryIfResult { it == "pending" }.build())
    assertThat(retrier.retry { answers.removeFirst() }).isEqualTo("done")
    assertThat(events.kinds()).containsExactly("AttemptFailed", "RetryScheduled", "AttemptFailed",
      "RetryScheduled", "Succeeded")
    assertThat(events.all.filterIsInstance<RetryScheduled<*>>().map { it.result() }).containsOnly("pending")
  }

  @Test
  fun retry_resultConditionExhausted_returnsTheLastResult_orThrowsIfAsked() = runTest {
    val returning = virtualRetrier(policy<String>().retryIfResult { it == "pending" }.build())
    assertThat(returning.retry { "pending" }).isEqualTo("pending")
    val throwing = virtualRetrier(policy<String>().retryIfResult { it == "pending" }.throwOnRetryableResult().build())
    val thrown = runCatching { throwing.retry { "pending" } }.exceptionOrNull() as RetryException
    assertThat(thrown.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED)
    assertThat(thrown.lastResult()).isEqualTo("pending")
  }

  @Test
  fun retry_nullResult_isASuccess() = runTest {
    assertThat(virtualRetrier(policy<String?>().build()).retry { null }).isNull()
  }

  @Test
  fun retry_budgetDenies_stopsWithBudgetDenied() = runTest {
    // 2 tokens, retries only while more than 1 remains: the first failure leaves 1, so its retry is denied.
    val retrier = virtualRetrier(policy<String>().withBudget(RetryBudget.tokenBucket(2, 0.1)).build())
    val attempts = AtomicInteger()
    val thrown = runCatching {
      retrier.retry<String> {
        attempts.incrementAndGet()
        throw IOException("down")
      }
    }.exceptionOrNull() as RetryException
    assertThat(thrown.reason()).isEqualTo(StopReason.BUDGET_DENIED)
    assertThat(attempts).hasValue(1)
  }

  @Test
  fun retry_timeBudget_stopsInVirtualTime() = runTest {
    val retrier = virtualRetrier(policy<String>().withMaxAttempts(10).withMaxElapsed(Duration.ofMillis(2_500))
      .build())
    val thrown = runCatching { retrier.retry<String> { throw IOException("down") } }.exceptionOrNull()
      as RetryException
    assertThat(thrown.reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED)
    assertThat(thrown.attempts()).isEqualTo(3) // at 0, 1 and 2 s; the next would start at 3 s > 2.5 s
    assertThat(currentTime).isEqualTo(2_000)
  }

  @Test
  fun retry_emitsTheSameEventsAsTheJavaRetrier() = runTest {
    fun scenario(): () -> String {
      val answers = ArrayDeque<Any>(listOf(IOException("a"), "pending", IOException("b"), "done"))
      return {
        when (val next = answers.removeFirst()) {
          is IOException -> throw next
          else -> next as String
        }
      }
    }
    val javaEvents = Events()
    val clock = FakeClock()
    fun policyWith(events: Events) = policy<String>(events).withMaxAttempts(5).retryIfResult { it == "pending" }
      .withBackoff(Backoff.exponential(Duration.ofMillis(100)).withFullJitter()).build()
    val javaPolicy = policyWith(javaEvents)
    val javaCall = scenario()
    val javaResult = Retrier.builder(javaPolicy).withTicker(clock::nanoTime).withSleeper(clock::sleep)
      .withRandom(Randoms.seeded(42)).build().call { javaCall() }

    val kotlinEvents = Events()
    val kotlinCall = scenario()
    val kotlinResult = virtualRetrier(policyWith(kotlinEvents)).retry { kotlinCall() }

    assertThat(kotlinResult).isEqualTo(javaResult).isEqualTo("done")
    // The same decisions: the same event sequence, attempt numbers and (seeded) waits.
    val javaWaits = javaEvents.all.filterIsInstance<RetryScheduled<*>>().map { it.delay() }
    val kotlinWaits = kotlinEvents.all.filterIsInstance<RetryScheduled<*>>().map { it.delay() }
    assertThat(kotlinEvents.kinds()).containsExactlyElementsOf(javaEvents.kinds())
    assertThat(kotlinWaits).hasSize(3)
    assertThat(kotlinWaits.map { it.toMillis() }).containsExactlyElementsOf(javaWaits.map { it.toMillis() })
    assertThat(currentTime).isEqualTo(kotlinWaits.sumOf { it.toMillis() + if (it.toNanos() % 1_000_000 != 0L) 1 else 0 })
  }

  @Test
  fun retry_attemptTimeout_cancelsTheSlowAttemptAndRetries() = runTest {
    val events = Events()
    val attempts = AtomicInteger()
    val retrier = virtualRetrier(policy<String>(events).withAttemptTimeout(Duration.ofSeconds(2)).build())
    val result = retrier.retry {
      if (attempts.incrementAndGet() == 1) delay(60_000)
      "fast"
    }
    assertThat(result).isEqualTo("fast")
    assertThat(currentTime).isEqualTo(3_000) // 2 s timeout + 1 s wait
    val failed = events.all.filterIsInstance<io.github.backoff.event.AttemptFailed<*>>().single()
    assertThat(failed.failure()).isInstanceOf(AttemptTimeoutException::class.java)
  }

  @Test
  fun retry_nestedTimeoutOfTheBlock_isNotMistakenForTheAttemptTimeout() = runTest {
    val retrier = virtualRetrier(policy<String>().withAttemptTimeout(Duration.ofSeconds(10)).build())
    val thrown = runCatching {
      retrier.retry { kotlinx.coroutines.withTimeout(100) { delay(1_000); "late" } }
    }.exceptionOrNull()
    assertThat(thrown).isInstanceOf(kotlinx.coroutines.TimeoutCancellationException::class.java)
  }

  @Test
  fun retry_interruptedException_stopsWithInterrupted_andRestoresTheFlag() = runTest {
    val attempts = AtomicInteger()
    val thrown = runCatching {
      virtualRetrier(policy<String>().build()).retry<String> {
        attempts.incrementAndGet()
        throw InterruptedException("stop")
      }
    }.exceptionOrNull() as RetryException
    assertThat(Thread.interrupted()).isTrue() // set again by the driver; cleared here
    assertThat(thrown.reason()).isEqualTo(StopReason.INTERRUPTED)
    assertThat(attempts).hasValue(1)
  }

  @Test
  fun retry_manyConcurrentRetries_holdNoThread() = runTest {
    // One test thread runs 200 executions that each wait twice: a blocking wait would stall them all.
    val calls = AtomicInteger()
    val retrier = virtualRetrier(policy<Int>().build())
    val results = (1..200).map { i ->
      async {
        val n = AtomicInteger()
        retrier.retry {
          calls.incrementAndGet()
          if (n.incrementAndGet() < 3) throw IOException("flaky")
          i
        }
      }
    }.map { it.await() }
    assertThat(results).hasSize(200)
    assertThat(calls).hasValue(600)
    assertThat(currentTime).isEqualTo(2_000)
  }

  @Test
  fun policyRetry_runsUnderTheSystemTicker() = runTest {
    val attempts = AtomicInteger()
    val policy = RetryPolicy.builder<String>().withBackoff(Backoff.none()).withMaxAttempts(3).build()
    val result = policy.retry {
      if (attempts.incrementAndGet() < 2) throw IOException("once")
      "ok"
    }
    assertThat(result).isEqualTo("ok")
    assertThat(attempts).hasValue(2)
  }
}
