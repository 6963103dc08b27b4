package io.github.backoff.kotlin

import io.github.backoff.RetryException
import io.github.backoff.RetryPolicy
import io.github.backoff.RetryPolicyBuilder
import io.github.backoff.StopReason
import io.github.backoff.strategy.Backoff
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.flow.catch
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.flowOf
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.launch
import kotlinx.coroutines.test.advanceTimeBy
import kotlinx.coroutines.test.advanceUntilIdle
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runTest
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.io.IOException
import java.time.Duration
import java.util.concurrent.atomic.AtomicInteger

@OptIn(ExperimentalCoroutinesApi::class)
class FlowsTest {
  private fun <T> policy(): RetryPolicyBuilder<T> =
    RetryPolicy.builder<T>().withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(3)
      .build().toBuilder() // a test may set each option once more

  @Test
  fun retryWith_failingCollections_areStartedAgainAfterTheWait() = runTest {
    val events = Events()
    val collections = AtomicInteger()
    val upstream = flow {
      val n = collections.incrementAndGet()
      emit("a$n")
      if (n < 3) throw IOException("broken")
      emit("b$n")
    }
    val seen = upstream.retryWith(virtualRetrier(policy<String>().onEvent(events).build())).toList()
    assertThat(seen).containsExactly("a1", "a2", "a3", "b3") // re-collected from the start, as Flow.retry does
    assertThat(collections).hasValue(3)
    assertThat(currentTime).isEqualTo(2_000)
    assertThat(events.kinds()).containsExactly("AttemptFailed", "RetryScheduled", "AttemptFailed",
      "RetryScheduled", "Succeeded")
  }

  @Test
  fun retryWith_policyStops_failsWithTheRetryException() = runTest {
    val collections = AtomicInteger()
    val upstream = flow<String> {
      collections.incrementAndGet()
      throw IOException("down")
    }
    var failure: Throwable? = null
    upstream.retryWith(virtualRetrier(policy<String>().build())).catch { failure = it }.toList()
    assertThat(failure).isInstanceOf(RetryException::class.java)
    assertThat((failure as RetryException).reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED)
    assertThat(collections).hasValue(3)
  }

  @Test
  fun retryWith_downstreamException_isNotRetried() = runTest {
    val collections = AtomicInteger()
    val upstream = flow {
      collections.incrementAndGet()
      emit(1)
    }
    val thrown = runCatching {
      upstream.retryWith(virtualRetrier(policy<Int>().build())).collect { throw IllegalStateException("collector") }
    }.exceptionOrNull()
    assertThat(thrown).isInstanceOf(IllegalStateException::class.java).hasMessage("collector")
    assertThat(collections).hasValue(1)
  }

  @Test
  fun retryWith_cancellationExceptionUpstream_isNotRetried() = runTest {
    val collections = AtomicInteger()
    val upstream = flow<Int> {
      collections.incrementAndGet()
      throw CancellationException("upstream cancelled")
    }
    val thrown = runCatching { upstream.retryWith(virtualRetrier(policy<Int>().build())).toList() }.exceptionOrNull()
    assertThat(thrown).isInstanceOf(CancellationException::class.java).hasMessage("upstream cancelled")
    assertThat(collections).hasValue(1)
  }

  @Test
  fun retryWith_resultCondition_abandonsTheCollectionAndStartsAgain() = runTest {
    val answers = ArrayDeque(listOf("pending", "pending", "done"))
    val upstream = flow { emit(answers.removeFirst()) }
    val seen = upstream.retryWith(virtualRetrier(policy<String>().retryIfResult { it == "pending" }.build())).toList()
    assertThat(seen).containsExactly("done")
    assertThat(currentTime).isEqualTo(2_000)
  }

  @Test
  fun retryWith_resultConditionExhausted_emitsTheLastResultAndGoesOn() = runTest {
    val upstream = flow {
      emit("pending")
      emit("after")
    }
    val seen = upstream.retryWith(virtualRetrier(policy<String>().retryIfResult { it == "pending" }.build())).toList()
    assertThat(seen).containsExactly("pending", "after")
  }

  @Test
  fun retryWith_resultConditionExhausted_throwsIfThePolicySaysSo() = runTest {
    val upstream = flowOf("pending")
    val policy = policy<String>().retryIfResult { it == "pending" }.throwOnRetryableResult().build()
    val thrown = runCatching { upstream.retryWith(virtualRetrier(policy)).toList() }.exceptionOrNull()
    assertThat((thrown as RetryException).reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED)
  }

  @Test
  fun retryWith_cancelledDuringTheWait_collectsNoMore() = runTest {
    val collections = AtomicInteger()
    val upstream = flow<Int> {
      collections.incrementAndGet()
      throw IOException("down")
    }
    val job = launch { upstream.retryWith(virtualRetrier(policy<Int>().build())).toList() }
    advanceTimeBy(500)
    job.cancel()
    advanceUntilIdle()
    assertThat(collections).hasValue(1)
    assertThat(job.isCancelled).isTrue()
  }

  @Test
  fun retryWith_policyOverload_usesThePolicy() = runTest {
    val collections = AtomicInteger()
    val upstream = flow {
      if (collections.incrementAndGet() < 2) throw IOException("once")
      emit(7)
    }
    val policy = RetryPolicy.builder<Int>().withBackoff(Backoff.none()).withMaxAttempts(2).build()
    assertThat(upstream.retryWith(policy).toList()).containsExactly(7)
  }
}
