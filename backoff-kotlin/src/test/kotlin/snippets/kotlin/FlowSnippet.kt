package snippets.kotlin

// tag::flow[]
import io.github.backoff.RetryPolicy
import io.github.backoff.kotlin.retryWith
import io.github.backoff.strategy.Backoff
import java.io.IOException
import java.time.Duration
import kotlinx.coroutines.flow.Flow
// end::flow[]

fun resilientPrices(prices: () -> Flow<Double>): Flow<Double> {
  // tag::flow[]
  val pricePolicy: RetryPolicy<Double> = RetryPolicy.builder<Double>()
    .withBackoff(Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(5)).withFullJitter())
    .withMaxAttempts(5)
    .retryOn(IOException::class.java)
    .build()
  val feed: Flow<Double> = prices().retryWith(pricePolicy)   // a failed collection is started again, after the wait
  // end::flow[]
  return feed
}
