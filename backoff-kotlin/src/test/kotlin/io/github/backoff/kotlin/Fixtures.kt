package io.github.backoff.kotlin

import io.github.backoff.Retrier
import io.github.backoff.RetryPolicy
import io.github.backoff.event.RetryEvent
import io.github.backoff.event.RetryListener
import io.github.backoff.testing.Randoms
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.test.TestScope
import java.util.concurrent.CopyOnWriteArrayList

@OptIn(ExperimentalCoroutinesApi::class) // TestCoroutineScheduler.currentTime
/** A retrier whose ticker reads the test scheduler's virtual time, with a seeded random source. */
internal fun <T> TestScope.virtualRetrier(policy: RetryPolicy<T>): Retrier<T> =
  Retrier.builder(policy).withTicker { testScheduler.currentTime * 1_000_000L }.withRandom(Randoms.seeded(42)).build()

/** Records every event. */
internal class Events : RetryListener<Any?> {
  val all: MutableList<RetryEvent<*>> = CopyOnWriteArrayList()

  override fun onEvent(event: RetryEvent<*>) {
    all.add(event)
  }

  /** The event types in order, e.g. `[AttemptFailed, RetryScheduled, Succeeded]`. */
  fun kinds(): List<String> = all.map { it.javaClass.simpleName }
}
